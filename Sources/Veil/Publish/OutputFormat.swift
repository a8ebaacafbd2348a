/// What `veil redact` and `veil record` write, chosen by the output's extension or
/// `--format`.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    /// An asciicast recording (the input's version; `veil record`: version 2).
    case cast
    /// Terminal bytes (a raw capture's redaction).
    case ans
    /// An animated GIF (giflib).
    case gif
    /// A lossless animated WebP (libwebp).
    case webp
    /// An animated SVG (text and rectangles, CSS keyframes).
    case svg

    /// The formats drawn as pictures (every frame rendered), as opposed to re-encoded terminal
    /// bytes.
    public var isPicture: Bool { self == .gif || self == .webp || self == .svg }

    /// The list a user sees in messages: `.cast, .ans, .gif, .webp, .svg`.
    public static var listing: String { allCases.map { "." + $0.rawValue }.joined(separator: ", ") }

    /// The format of the file at `path` by its extension (case-insensitive), or nil.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The format to write `path` in: `explicit` when given, else the extension's.
    /// - Throws: ``OutputFormatError`` listing the formats.
    public static func of(path: String, explicit: OutputFormat? = nil) throws(OutputFormatError) -> OutputFormat {
        if let explicit { return explicit }
        guard let format = OutputFormat(path: path) else { throw OutputFormatError(path: path) }
        return format
    }
}

/// An output whose extension names no format Veil writes.
public struct OutputFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output path as given.
    public var path: String

    public var description: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.lastIndex(of: ".").map { String(name[$0...]) }
        let what = ext.map { "'\($0)' is not a format Veil writes" } ?? "no extension tells the format"
        return "\(path): \(what); the formats are \(OutputFormat.listing) (or give --format)"
    }
}
