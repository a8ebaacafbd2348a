import Foundation
import VeilRedaction

extension Scenario {
    /// Where the files a scenario names (`screen.file`, `show`, `rules`) are read from: a
    /// ``ConfinedRoot`` and the scenario's own folder inside it. A path is taken relative to
    /// that folder and must stay inside the root (see ``ConfinedRoot``).
    public struct Location: Sendable, Hashable {
        /// The root every named file must lie inside.
        public var root: ConfinedRoot
        /// The scenario's folder relative to the root, as bytes (empty: the root itself).
        public var folder: [UInt8]

        public init(root: ConfinedRoot, folder: [UInt8] = []) {
            self.root = root
            self.folder = folder
        }

        /// The scenario's own folder as the root (what `veil run` uses without `--root`).
        public init(besides scenarioPath: String, allowsOutside: Bool = false) {
            let folder = (scenarioPath as NSString).deletingLastPathComponent
            self.init(root: ConfinedRoot(path: folder.isEmpty ? "." : folder, allowsOutside: allowsOutside))
        }

        /// `--root DIR` of `veil run`: the scenario at `scenarioPath` must lie inside `root`.
        /// - Throws: ``InputError`` when it does not, or a folder cannot be resolved.
        public init(scenarioPath: String, root: String, allowsOutside: Bool) throws {
            let folder = (scenarioPath as NSString).deletingLastPathComponent
            guard let realFolder = Self.realPath(folder.isEmpty ? "." : folder) else {
                throw InputError(path: scenarioPath, message: "its folder cannot be resolved")
            }
            guard let realRoot = Self.realPath(root) else {
                throw InputError(path: root, message: "no such folder (--root)")
            }
            let rootPrefix = realRoot.hasSuffix("/") ? realRoot : realRoot + "/"
            guard realFolder == realRoot || realFolder.hasPrefix(rootPrefix) else {
                throw InputError(path: scenarioPath, message: "is not inside --root \(root)")
            }
            let inside = realFolder == realRoot ? "" : String(realFolder.dropFirst(rootPrefix.count))
            self.init(root: ConfinedRoot(path: root, allowsOutside: allowsOutside), folder: Array(inside.utf8))
        }

        private static func realPath(_ path: String) -> String? {
            guard let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return String(cString: real)
        }

        /// The bytes of `reference` (as the scenario wrote it), at most `limit`.
        /// - Throws: ``InputError`` naming `reference` with why it was refused.
        func read(_ reference: String, limit: Int) throws -> [UInt8] {
            try root.read(reference: reference, from: folder, limit: limit, shown: reference)
        }
    }

    /// Loads a scenario that lies at `relative` inside `root` (a file an audit found), read
    /// through the root; `shown` names it in errors.
    /// - Throws: ``InputError``.
    public static func load(relative: [UInt8], in root: ConfinedRoot, shown: String) throws -> Scenario {
        let bytes: [UInt8]
        do {
            bytes = try root.read(relative, limit: maximumFileBytes, shown: shown)
        } catch let failure as ConfinedRoot.Failure {
            throw InputError(path: shown, message: failure.message)
        }
        let folder = Array(
            relative.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).dropLast()
                .joined(separator: [UInt8(ascii: "/")]))
        return try parse(bytes, path: shown, location: Location(root: root, folder: folder))
    }

    /// Loads a scenario named on the command line (`veil run`): the files it names are read
    /// inside `root` (its own folder when nil).
    /// - Throws: ``InputError``.
    public static func load(path: String, root: String?, allowsOutside: Bool) throws -> Scenario {
        let location =
            try root.map { try Location(scenarioPath: path, root: $0, allowsOutside: allowsOutside) }
            ?? Location(besides: path, allowsOutside: allowsOutside)
        let bytes = try InputFile.bytes(from: path, limit: maximumFileBytes)
        return try parse(bytes, path: path, location: location)
    }

    /// The scenario's own rules (`rules:`), read inside its root; nil when it names none.
    /// - Throws: ``InputError`` at the `rules:` key when the file is refused, else the rules
    ///   file's own error.
    public func ownRules() throws -> RuleSet? {
        guard let rulesPath else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try location.read(rulesPath, limit: RuleFileLimits.maximumFileBytes)
        } catch let error as InputError {
            throw InputError(
                path: path, line: rulesPosition?.line, column: rulesPosition?.column,
                message: "rules \(rulesPath): \(error.message)")
        }
        return try RuleSet(bytes: bytes, file: ownRulesShownPath ?? rulesPath)
    }

    /// How messages and reports name the scenario's own rules file: its `rules:` path from
    /// the scenario's folder (`..` and `.` applied as written); nil when it names none.
    public var ownRulesShownPath: String? {
        guard let rulesPath else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        if rulesPath.hasPrefix("/") || folder.isEmpty { return rulesPath }
        var parts: [Substring] = []
        for part in ((folder as NSString).appendingPathComponent(rulesPath)).split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (folder.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

extension Scenario {
    /// The rules for this scenario, in ``RulesFileResolver``'s order: `--config`, else its
    /// own `rules:` (read inside its root), else the nearest `.veil.yml` from its folder up
    /// to the working directory, else the built-in rules.
    /// - Throws: ``InputError`` or the rules file's own error.
    public func rules(from resolver: RulesFileResolver) throws -> RuleSet {
        if resolver.configPath == nil, let own = try ownRules() { return own }
        return try resolver.rules(forInputAt: path)
    }

    /// Which rules file ``rules(from:)`` applies, as reports name it.
    public func rulesSource(from resolver: RulesFileResolver) -> RulesFileResolver.Source {
        resolver.source(forInputAt: path, scenarioRules: resolver.configPath == nil ? ownRulesShownPath : nil)
    }
}
