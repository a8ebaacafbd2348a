#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import VeilMedia

extension AuditInputDiscovery {
    /// The kind of a file by what its first bytes hold (``MediaSniffer``): an SVG, an image
    /// (PNG, GIF, WebP, JPEG), a capture (an asciicast header, text with terminal escapes);
    /// nil for anything else.
    static func kind(ofContent prefix: [UInt8]) -> AuditedInput.Kind? {
        switch MediaSniffer.kind(of: prefix) {
        case .recording, .terminalText: .capture
        case .svg: .svg
        case .png, .gif, .webp, .jpeg: .image
        case .plainText, .binary, .empty: nil
        }
    }

    /// The kind of a file given by name: a scenario or tape by its name, else by its content
    /// (an SVG or an image whatever it is called), else a capture.
    static func kind(ofNamedFile path: String, root: ConfinedRoot, relative: [UInt8]) -> AuditedInput.Kind {
        let byName = kind(ofNamedFile: path)
        guard byName == .capture else { return byName }
        guard let descriptor = try? root.open(relative) else { return byName }
        defer { close(descriptor) }
        let prefix = readPrefix(descriptor)
        return kind(ofContent: prefix).map { $0 == .capture ? .capture : $0 } ?? .capture
    }

    /// Up to ``MediaSniffer/prefixLength`` bytes from the start of an open file.
    static func readPrefix(_ descriptor: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: MediaSniffer.prefixLength)
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes {
                read(descriptor, $0.baseAddress! + filled, $0.count - filled)
            }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }

    /// Names of text files that often hold terminal output (logs, typescripts): a folder
    /// search names them when they hold plain text, with the command that scans text.
    static func isLogName(_ name: [UInt8]) -> Bool {
        let lower = String(decoding: name, as: UTF8.self).lowercased()
        return [".log", ".txt", ".out", ".typescript", ".transcript"].contains { lower.hasSuffix($0) }
            || ["typescript", "output", "log"].contains(lower)
    }
}

extension FolderSearch {
    /// A regular file that no name rule matched: an input when its first bytes show
    /// terminal media (``AuditInputDiscovery/kind(ofContent:)``); else a log's name is
    /// listed as plain text (`veil scan --text` reads it), and the rest are counted.
    mutating func examine(_ name: [UInt8], relative: [UInt8], in folder: Int32) {
        let descriptor = ConfinedRoot.withCString(name) {
            openat(folder, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            let reason = "cannot be opened to tell what it holds (\(String(cString: strerror(errno))))"
            skipped.append("\(shown(relative)): \(reason)")
            notAudited.append(AuditSkippedMedia(path: shown(relative), kind: "unknown", reason: reason))
            return
        }
        let prefix = AuditInputDiscovery.readPrefix(descriptor)
        close(descriptor)
        if let kind = AuditInputDiscovery.kind(ofContent: prefix) {
            found.append(AuditInputFile(path: shown(relative), root: root, relative: relative, kind: kind))
        } else if AuditInputDiscovery.isLogName(name), MediaSniffer.kind(of: prefix) == .plainText {
            skipped.append(
                "\(shown(relative)): plain text without terminal escapes, not a capture (veil scan --text scans text)")
        } else {
            otherFiles += 1
        }
    }
}
