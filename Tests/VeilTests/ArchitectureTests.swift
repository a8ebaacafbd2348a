import Foundation
import Testing

/// ARCHITECTURE.md stays true to the code: its code map has a section for every target of
/// Package.swift and none for a target that is gone, each target's section names every
/// folder of that target, and its dependency list is the one Package.swift declares.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A target of Package.swift: its name, folder and dependencies (`[Product]` for another
    /// package's product).
    struct Target: Equatable {
        var name: String
        var path: String
        var dependencies: [String]
        var isTest: Bool
    }

    /// The targets of a manifest's text, in order.
    static func targets(inManifest text: String) -> [Target] {
        var found: [Target] = []
        let opening = /\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/
        let matches = text.matches(of: opening)
        for (index, match) in matches.enumerated() {
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : text.endIndex
            let body = text[match.range.upperBound..<end]
            let kind = String(match.output.1)
            let name = String(match.output.2)
            var dependencies: [String] = []
            if let start = body.range(of: "dependencies:") {
                // The list up to its closing bracket, brackets balanced.
                var depth = 0
                var list = ""
                for character in body[start.upperBound...] {
                    if character == "[" { depth += 1 }
                    if character == "]" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    if depth > 0 { list.append(character) }
                }
                var rest = Substring(list)
                while let item = rest.firstMatch(of: /\.product\(\s*name:\s*"([^"]+)"[^)]*\)|"([^"]+)"/) {
                    if let product = item.output.1 {
                        dependencies.append("[\(product)]")
                    } else if let target = item.output.2 {
                        dependencies.append(String(target))
                    }
                    rest = rest[item.range.upperBound...]
                }
            }
            let path = body.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.output.1) }
            found.append(
                Target(
                    name: name, path: path ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)"),
                    dependencies: dependencies, isTest: kind == "testTarget"))
        }
        return found
    }

    /// The `### `Name`` sections of the code map, each with its text.
    static func sections(of text: String) -> [String: String] {
        var sections: [String: String] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                current = nil
            } else if line.hasPrefix("### ") {
                current = line.firstMatch(of: /^### `([^`]+)`/).map { String($0.output.1) } ?? String(line.dropFirst(4))
                if let current { sections[current] = "" }
            } else if let current {
                sections[current, default: ""] += line + "\n"
            }
        }
        return sections
    }

    /// The dependency list: the lines `Name → A, B` of the code map's first fenced block.
    static func dependencyList(in text: String) -> [String: [String]] {
        guard let map = text.range(of: "## Code map"),
            let open = text.range(of: "```\n", range: map.upperBound..<text.endIndex),
            let close = text.range(of: "```", range: open.upperBound..<text.endIndex)
        else { return [:] }
        var list: [String: [String]] = [:]
        for line in text[open.upperBound..<close.lowerBound].split(separator: "\n") {
            let parts = line.split(separator: "→", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            list[name] = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
        }
        return list
    }

    /// The folders directly inside `path` (a C target's `include` is the compiler's, not a part).
    static func folders(in path: String) -> [String] {
        let url = root.appendingPathComponent(path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue && !name.hasPrefix(".") && name != "include"
        }.sorted()
    }

    /// The heading of the one section for all C targets.
    static let cTargetsHeading = "The C targets"

    static func load() throws -> (targets: [Target], architecture: String) {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let architecture = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        return (targets(inManifest: manifest).filter { !$0.isTest }, architecture)
    }

    @Test func everyTargetHasASectionAndEverySectionATarget() throws {
        let (targets, architecture) = try Self.load()
        let sections = Self.sections(of: architecture)
        let names = Set(targets.map(\.name))
        // The C targets share one section, which names each.
        let cSection = sections[Self.cTargetsHeading] ?? ""
        let missing = names.filter { sections[$0] == nil && !($0.hasPrefix("C") && cSection.contains("`\($0)`")) }
        #expect(missing.isEmpty, "targets without a section in ARCHITECTURE.md: \(missing.sorted())")
        let stale = sections.keys.filter { $0 != Self.cTargetsHeading && !names.contains($0) }
        #expect(stale.isEmpty, "ARCHITECTURE.md has sections for targets Package.swift does not: \(stale.sorted())")
        // Every top-level folder of Sources/ is a target's folder.
        let sourceFolders = Set(Self.folders(in: "Sources").map { "Sources/\($0)" })
        let targetFolders = Set(targets.map(\.path))
        #expect(sourceFolders.subtracting(targetFolders).isEmpty, "folders of Sources/ that are no target")
    }

    @Test func everyTargetsSectionNamesEachOfItsFolders() throws {
        let (targets, architecture) = try Self.load()
        let sections = Self.sections(of: architecture)
        var unnamed: [String] = []
        for target in targets {
            guard let section = sections[target.name] else { continue }  // reported above
            for folder in Self.folders(in: target.path) where !section.contains("`\(folder)/`") {
                unnamed.append("\(target.path)/\(folder)")
            }
        }
        #expect(unnamed.isEmpty, "folders ARCHITECTURE.md's code map does not name (as `Folder/`): \(unnamed)")
    }

    @Test func theDependencyListIsPackageSwifts() throws {
        let (targets, architecture) = try Self.load()
        let listed = Self.dependencyList(in: architecture)
        var differences: [String] = []
        for target in targets {
            guard let edges = listed[target.name] else {
                differences.append("\(target.name): not in the list")
                continue
            }
            if Set(edges) != Set(target.dependencies) {
                differences.append("\(target.name): listed \(edges), Package.swift \(target.dependencies)")
            }
        }
        for name in listed.keys where !targets.contains(where: { $0.name == name }) {
            differences.append("\(name): listed, but no target")
        }
        #expect(
            differences.isEmpty,
            "ARCHITECTURE.md's dependency list differs from Package.swift:\n\(differences.joined(separator: "\n"))")
    }

    /// The checks see what they are for: a manifest's targets and edges, a missing section.
    @Test func theChecksReadAManifestAndFindWhatIsMissing() {
        let manifest = """
            .target(name: "A", dependencies: ["B", .product(name: "Yams", package: "Yams")]),
            .target(name: "B", path: "Elsewhere/B"),
            .testTarget(name: "ATests", dependencies: ["A"]),
            """
        let targets = Self.targets(inManifest: manifest)
        #expect(targets.map(\.name) == ["A", "B", "ATests"])
        #expect(targets[0].dependencies == ["B", "[Yams]"])
        #expect(targets[1].path == "Elsewhere/B" && targets[1].dependencies.isEmpty)
        #expect(targets[2].isTest)
        let map = "## Code map\n\n```\nA → B, [Yams]\nB →\n```\n\n### `A`\n\nHolds `Model/`.\n\n## Next\n"
        #expect(Self.dependencyList(in: map) == ["A": ["B", "[Yams]"], "B": []])
        #expect(Self.sections(of: map) == ["A": "\nHolds `Model/`.\n\n"])
        #expect(Self.sections(of: map)["B"] == nil)
    }
}
