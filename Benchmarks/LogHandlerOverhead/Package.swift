// swift-tools-version: 6.0
// The log handler's overhead (issue #20): a package of its own so `swift test` never builds it.
//
//     swift run -c release --package-path Benchmarks/LogHandlerOverhead
import PackageDescription

let package = Package(
    name: "LogHandlerOverhead",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Veil", path: "../.."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "LogHandlerOverhead",
            dependencies: [
                .product(name: "VeilLogging", package: "Veil"),
                .product(name: "VeilRedaction", package: "Veil"),
                .product(name: "Logging", package: "swift-log"),
            ]
        )
    ]
)
