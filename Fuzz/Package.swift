// swift-tools-version: 6.0
// libFuzzer targets for Veil. A separate package so that `swift build` and `swift test` at the
// root never build it. Build and run through `Fuzz/run` (see README.md).
import PackageDescription

let veil = "Veil"

let package = Package(
    name: "VeilFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: veil, path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver", .product(name: "VeilScreen", package: veil)]),
        .executableTarget(
            name: "fuzz-parser",
            dependencies: ["FuzzSupport", .product(name: "VeilScreen", package: veil)]
        ),
        .executableTarget(
            name: "fuzz-rules",
            dependencies: [
                "FuzzSupport",
                .product(name: "VeilScreen", package: veil),
                .product(name: "VeilRedaction", package: veil),
            ]
        ),
        .executableTarget(
            name: "fuzz-scenario",
            dependencies: [
                "FuzzSupport",
                .product(name: "Veil", package: veil),
                .product(name: "VeilRedaction", package: veil),
                .product(name: "VeilScreen", package: veil),
            ]
        ),
        .executableTarget(
            name: "fuzz-asciicast",
            dependencies: [
                "FuzzSupport", .product(name: "Veil", package: veil), .product(name: "VeilScreen", package: veil),
            ]
        ),
        .executableTarget(
            name: "fuzz-png", dependencies: ["FuzzSupport", .product(name: "VeilRender", package: veil)]),
    ]
)
