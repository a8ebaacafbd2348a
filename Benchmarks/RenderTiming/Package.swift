// swift-tools-version: 6.0
// Timing harness for VeilRender (not part of the main package, so `swift test` never builds
// it). Run from the repository root:
//   swift run -c release --package-path Benchmarks/RenderTiming render-timing
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between checkouts.
let veilRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
let veil = veilRoot.lastPathComponent.lowercased()

let package = Package(
    name: "RenderTiming",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: veilRoot.path)],
    targets: [
        .executableTarget(
            name: "render-timing",
            dependencies: [
                .product(name: "VeilRender", package: veil),
                .product(name: "VeilScreen", package: veil),
            ]
        )
    ]
)
