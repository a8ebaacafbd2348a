/// A file that may hold terminal media and was not audited (or a part of one that was not
/// read, such as an image inside a recording), and why: an audit never passes a file it
/// could not read as if it were clean.
public struct AuditSkippedMedia: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file, repository-relative (a line is part of ``reason`` for a part of a file).
    public var path: String
    /// What it is (`image`, `svg`, `capture`, `text`).
    public var kind: String
    /// Why it was not audited: `OCR is unavailable (libtesseract.so.5 not found …)`, `not a
    /// terminal image (no text on a character grid)`, `is 300 MiB; the limit is 256 MiB`.
    public var reason: String

    public init(path: String, kind: String, reason: String) {
        self.path = AuditLocation.normalize(path)
        self.kind = kind
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.path, lhs.kind, lhs.reason) < (rhs.path, rhs.kind, rhs.reason)
    }
}
