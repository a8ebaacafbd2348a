import Foundation
import Testing

/// Portable by construction (Docs/building.md promises Linux and macOS 15): every platform module
/// is imported behind `#if canImport`, no other package's internal target is imported, and
/// every Linux-only call of the C targets sits behind a feature test (with a fallback next
/// to it). These read the sources, so a new file is checked as soon as it exists.
@Suite struct PortabilityTests {
    /// The repository's root (this file is `Tests/VeilTests/PortabilityTests.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Modules that exist on some platforms only.
    static let platformModules: Set<String> = [
        "Glibc", "Musl", "Darwin", "Bionic", "Android", "WinSDK", "ucrt", "_FoundationICU", "FoundationXML",
        "FoundationNetworking",
    ]

    /// What a source may import besides its own package's targets: the standard library's
    /// and the toolchain's modules, and the products of the dependencies in Package.swift.
    static let allowedImports: Set<String> = [
        "Foundation", "FoundationEssentials", "Dispatch", "Synchronization", "Testing", "XCTest",
        "ArgumentParser", "Yams", "Crypto", "Logging", "PackageDescription",
    ]

    /// Every `.swift` file under the folders that hold code.
    static func swiftFiles() throws -> [URL] {
        try ["Sources", "Tests", "Benchmarks", "Fuzz"].flatMap { try files(under: $0, extensions: ["swift"]) }
    }

    static func files(under folder: String, extensions: Set<String>) throws -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            if url.pathComponents.contains(".build") || url.pathComponents.contains("Fixtures") {
                walker.skipDescendants()
                continue
            }
            if extensions.contains(url.pathExtension) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The package's own target names (`name: "…"` of every target in Package.swift, and of
    /// the benchmark and fuzz packages).
    static func ownTargets() throws -> Set<String> {
        var names: Set<String> = []
        let manifests =
            ["Package.swift"]
            + (try files(under: "Benchmarks", extensions: ["swift"]))
            .map { $0.path } + (try files(under: "Fuzz", extensions: ["swift"])).map { $0.path }
        for path in manifests where path.hasSuffix("Package.swift") {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: /\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name: "([^"]+)"/)
            {
                names.insert(String(match.output.1))
            }
        }
        return names
    }

    /// The imports of a Swift file with the `#if` conditions around each.
    static func imports(in text: String) -> [(module: String, conditions: [String], line: Int)] {
        var conditions: [String] = []
        var found: [(String, [String], Int)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                conditions.append(String(line.dropFirst(4)))
            } else if line.hasPrefix("#elseif ") {
                if !conditions.isEmpty { conditions[conditions.count - 1] = String(line.dropFirst(8)) }
            } else if line.hasPrefix("#else") {
                if !conditions.isEmpty {
                    conditions[conditions.count - 1] = "!(" + conditions[conditions.count - 1] + ")"
                }
            } else if line.hasPrefix("#endif") {
                _ = conditions.popLast()
            } else if line.contains("import "),  // Swift's regex, slow, only where it can match
                let match = line.wholeMatch(
                    of:
                        /(?:@testable |@_exported |@preconcurrency |(?:public|package|internal) )?import (?:struct |enum |class |func |protocol |typealias )?([A-Za-z_][A-Za-z0-9_]*).*/
                )
            {
                found.append((String(match.output.1), conditions, index + 1))
            }
        }
        return found
    }

    @Test func platformModulesAreImportedBehindCanImport() throws {
        var unguarded: [String] = []
        for file in try Self.swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for item in Self.imports(in: text) where Self.platformModules.contains(item.module) {
                let guarded = item.conditions.contains {
                    $0.contains("canImport(\(item.module))") && !$0.hasPrefix("!")
                }
                if !guarded { unguarded.append("\(file.path):\(item.line): import \(item.module)") }
            }
        }
        #expect(unguarded.isEmpty, "unguarded platform imports:\n\(unguarded.joined(separator: "\n"))")
    }

    @Test func onlyOwnTargetsAndDependencyProductsAreImported() throws {
        let allowed = Self.allowedImports.union(Self.platformModules).union(try Self.ownTargets())
        var foreign: [String] = []
        for file in try Self.swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for item in Self.imports(in: text) where !allowed.contains(item.module) {
                foreign.append("\(file.path):\(item.line): import \(item.module)")
            }
        }
        #expect(
            foreign.isEmpty,
            "imports of modules that are no product of a dependency:\n\(foreign.joined(separator: "\n"))")
    }

    /// Calls and constants that only Linux (or glibc) has.
    static let linuxOnly = [
        "pipe2(", "dup3(", "accept4(", "SYS_close_range", "SYS_pidfd_open", "close_range(", "pidfd_open(",
        "mallopt(", "malloc_trim(", "M_TRIM_THRESHOLD", "M_MMAP_THRESHOLD", "prctl(", "signalfd(", "epoll_",
        "<malloc.h>", "<sys/prctl.h>", "<sys/epoll.h>", "<sys/signalfd.h>",
    ]

    @Test func linuxOnlyCallsInTheCTargetsSitBehindAFeatureTest() throws {
        var bare: [String] = []
        for file in try Self.files(under: "Sources", extensions: ["c", "h"]) {
            let text = try String(contentsOf: file, encoding: .utf8)
            var depth = 0
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("#if") {  // #if, #ifdef, #ifndef
                    // An include guard (`#ifndef NAME_H`) guards nothing platform-specific.
                    if !(line.hasPrefix("#ifndef ") && line.hasSuffix("_H")) { depth += 1 }
                    continue
                }
                if line.hasPrefix("#endif") {
                    depth = max(0, depth - 1)
                    continue
                }
                guard depth == 0, !line.hasPrefix("//"), !line.hasPrefix("/*"), !line.hasPrefix("*") else { continue }
                for name in Self.linuxOnly where line.contains(name) {
                    bare.append("\(file.path):\(index + 1): \(name)")
                }
            }
        }
        #expect(bare.isEmpty, "Linux-only calls outside a feature test:\n\(bare.joined(separator: "\n"))")
    }

    /// The checks catch what they are for (each would pass on anything if they could not).
    @Test func theChecksFindAnUnguardedImportAndAForeignOne() {
        let unguarded = Self.imports(in: "import Foundation\nimport Glibc\n")
        #expect(unguarded.contains { $0.module == "Glibc" && $0.conditions.isEmpty })
        let guarded = Self.imports(
            in: "#if canImport(Glibc)\n    import Glibc\n#elseif canImport(Darwin)\n    import Darwin\n#endif\n")
        #expect(guarded.first { $0.module == "Glibc" }?.conditions == ["canImport(Glibc)"])
        #expect(guarded.first { $0.module == "Darwin" }?.conditions == ["canImport(Darwin)"])
        #expect(Self.imports(in: "@testable import Veil\ninternal import CYaml\n").map(\.module) == ["Veil", "CYaml"])
    }
}
