plugins {
    alias(libs.plugins.android.application)
}

android {
    namespace = "app.rokada"
    compileSdk = 36

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

    sourceSets {
        named("main") {
            // UniFFI Kotlin bindings of the core, written by scripts/gen-bindings.sh.
            kotlin.srcDir("../../build/bindings/kotlin")
            // librokada_core.so per ABI comes from src/main/jniLibs/<abi>/ (the default).
        }
    }
}

// Plain JVM unit tests load the host-built core through JNA.
val hostCoreLibraryDir = rootProject.file("../target/release").path

tasks.withType<Test>().configureEach {
    useJUnitPlatform()
    systemProperty("jna.library.path", hostCoreLibraryDir)
}

dependencies {
    // The aar carries JNA's native dispatch library for each Android ABI.
    implementation(variantOf(libs.jna) { artifactType("aar") })

    // The jar carries it for desktop hosts, where unit tests run.
    testImplementation(libs.jna)
    testImplementation(platform(libs.junit.bom))
    testImplementation(libs.junit.jupiter)
    testRuntimeOnly(libs.junit.platform.launcher)
}
