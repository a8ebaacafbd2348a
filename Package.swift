// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Veil",
    // macOS 15 for `Mutex` (Synchronization); Linux needs nothing more than Swift 6.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "veil", targets: ["veil"]),
        .library(name: "VeilLifecycle", targets: ["VeilLifecycle"]),
        .library(name: "VeilScreen", targets: ["VeilScreen"]),
        .library(name: "VeilRedaction", targets: ["VeilRedaction"]),
        .library(name: "VeilRender", targets: ["VeilRender"]),
        .library(name: "Veil", targets: ["Veil"]),
        .library(name: "VeilLogging", targets: ["VeilLogging"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // 1.16.2: `LogHandler.log(event:)`, the entry point that carries an event's error.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // libpng, found through pkg-config (Debian/Ubuntu: apt-get install libpng-dev).
        .systemLibrary(
            name: "CLibPNG",
            path: "Sources/CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // libyaml's event API: the limits on a YAML document's shape are checked on its events
        // before Yams composes it. Only the header comes from the system (Debian/Ubuntu:
        // apt-get install libyaml-dev; macOS: brew install libyaml); the code is the copy of
        // libyaml that Yams compiles into veil, so no shared library is added (Yams' own module
        // for it is an internal target, which veil does not import). VeilYAMLTests checks
        // that the header and that copy agree.
        .systemLibrary(
            name: "CLibYAML",
            path: "Sources/CLibYAML",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The libpng call sequences behind setjmp; the image data's deflate stream by libdeflate,
        // opened at run time through CVeilLibraries when installed (Debian: libdeflate0), else zlib.
        .target(
            name: "CVeilPNG", dependencies: ["CLibPNG", "CVeilLibraries"],
            cSettings: [.define("VEIL_FAULT_INJECTION", .when(configuration: .debug))]),
        // Process-level C: the signal handlers that remove the temporary files of atomic writes in
        // flight and stop a child program; the executable's allocator settings.
        .target(name: "CVeilSignals"),
        // Shared libraries loaded only when a format needs them (dlopen), so Veil runs without them.
        .target(name: "CVeilLibraries", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // GIF (giflib) and animated WebP (libwebp) codecs: built with the libraries' headers, the
        // libraries opened at run time through CVeilLibraries (Debian: libgif-dev, libwebp-dev).
        .target(
            name: "CVeilMedia", dependencies: ["CVeilLibraries"],
            cSettings: [.define("VEIL_FAULT_INJECTION", .when(configuration: .debug))]),
        // The child side of running a program in a pseudo-terminal (fork → exec, no Swift in between).
        .target(name: "CVeilPty", dependencies: ["CVeilSignals"]),
        // Bundled data: font, default rules, demo scenario.
        .target(
            name: "VeilResources",
            path: "Resources",
            exclude: ["README.md"],
            resources: [.copy("Fonts"), .copy("Rules"), .copy("Demo")]
        ),
        .target(name: "VeilLifecycle"),
        .target(name: "VeilScreen"),
        // Reading terminal media that are not plain terminal bytes: the strings of escape
        // sequences no terminal draws, typed input, JSON with positions (recordings'
        // metadata). Knows nothing of detection.
        .target(name: "VeilMedia", dependencies: ["VeilRender", "CVeilMedia"]),
        // Reading YAML with positions, limits and "did you mean" (rules files and scenarios).
        .target(name: "VeilYAML", dependencies: ["CLibYAML", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "VeilRedaction",
            dependencies: [
                "VeilScreen", "VeilResources", "VeilYAML",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // ICU's C regex API (the toolchain's _FoundationICU) counts regex work in steps.
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        .target(
            name: "VeilRender",
            dependencies: ["VeilScreen", "CVeilPNG", "CVeilMedia", "CVeilSignals", "VeilResources"],
            // Fault injection for the process-level tests: debug builds only (see FaultInjection.swift).
            swiftSettings: [.define("VEIL_FAULT_INJECTION", .when(configuration: .debug))]
        ),
        // A swift-log handler that redacts messages, metadata and sources with the rules.
        .target(name: "VeilLogging", dependencies: ["VeilRedaction", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "Veil",
            dependencies: [
                "VeilLifecycle", "VeilScreen", "VeilRedaction", "VeilRender", "VeilResources", "VeilYAML",
                "VeilMedia", "CVeilPty", "CVeilSignals",
                .product(name: "Yams", package: "Yams"),
                // SHA-256 of the HTML report's own style and script, for its Content-Security-Policy.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "veil",
            dependencies: [
                "Veil", "VeilLifecycle", "VeilMedia", "VeilRedaction", "VeilRender", "VeilScreen", "VeilYAML",
                "CVeilSignals",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Generators shared by the property tests: seeded randomness, random screens and
        // terminal sessions, valid random secrets for every built-in detector.
        .target(name: "VeilTestSupport", dependencies: ["VeilScreen"], path: "Tests/VeilTestSupport"),
        .testTarget(name: "VeilLifecycleTests", dependencies: ["VeilLifecycle", "VeilTestSupport"]),
        .testTarget(name: "VeilResourcesTests", dependencies: ["VeilResources"]),
        .testTarget(
            name: "VeilScreenTests", dependencies: ["VeilScreen", "VeilTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "VeilYAMLTests", dependencies: ["VeilYAML"]),
        .testTarget(name: "VeilMediaTests", dependencies: ["VeilMedia", "VeilRender"]),
        .testTarget(
            name: "VeilRedactionTests", dependencies: ["VeilRedaction", "VeilScreen", "VeilYAML", "VeilTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "VeilRenderTests",
            dependencies: ["VeilRender", "VeilScreen", "CVeilPNG", "CVeilMedia", "CVeilSignals", "VeilTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "VeilTests",
            dependencies: [
                "Veil", "VeilLifecycle", "VeilMedia", "VeilRedaction", "VeilRender", "VeilScreen", "VeilTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "VeilLoggingTests",
            dependencies: [
                "VeilLogging", "VeilRedaction", "VeilTestSupport", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "VeilCLITests",
            dependencies: ["Veil", "VeilRender", "VeilRedaction", "VeilScreen", "VeilLifecycle", "VeilTestSupport"],
            resources: [.copy("Fixtures")]),
    ]
)
