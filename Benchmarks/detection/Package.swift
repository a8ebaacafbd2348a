// swift-tools-version: 6.0
// Detection on the small stacked screens of a recording's exposure scan, timed per call
// (not part of the main package, so `swift test` never builds it):
//   swift run -c release --package-path Benchmarks/detection detect-bench FILE.cast [repetitions]
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between checkouts.
let veilRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
let veil = veilRoot.lastPathComponent.lowercased()

let package = Package(
    name: "DetectionBenchmark",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: veilRoot.path)],
    targets: [
        .executableTarget(
            name: "detect-bench",
            dependencies: [
                .product(name: "VeilScreen", package: veil),
                .product(name: "VeilRedaction", package: veil),
                .product(name: "Veil", package: veil),
            ]
        )
    ]
)
