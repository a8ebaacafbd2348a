import Foundation

/// One file `veil audit` will look at, found from the paths it was given.
public struct AuditInputFile: Sendable, Hashable, Comparable {
    /// The path as reported: relative to the current folder when under it, forward slashes.
    public var path: String
    /// The path to open (absolute, or as given).
    public var fileSystemPath: String
    /// Scenario or capture.
    public var kind: AuditedInput.Kind

    /// An input file.
    public init(path: String, fileSystemPath: String, kind: AuditedInput.Kind) {
        self.path = AuditLocation.normalize(path)
        self.fileSystemPath = fileSystemPath
        self.kind = kind
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.path, lhs.kind.rawValue) < (rhs.path, rhs.kind.rawValue)
    }
}

/// Finds the inputs of `veil audit PATH…`.
///
/// - A file given by name is always audited: a scenario when it ends in `.yml` or `.yaml`,
///   else a terminal capture (raw bytes, or an asciicast recording when it ends in `.cast`).
/// - A folder is searched recursively, in sorted order, skipping hidden files and folders
///   and `.build`; it contributes scenarios (`*.veil.yml`) and captures (`*.ans`, `*.ansi`, `*.cast`).
/// - A path that does not exist is reported as an input error.
public enum AuditInputDiscovery {
    /// What discovery found: the files, sorted and without duplicates, and the paths that
    /// could not be read.
    public struct Result: Sendable, Hashable {
        /// The inputs to audit.
        public var files: [AuditInputFile]
        /// Given paths that do not exist or cannot be listed (reported as input errors).
        public var missing: [AuditedInput]
    }

    /// The kind of a file given by name.
    public static func kind(ofNamedFile path: String) -> AuditedInput.Kind {
        let lower = path.lowercased()
        return lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") ? .scenario : .capture
    }

    /// The kind of a file found in a folder, or nil when a folder search skips it.
    public static func kind(ofFoundFile name: String) -> AuditedInput.Kind? {
        let lower = name.lowercased()
        if name.hasPrefix(".") { return nil }
        if lower.hasSuffix(".veil.yml") { return .scenario }
        if lower.hasSuffix(".ans") || lower.hasSuffix(".ansi") || lower.hasSuffix(".cast") { return .capture }
        return nil
    }

    /// `path` as reports show it: relative to `currentFolder` when it lies under it.
    public static func reportPath(_ path: String, currentFolder: String) -> String {
        var result = path
        let base = currentFolder.hasSuffix("/") ? currentFolder : currentFolder + "/"
        if result.hasPrefix(base) { result.removeFirst(base.count) }
        result = AuditLocation.normalize(result)
        return result.isEmpty ? "." : result
    }

    /// The inputs of `paths`, resolved against `currentFolder`.
    public static func discover(_ paths: [String], currentFolder: String) -> Result {
        let fileManager = FileManager.default
        var files: Set<AuditInputFile> = []
        var missing: [AuditedInput] = []
        for given in paths {
            let absolute = given.hasPrefix("/") ? given : (currentFolder as NSString).appendingPathComponent(given)
            let standardized = (absolute as NSString).standardizingPath
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: standardized, isDirectory: &isFolder) else {
                let shown = reportPath(standardized, currentFolder: currentFolder)
                missing.append(AuditedInput(path: shown, kind: kind(ofNamedFile: given),
                                            error: InputError(path: shown, message: "no such file or folder")))
                continue
            }
            if !isFolder.boolValue {
                files.insert(AuditInputFile(path: reportPath(standardized, currentFolder: currentFolder),
                                            fileSystemPath: standardized, kind: kind(ofNamedFile: given)))
                continue
            }
            var found: [AuditInputFile] = []
            if let error = search(folder: standardized, currentFolder: currentFolder, into: &found) {
                missing.append(error)
            }
            files.formUnion(found)
        }
        return Result(files: files.sorted(), missing: missing.sorted())
    }

    private static func search(folder: String, currentFolder: String, into found: inout [AuditInputFile]) -> AuditedInput? {
        let fileManager = FileManager.default
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            let shown = reportPath(folder, currentFolder: currentFolder)
            return AuditedInput(path: shown, kind: .capture, error: InputError(path: shown, message: "cannot list the folder"))
        }
        for name in names where !name.hasPrefix(".") && name != ".build" {
            let child = (folder as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: child, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                _ = search(folder: child, currentFolder: currentFolder, into: &found)
            } else if let kind = kind(ofFoundFile: name) {
                found.append(AuditInputFile(path: reportPath(child, currentFolder: currentFolder),
                                            fileSystemPath: child, kind: kind))
            }
        }
        return nil
    }
}

/// `--shard K/N`: the stable K-th of N disjoint parts of the inputs (K is 1-based).
///
/// An input belongs to part `fnv1a64(path) % N + 1`, where `path` is its report path, so
/// the parts do not depend on the order or number of other inputs, are disjoint, and
/// together cover every input.
public struct AuditShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based part number.
    public let index: Int
    /// Number of parts.
    public let count: Int

    /// A shard; nil unless `1 ≤ index ≤ count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the input with report path `path` belongs to this part.
    public func contains(path: String) -> Bool {
        Int(Self.fnv1a64(AuditLocation.normalize(path)) % UInt64(count)) + 1 == index
    }

    /// 64-bit FNV-1a of the UTF-8 bytes.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
