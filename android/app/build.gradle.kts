import org.gradle.process.ExecOperations
import javax.inject.Inject

plugins {
    alias(libs.plugins.android.application)
}

android {
    namespace = "app.rokada"
    compileSdk = 36
    // cargo-ndk builds the core with this NDK (r28c); Android Studio's SDK
    // Manager installs it, or the build downloads it when licences are accepted.
    ndkVersion = "28.2.13676358"

    defaultConfig {
        applicationId = "app.rokada"
        minSdk = 24
        targetSdk = 36
        versionCode = 1
        versionName = "0.1.0"
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    lint {
        // The bindings are generated sources: check them too (NewApi above all).
        checkGeneratedSources = true
        abortOnError = true
        lintConfig = file("lint.xml")
    }

    testOptions {
        // Robolectric runs the screens with the app's merged resources.
        unitTests.isIncludeAndroidResources = true
    }
}

/** The repository root: the Cargo workspace, its lockfile and uniffi.toml. */
val workspaceDir: Directory = rootProject.layout.projectDirectory.dir("..")

/** A task that runs the Rust toolchain, and says what to install when it is missing. */
abstract class RustTask : DefaultTask() {
    @get:Inject
    abstract val execOperations: ExecOperations

    protected fun require(command: List<String>, missing: String) {
        val ran = try {
            execOperations.exec {
                commandLine(command)
                isIgnoreExitValue = true
                standardOutput = java.io.OutputStream.nullOutputStream()
                errorOutput = java.io.OutputStream.nullOutputStream()
            }.exitValue == 0
        } catch (_: Exception) {
            false
        }
        if (!ran) throw GradleException(missing)
    }

    protected fun requireCargo() =
        require(listOf("cargo", "--version"), "cargo is missing: install Rust from rustup.rs")
}

/**
 * Builds librokada_core.so for each ABI with cargo-ndk, release profile,
 * into a folder laid out as jniLibs (<abi>/librokada_core.so).
 */
abstract class CargoNdkBuild : RustTask() {
    @get:Input
    abstract val abis: ListProperty<String>

    @get:Input
    abstract val platform: Property<Int>

    /** What the libraries are built from: any change rebuilds them. */
    @get:InputFiles
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val sources: ConfigurableFileCollection

    @get:Internal
    abstract val workspace: DirectoryProperty

    @get:Internal
    abstract val ndk: DirectoryProperty

    @get:OutputDirectory
    abstract val outputDir: DirectoryProperty

    @TaskAction
    fun build() {
        requireCargo()
        require(listOf("cargo", "ndk", "--version"), "cargo-ndk is missing: cargo install cargo-ndk")
        val out = outputDir.get().asFile
        out.deleteRecursively()
        val targets = abis.get().flatMap { listOf("-t", it) }
        execOperations.exec {
            workingDir = workspace.get().asFile
            environment("ANDROID_NDK_HOME", ndk.get().asFile.path)
            commandLine(
                listOf("cargo", "ndk") + targets +
                    listOf("--platform", platform.get().toString(), "-o", out.path) +
                    listOf("build", "--release", "--locked", "-p", "rokada-core"),
            )
        }
        for (abi in abis.get()) {
            if (!out.resolve("$abi/librokada_core.so").isFile) {
                throw GradleException(
                    "cargo-ndk built no $abi/librokada_core.so: is the Rust target installed? " +
                        "rustup target add aarch64-linux-android armv7-linux-androideabi x86_64-linux-android",
                )
            }
        }
    }
}

/**
 * Generates the Kotlin bindings (package app.rokada.core) with the
 * workspace's own uniffi-bindgen, in library mode from a host debug build of
 * the core: release builds are stripped of the metadata it reads, and the
 * interface is the same on every target.
 */
abstract class UniffiBindings : RustTask() {
    @get:InputFiles
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val sources: ConfigurableFileCollection

    @get:Internal
    abstract val workspace: DirectoryProperty

    @get:OutputDirectory
    abstract val outputDir: DirectoryProperty

    @TaskAction
    fun generate() {
        requireCargo()
        val root = workspace.get().asFile
        execOperations.exec {
            workingDir = root
            commandLine("cargo", "build", "--locked", "-p", "rokada-core", "-p", "uniffi-bindgen")
        }
        val os = System.getProperty("os.name").lowercase()
        val library = when {
            "mac" in os -> "librokada_core.dylib"
            "windows" in os -> "rokada_core.dll"
            else -> "librokada_core.so"
        }
        val out = outputDir.get().asFile
        out.deleteRecursively()
        execOperations.exec {
            workingDir = root
            commandLine(
                root.resolve("target/debug/uniffi-bindgen").path, "generate",
                "--config", "uniffi.toml", "--language", "kotlin", "--no-format",
                "--out-dir", out.path, root.resolve("target/debug/$library").path,
            )
        }
        val kotlin = out.resolve("app/rokada/core/rokada_core.kt")
        if (!kotlin.isFile || !kotlin.readText().contains("\npackage app.rokada.core\n")) {
            throw GradleException(
                "uniffi-bindgen wrote no bindings in package app.rokada.core: was uniffi.toml applied?",
            )
        }
    }
}

val rustSources = files(
    workspaceDir.file("Cargo.toml"),
    workspaceDir.file("Cargo.lock"),
    workspaceDir.dir("rust-core/src"),
    workspaceDir.file("rust-core/Cargo.toml"),
)

val cargoNdkBuild = tasks.register<CargoNdkBuild>("cargoNdkBuild") {
    description = "Builds the Rust core for each Android ABI with cargo-ndk."
    abis.set(listOf("arm64-v8a", "armeabi-v7a", "x86_64"))
    platform.set(android.defaultConfig.minSdk ?: 24)
    sources.from(rustSources)
    workspace.set(workspaceDir)
    ndk.set(androidComponents.sdkComponents.ndkDirectory)
    outputDir.set(layout.buildDirectory.dir("generated/rust/jniLibs"))
}

val uniffiBindings = tasks.register<UniffiBindings>("uniffiBindings") {
    description = "Generates the Kotlin bindings of the Rust core with uniffi-bindgen."
    sources.from(rustSources, workspaceDir.file("uniffi.toml"), workspaceDir.dir("uniffi-bindgen/src"))
    workspace.set(workspaceDir)
    outputDir.set(layout.buildDirectory.dir("generated/uniffi/kotlin"))
}

androidComponents {
    onVariants { variant ->
        variant.sources.jniLibs?.addGeneratedSourceDirectory(cargoNdkBuild, CargoNdkBuild::outputDir)
        variant.sources.kotlin?.addGeneratedSourceDirectory(uniffiBindings, UniffiBindings::outputDir)
    }
}

// Unit tests (plain JVM and Robolectric) load the host build of the core
// through JNA: uniffiBindings has just built it, in debug.
tasks.withType<Test>().configureEach {
    dependsOn(uniffiBindings)
    useJUnitPlatform()
    systemProperty("jna.library.path", workspaceDir.dir("target/debug").asFile.path)
}

dependencies {
    // The aar carries JNA's native dispatch library for each Android ABI.
    implementation(variantOf(libs.jna) { artifactType("aar") })

    // The jar carries it for desktop hosts, where unit tests run.
    testImplementation(libs.jna)
    testImplementation(platform(libs.junit.bom))
    testImplementation(libs.junit.jupiter)
    // Robolectric's runner is JUnit 4: the vintage engine runs it on the platform.
    testImplementation(libs.junit.vintage.engine)
    testImplementation(libs.robolectric)
    testRuntimeOnly(libs.junit.platform.launcher)
}
