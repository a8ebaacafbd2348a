import Foundation
import Synchronization

/// Decides which rules file applies to an input, the same way for every command (`snap`,
/// `scan`, `run`, `audit`, `rules`):
///
/// 1. `--config FILE`, when given, for every input;
/// 2. else a scenario's own `rules:` key;
/// 3. else the nearest `.veil.yml`, looking in the input's folder, then its parent, and so on
///    up to the working directory (included). Standard input, no input, and an input outside
///    the working directory get the working directory's file: Veil never reads a rules file
///    outside the working directory (a shared folder such as `/tmp` could hold anyone's, and
///    a `.veil.yml` can turn rules off);
/// 4. else the built-in rules.
///
/// Files are loaded once per resolver, so an audit of many inputs under one `.veil.yml`
/// compiles it once. How a file is read is the ``reader``'s business: the command line reads
/// the files of an untrusted tree on descriptors inside a root (Veil's `ConfinedRoot`), so a
/// `.veil.yml` that is a symbolic link out of the tree, a FIFO or a device is an error, never
/// followed.
public final class RulesFileResolver: Sendable {
    /// Reads the rules file at `path` (absolute) that `source` chose, naming it `shown` (as
    /// the user or the lookup wrote it) in errors: its bytes, or nil when there is no such file.
    public typealias Reader = @Sendable (_ path: String, _ shown: String, _ source: Source) throws -> [UInt8]?

    /// `--config`, as given (relative to ``workingDirectory``), or nil.
    public let configPath: String?
    /// The folder relative paths are read from, and above which no `.veil.yml` is read.
    public let workingDirectory: String

    private let loaded = Mutex<[String: RuleSet]>([:])
    private let reader: Reader

    /// Where the rules of an input come from.
    public enum Source: Hashable, Sendable {
        /// `--config`.
        case config(String)
        /// A scenario's `rules:` key.
        case scenario(String)
        /// The nearest `.veil.yml` (as a path relative to the working directory when inside it).
        case nearest(String)
        /// The built-in rules.
        case builtIn
    }

    /// - Parameters:
    ///   - configPath: `--config`, or nil.
    ///   - workingDirectory: the current folder (default: the process's).
    ///   - reader: how a chosen file is read (default: ``plainReader``, by name).
    public init(configPath: String?, workingDirectory: String? = nil, reader: Reader? = nil) {
        self.configPath = configPath
        self.workingDirectory = Self.standardized(workingDirectory ?? FileManager.default.currentDirectoryPath)
        self.reader = reader ?? Self.plainReader
    }

    /// Reads a file by name, at most ``RuleFileLimits/maximumFileBytes`` of it: for library
    /// users whose files are their own.
    public static let plainReader: Reader = { path, shown, source in
        if case .nearest = source, (try? FileManager.default.attributesOfItem(atPath: path)) == nil { return nil }
        return Array(try RuleFileLimits.read(URL(fileURLWithPath: path), file: shown).utf8)
    }

    /// Which rules file applies to the input at `inputPath` (nil or `-`: standard input, or
    /// no input at all, as for `veil rules`), a scenario whose `rules:` key is `scenarioRules`.
    public func source(forInputAt inputPath: String? = nil, scenarioRules: String? = nil) -> Source {
        if let configPath { return .config(configPath) }
        if let scenarioRules { return .scenario(scenarioRules) }
        for folder in searchFolders(forInputAt: inputPath) {
            let candidate = (folder as NSString).appendingPathComponent(RuleSet.defaultFileName)
            // The name itself, not what it points to: a symbolic link (even a dangling one)
            // is chosen, and its reader decides whether it may be followed.
            if (try? FileManager.default.attributesOfItem(atPath: candidate)) != nil {
                return .nearest(display(candidate))
            }
        }
        return .builtIn
    }

    /// The rules for an input (see ``source(forInputAt:scenarioRules:)``).
    /// - Throws: ``RuleFileError`` naming the rules file, line and column.
    public func rules(forInputAt inputPath: String? = nil, scenarioRules: String? = nil) throws -> RuleSet {
        let source = source(forInputAt: inputPath, scenarioRules: scenarioRules)
        switch source {
        case .builtIn: return try RuleSet.builtIn
        case let .config(path), let .scenario(path), let .nearest(path): return try load(path, source: source)
        }
    }

    /// A `.veil.yml` above the input (in its folder or a parent) that is outside the working
    /// directory and nearer than any file that applied, so it was not applied: the file a user
    /// who runs Veil from another folder expects (a path as ``source(forInputAt:scenarioRules:)``
    /// shows it, absolute when outside). Nil with `--config`, a scenario's own rules, or when
    /// no such file exists. Only names are looked at; nothing is read. Standard input and no
    /// input look above the working directory.
    public func unappliedFile(forInputAt inputPath: String? = nil, scenarioRules: String? = nil) -> String? {
        guard configPath == nil, scenarioRules == nil else { return nil }
        var folder: String
        if let inputPath, inputPath != "-" {
            let path = Self.standardized(absolute(inputPath))
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            folder =
                exists && isFolder.boolValue ? path : Self.standardized((path as NSString).deletingLastPathComponent)
        } else {
            folder = workingDirectory
        }
        let inside = workingDirectory == "/" ? "/" : workingDirectory + "/"
        while true {
            let candidate = (folder as NSString).appendingPathComponent(RuleSet.defaultFileName)
            let exists = (try? FileManager.default.attributesOfItem(atPath: candidate)) != nil
            if folder == workingDirectory || folder.hasPrefix(inside) {
                if exists { return nil }  // it applied (or a nearer one did)
            } else if exists {
                return display(candidate)
            }
            if folder == "/" { return nil }
            folder = Self.standardized((folder as NSString).deletingLastPathComponent)
        }
    }

    /// The folders searched for `.veil.yml`, nearest first.
    func searchFolders(forInputAt inputPath: String?) -> [String] {
        guard let inputPath, inputPath != "-" else { return [workingDirectory] }
        var folder = Self.standardized((absolute(inputPath) as NSString).deletingLastPathComponent)
        guard folder == workingDirectory || folder.hasPrefix(workingDirectory == "/" ? "/" : workingDirectory + "/")
        else {
            return [workingDirectory]
        }
        var folders = [folder]
        while folder != workingDirectory {
            folder = (folder as NSString).deletingLastPathComponent
            folders.append(folder)
        }
        return folders
    }

    private func load(_ path: String, source: Source) throws -> RuleSet {
        let key = Self.standardized(absolute(path))
        if let rules = loaded.withLock({ $0[key] }) { return rules }
        // Named as the user gave it (or relative to the working directory), read where it is.
        guard let bytes = try reader(absolute(path), path, source) else {
            throw RuleFileError(SourcePosition(file: path, line: 0, column: 0), "no such file")
        }
        let rules = try RuleSet(bytes: bytes, file: path)
        loaded.withLock { $0[key] = rules }
        return rules
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
    }

    /// `path` relative to the working directory when inside it, else absolute.
    private func display(_ path: String) -> String {
        let prefix = workingDirectory == "/" ? "/" : workingDirectory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private static func standardized(_ path: String) -> String {
        let standardized = (path as NSString).standardizingPath
        return standardized.isEmpty ? "/" : standardized
    }
}
