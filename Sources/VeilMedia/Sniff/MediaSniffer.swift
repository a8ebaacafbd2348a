/// What a file holds, told from its first bytes (a few KiB): the magic numbers of images,
/// an asciicast header, an SVG root, terminal escape sequences in text; so a folder search
/// finds terminal media whatever their names, for the cost of one small read per file.
public enum MediaSniffer {
    /// How many bytes a sniff reads.
    public static let prefixLength = 4096

    /// What the first bytes say.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An asciicast recording (a JSON header with a version).
        case recording
        /// Text with terminal escape sequences (a CI log in colour, a `script` typescript).
        case terminalText
        /// An SVG document.
        case svg
        case png, gif, webp, jpeg
        /// Text without escape sequences.
        case plainText
        /// Anything else.
        case binary
        /// No bytes.
        case empty

        /// Whether the kind is an image format.
        public var isImage: Bool { [.png, .gif, .webp, .jpeg].contains(self) }
    }

    /// The kind of a file whose first bytes are `prefix`.
    public static func kind(of prefix: some Collection<UInt8>) -> Kind {
        let bytes = Array(prefix.prefix(prefixLength))
        guard !bytes.isEmpty else { return .empty }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.contains(0) { return .binary }
        if isRecordingHeader(bytes) { return .recording }
        if SVGTerminalCapture.looksLikeSVG(bytes) { return .svg }
        if hasTerminalSequences(bytes) || bytes.starts(with: Array("Script started on ".utf8)) { return .terminalText }
        // Text: valid UTF-8 but for a sequence cut at the end of the prefix.
        let cut = bytes.count == prefixLength ? max(0, bytes.count - 4) : bytes.count
        let head = Array(bytes[0..<cut])
        if String(validating: head, as: UTF8.self) != nil || isMostlyText(bytes) { return .plainText }
        return .binary
    }

    /// An asciicast header: the first non-blank byte opens a JSON object whose first line
    /// names a `"version"` and a size (`"width"` or `"term"`).
    static func isRecordingHeader(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        var start = first
        if bytes[start...].starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return false }
        let line = bytes[start...].prefix { $0 != 0x0A }
        let text = String(decoding: line, as: UTF8.self)
        return text.contains("\"version\"") && (text.contains("\"width\"") || text.contains("\"term\""))
    }

    /// Whether the bytes hold a CSI (`ESC [`) or OSC (`ESC ]`) sequence, or an SGR written
    /// as a caret-free 8-bit form would not be text.
    static func hasTerminalSequences(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while let escape = bytes[index...].firstIndex(of: 0x1B) {
            if escape + 1 < bytes.count,
                bytes[escape + 1] == UInt8(ascii: "[") || bytes[escape + 1] == UInt8(ascii: "]")
            {
                return true
            }
            index = escape + 1
        }
        return false
    }

    /// Text in another encoding: few control bytes other than tabs and line ends.
    static func isMostlyText(_ bytes: [UInt8]) -> Bool {
        let controls = bytes.filter { $0 < 0x20 && ![0x09, 0x0A, 0x0D, 0x0C, 0x1B].contains($0) }.count
        return controls * 100 < bytes.count
    }
}
