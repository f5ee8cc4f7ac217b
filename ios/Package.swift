// swift-tools-version:6.0
// RokadaKit: everything of the iOS app that is not SwiftUI or
// Network.framework, so that it builds and is tested on Linux too.
import PackageDescription

// The C side of the UniFFI bindings: on Apple platforms the XCFramework that
// scripts/build-ios.sh makes (it carries the header and module map); on
// Linux the header and module map from scripts/gen-bindings.sh, linked
// against a host-built librokada_core.
#if os(Linux)
let coreFFI: Target = .systemLibrary(name: "rokada_coreFFI", path: "Sources/rokada_coreFFI")
#else
let coreFFI: Target = .binaryTarget(name: "rokada_coreFFI", path: "RokadaCoreFFI.xcframework")
#endif

let package = Package(
    name: "Rokada",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "RokadaKit", targets: ["RokadaKit"]),
    ],
    targets: [
        coreFFI,
        .target(name: "RokadaCore", dependencies: ["rokada_coreFFI"]),
        .target(name: "RokadaKit", dependencies: ["RokadaCore"]),
        .testTarget(name: "RokadaKitTests", dependencies: ["RokadaKit"]),
    ]
)
