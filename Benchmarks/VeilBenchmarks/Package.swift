// swift-tools-version: 6.0
// The benchmark harness of issue #8 (not part of the main package, so `swift test` never
// builds it). Normally run through `Benchmarks/compare`; by hand:
//   Benchmarks/inputs/make-inputs.py /tmp/veil-bench-inputs
//   swift run -c release --package-path Benchmarks/VeilBenchmarks veil-bench /tmp/veil-bench-inputs
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between checkouts.
let veilRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
let veil = veilRoot.lastPathComponent.lowercased()

let package = Package(
    name: "VeilBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: veilRoot.path)],
    targets: [
        // Counts malloc calls of the whole process (glibc: wraps __libc_malloc and friends).
        .target(name: "CMallocCounter"),
        .executableTarget(
            name: "veil-bench",
            dependencies: [
                "CMallocCounter",
                .product(name: "Veil", package: veil),
                .product(name: "VeilScreen", package: veil),
                .product(name: "VeilRedaction", package: veil),
                .product(name: "VeilRender", package: veil),
                .product(name: "VeilLifecycle", package: veil),
            ]
        ),
    ]
)
