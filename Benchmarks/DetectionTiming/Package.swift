// swift-tools-version: 6.0
// The detection timing harness: a package of its own so `swift test` never builds it.
//
//     swift run -c release --package-path Benchmarks/DetectionTiming
import PackageDescription

let package = Package(
    name: "DetectionTiming",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Veil", path: "../..")],
    targets: [
        .executableTarget(
            name: "DetectionTiming",
            dependencies: [
                .product(name: "VeilRedaction", package: "Veil"),
                .product(name: "VeilScreen", package: "Veil"),
            ]
        ),
    ]
)
