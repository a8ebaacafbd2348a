#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// One file `veil audit` will look at, found from the paths it was given.
public struct AuditInputFile: Sendable, Hashable, Comparable {
    /// The path as reported: relative to the current folder when under it, forward slashes;
    /// bytes that are not UTF-8 shown as `%FF` (``DisplayPath``).
    public var path: String
    /// The folder the file was found in (the audited path), which everything it names must
    /// lie inside.
    public var root: ConfinedRoot
    /// The file's path relative to ``root``, as bytes (opened by its bytes, never decoded).
    public var relative: [UInt8]
    /// Scenario or capture.
    public var kind: AuditedInput.Kind

    /// An input file.
    public init(path: String, root: ConfinedRoot, relative: [UInt8], kind: AuditedInput.Kind) {
        self.path = AuditLocation.normalize(path)
        self.root = root
        self.relative = relative
        self.kind = kind
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.path, lhs.kind.rawValue) < (rhs.path, rhs.kind.rawValue)
    }
}

/// Finds the inputs of `veil audit PATH…`.
///
/// - A file given by name is always audited: a scenario when it ends in `.yml` or `.yaml`, a
///   tape when it ends in `.tape`, else by its content an SVG capture or an image, else a
///   terminal capture (raw bytes, or an asciicast recording when it ends in `.cast`).
///   Its root is the current folder when it lies under it, else its own folder.
/// - A path given by name is taken as typed (`.` and `..` lexically, never through the file
///   system). Under the current folder (the audited tree in CI, whose names the Action and
///   pre-commit pass) it is confined like a file found by the walk: a file or folder reached
///   through a symbolic link out of the current folder is an input error, never read.
/// - A folder is its inputs' root. It is searched recursively on file descriptors
///   (`openat`, `fdopendir`), in byte order of the names, skipping hidden files and folders
///   and `.build`; it contributes scenarios (`*.veil.yml`), captures (`*.ans`, `*.ansi`, `*.cast`),
///   tapes (`*.tape`) and SVGs (`*.svg`) by name, and by content (the first 4 KiB) any other
///   regular file that is an image, an SVG, an asciicast recording or text with terminal
///   escapes (a CI log in colour, a typescript); plain-text logs are listed as skipped with
///   the command that scans text, and the other files counted.
///   Names are bytes: a name that is not UTF-8 and a path longer than `PATH_MAX` are audited
///   like any other. Symbolic links to folders are not followed (no loops, nothing outside);
///   a symbolic link named like an input is an input, read only when its target lies inside
///   the root (else an input error); a FIFO, socket or device named like an input is an input
///   error, never opened. Every skipped entry is listed in ``Result/skipped`` (`--verbose`).
/// - A folder's own `.veilignore` (read inside it) and the `--exclude` patterns leave out the
///   paths they match (``IgnoreRules``); a file given by name is audited all the same.
/// - A path that does not exist, and a folder that cannot be listed, are input errors.
public enum AuditInputDiscovery {
    /// What discovery found: the files, sorted and without duplicates, and the paths that
    /// could not be read.
    public struct Result: Sendable, Hashable {
        /// The inputs to audit.
        public var files: [AuditInputFile]
        /// Given paths that do not exist or cannot be listed (reported as input errors).
        public var missing: [AuditedInput]
        /// What the folder search skipped and why (`path: reason`), for `--verbose`.
        public var skipped: [String] = []
        /// The paths a `.veilignore` of the audited tree left out (a file a pull request can
        /// change: said even without `--verbose`).
        public var leftOutByTree: [String] = []
        /// Files that may hold terminal media and will not be audited, and why (reported).
        public var notAudited: [AuditSkippedMedia] = []
    }

    /// The kind of a file given by name.
    public static func kind(ofNamedFile path: String) -> AuditedInput.Kind {
        let lower = path.lowercased()
        if lower.hasSuffix(".tape") { return .tape }
        if lower.hasSuffix(".svg") { return .svg }
        return lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") ? .scenario : .capture
    }

    /// The kind of a file found in a folder, or nil when a folder search skips it.
    public static func kind(ofFoundFile name: String) -> AuditedInput.Kind? {
        kind(ofFoundName: Array(name.utf8))
    }

    /// ``kind(ofFoundFile:)`` of a name's bytes (ASCII letters compared without case).
    static func kind(ofFoundName name: [UInt8]) -> AuditedInput.Kind? {
        if name.first == UInt8(ascii: ".") { return nil }
        let lower = name.suffix(9).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        func ends(_ suffix: String) -> Bool {
            lower.count >= suffix.utf8.count && lower.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
        }
        if ends(".veil.yml") { return .scenario }
        if ends(".ans") || ends(".ansi") || ends(".cast") { return .capture }
        if ends(".tape") { return .tape }
        if ends(".svg") { return .svg }
        return nil
    }

    /// `path` as reports show it: relative to `currentFolder` when it lies under it.
    public static func reportPath(_ path: String, currentFolder: String) -> String {
        var result = path
        let base = currentFolder.hasSuffix("/") ? currentFolder : currentFolder + "/"
        if result.hasPrefix(base) { result.removeFirst(base.count) } else if result == currentFolder { result = "" }
        result = AuditLocation.normalize(result)
        return result.isEmpty ? "." : result
    }

    /// The inputs of `paths`, resolved against `currentFolder`; `allowsOutside` is
    /// `--allow-outside-root` for the files the inputs name.
    /// `excludes` are the `--exclude` patterns, applied in every folder after its `.veilignore`.
    public static func discover(
        _ paths: [String], currentFolder: String, allowsOutside: Bool = false,
        excludes: [String] = []
    ) -> Result {
        var files: [String: AuditInputFile] = [:]
        var missing: [AuditedInput] = []
        var skipped: [String] = []
        var leftOutByTree: [String] = []
        var notAudited: [AuditSkippedMedia] = []
        for given in paths {
            let absolute = given.hasPrefix("/") ? given : (currentFolder as NSString).appendingPathComponent(given)
            let standardized = lexicallyAbsolute(absolute)
            let shown = reportPath(standardized, currentFolder: currentFolder)
            var status = stat()
            // A path given on the command line is followed (it is the user's, not the input's)
            // unless it lies in the current folder's tree: then no link may lead out of it.
            guard stat(standardized, &status) == 0 || lstat(standardized, &status) == 0 else {
                missing.append(
                    AuditedInput(
                        path: shown, kind: kind(ofNamedFile: given),
                        error: InputError(path: shown, message: "no such file or folder")))
                continue
            }
            let base = lexicallyAbsolute(currentFolder)
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if (status.st_mode & S_IFMT) == S_IFDIR, standardized == base || standardized.hasPrefix(prefix) {
                let relative = standardized == base ? "" : String(standardized.dropFirst(prefix.count))
                do {
                    let descriptor = try ConfinedRoot(path: base).openFolder(Array(relative.utf8))
                    close(descriptor)
                } catch {
                    missing.append(
                        AuditedInput(
                            path: shown, kind: .capture,
                            error: InputError(path: shown, message: error.message)))
                    continue
                }
            }
            if (status.st_mode & S_IFMT) != S_IFDIR {
                let base = currentFolder.hasSuffix("/") ? currentFolder : currentFolder + "/"
                let root: String
                let relative: String
                if standardized.hasPrefix(base) {
                    (root, relative) = (currentFolder, String(standardized.dropFirst(base.count)))
                } else {
                    (root, relative) = (
                        (standardized as NSString).deletingLastPathComponent,
                        (standardized as NSString).lastPathComponent
                    )
                }
                let confined = ConfinedRoot(path: root, allowsOutside: allowsOutside)
                let file = AuditInputFile(
                    path: shown, root: confined, relative: Array(relative.utf8),
                    kind: kind(ofNamedFile: given, root: confined, relative: Array(relative.utf8)))
                if files["\(file.kind):\(file.path)"] == nil { files["\(file.kind):\(file.path)"] = file }
                continue
            }
            let root = ConfinedRoot(path: standardized, allowsOutside: allowsOutside)
            var ignore = IgnoreRules()
            let ignoreShown = shown == "." ? IgnoreRules.fileName : shown + "/" + IgnoreRules.fileName
            do {
                let bytes = try root.read(
                    Array(IgnoreRules.fileName.utf8), limit: IgnoreRules.maximumFileBytes,
                    shown: ignoreShown)
                ignore = IgnoreRules(parsing: bytes, source: ignoreShown)
            } catch ConfinedRoot.Failure.missing {
                // No ignore file: nothing left out but the --exclude patterns.
            } catch {
                let message = (error as? ConfinedRoot.Failure)?.message ?? (error as? InputError)?.message ?? "\(error)"
                missing.append(
                    AuditedInput(
                        path: ignoreShown, kind: .capture,
                        error: InputError(path: ignoreShown, message: message)))
            }
            var search = FolderSearch(
                root: root, shownRoot: shown,
                ignore: ignore.followed(by: IgnoreRules(excludes: excludes)))
            search.run()
            let assets = scenarioAssets(search.found, root: root)
            for file in search.found where files["\(file.kind):\(file.path)"] == nil {
                if file.kind == .capture, let owner = assets[file.relative] {
                    skipped.append("\(file.path): a screen of the scenario \(owner), audited with it")
                    continue
                }
                files["\(file.kind):\(file.path)"] = file
            }
            missing += search.errors
            skipped += search.skipped
            leftOutByTree += search.leftOutByTree
            notAudited += search.notAudited
            if search.otherFiles > 0 {
                skipped.append(
                    "\(shown): \(search.otherFiles) other \(search.otherFiles == 1 ? "file holds" : "files hold") no terminal media (no image or SVG signature, no asciicast header, no terminal escapes)"
                )
            }
        }
        return Result(
            files: files.values.sorted(), missing: missing.sorted(), skipped: skipped, leftOutByTree: leftOutByTree,
            notAudited: notAudited.sorted())
    }
}

extension AuditInputDiscovery {
    /// `path` (absolute) with `.` and empty components removed and `..` taking the previous
    /// component away, as typed: never through the file system, which would follow links.
    static func lexicallyAbsolute(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The files the scenarios among `found` name as their screens (`screen.file`, `show`),
    /// as paths relative to `root`, each with the scenario (report path) that names it. A
    /// folder search leaves them out as captures: the scenario audits them at the moments it
    /// shows them, covered as it covers them. A scenario that does not load names nothing
    /// here (its audit reports why).
    static func scenarioAssets(_ found: [AuditInputFile], root: ConfinedRoot) -> [[UInt8]: String] {
        var assets: [[UInt8]: String] = [:]
        for file in found where file.kind == .scenario {
            guard let scenario = try? Scenario.load(relative: file.relative, in: root, shown: file.path) else {
                continue
            }
            for reference in scenario.fileReferences.keys.sorted() where !reference.hasPrefix("/") {
                let joined = ConfinedRoot.join(scenario.location.folder, Array(reference.utf8))
                guard let relative = lexicallyNormalized(joined), assets[relative] == nil else { continue }
                assets[relative] = file.path
            }
        }
        return assets
    }

    /// `path` with `.` and empty components removed and `..` applied; nil when `..` climbs
    /// above the start.
    static func lexicallyNormalized(_ path: [UInt8]) -> [UInt8]? {
        var parts: [ArraySlice<UInt8>] = []
        for part in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                guard parts.popLast() != nil else { return nil }
                continue
            }
            parts.append(part)
        }
        return Array(parts.joined(separator: [UInt8(ascii: "/")]))
    }
}

/// The search of one folder on file descriptors (see ``AuditInputDiscovery``).
struct FolderSearch {
    let root: ConfinedRoot
    /// How reports show the root (`.` for the current folder).
    let shownRoot: String
    var found: [AuditInputFile] = []
    var errors: [AuditedInput] = []
    var skipped: [String] = []
    /// The paths the tree's `.veilignore` left out.
    var leftOutByTree: [String] = []
    /// Regular files that could not be examined (they may hold terminal media).
    var notAudited: [AuditSkippedMedia] = []
    /// Regular files that are no input by name or content (source code, documents).
    var otherFiles = 0
    /// The `.veilignore` and `--exclude` patterns.
    var ignore = IgnoreRules()

    /// An open folder being listed: its stream, its path relative to the root, and its
    /// entries still to look at (the next one last).
    private struct Level {
        var stream: OpaquePointer
        var relative: [UInt8]
        var pending: [[UInt8]]
    }

    init(root: ConfinedRoot, shownRoot: String, ignore: IgnoreRules = IgnoreRules()) {
        self.root = root
        self.shownRoot = shownRoot
        self.ignore = ignore
    }

    /// How reports show `relative`.
    func shown(_ relative: [UInt8]) -> String {
        let name = DisplayPath.shown(relative)
        return shownRoot == "." ? name : shownRoot + "/" + name
    }

    mutating func run() {
        let descriptor = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, let stream = openLevel(descriptor, relative: []) else {
            let reason = String(cString: strerror(errno))
            errors.append(
                AuditedInput(
                    path: shownRoot, kind: .capture,
                    error: InputError(path: shownRoot, message: "cannot list the folder (\(reason))")))
            return
        }
        var levels = [stream]
        defer { for level in levels { closedir(level.stream) } }
        while !levels.isEmpty {
            guard let name = levels[levels.count - 1].pending.popLast() else {
                closedir(levels.removeLast().stream)
                continue
            }
            let level = levels[levels.count - 1]
            let folder = dirfd(level.stream)
            let relative = ConfinedRoot.join(level.relative, name)
            let kind = AuditInputDiscovery.kind(ofFoundName: name)
            if name.first == UInt8(ascii: ".") || name == Array(".build".utf8) {
                skipped.append("\(shown(relative)): hidden, not searched")
                continue
            }
            var status = stat()
            let statted = ConfinedRoot.withCString(name) { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) } == 0
            guard statted else {
                let reason = String(cString: strerror(errno))
                if let kind {
                    let error = InputError(path: shown(relative), message: "cannot be read (\(reason))")
                    errors.append(AuditedInput(path: shown(relative), kind: kind, error: error))
                } else {
                    skipped.append("\(shown(relative)): cannot be examined (\(reason))")
                }
                continue
            }
            let type = status.st_mode & S_IFMT
            if let rule = ignore.exclusion(of: relative, isFolder: type == S_IFDIR) {
                skipped.append("\(shown(relative)): excluded by \(rule.source) '\(rule.text)'")
                if !rule.isCommandLine { leftOutByTree.append(shown(relative)) }
                continue
            }
            if let kind {
                // A regular file, a link (read only inside the root) or anything else (refused
                // when read): every candidate is an input, none is skipped silently.
                if type == S_IFDIR {
                    skipped.append("\(shown(relative)): a folder named like an input, searched as a folder")
                } else {
                    found.append(AuditInputFile(path: shown(relative), root: root, relative: relative, kind: kind))
                    continue
                }
            }
            switch type {
            case S_IFDIR:
                let child = ConfinedRoot.withCString(name) {
                    openat(folder, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                guard child >= 0, let next = openLevel(child, relative: relative) else {
                    let reason = String(cString: strerror(errno))
                    let error = InputError(path: shown(relative), message: "cannot list the folder (\(reason))")
                    errors.append(AuditedInput(path: shown(relative), kind: .capture, error: error))
                    continue
                }
                levels.append(next)
            case S_IFLNK:
                skipped.append("\(shown(relative)): a symbolic link, not followed")
            case S_IFREG:
                examine(name, relative: relative, in: folder)  // not an input by its name: by its content?
            default:
                break
            }
        }
    }

    /// Lists the folder open on `descriptor` (which the stream then owns), names in
    /// descending byte order so that popping gives ascending order.
    private func openLevel(_ descriptor: Int32, relative: [UInt8]) -> Level? {
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            return nil
        }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        names.sort { $0.lexicographicallyPrecedes($1) }
        return Level(stream: stream, relative: relative, pending: names.reversed())
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
