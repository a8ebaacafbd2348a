import Foundation

/// A range of text in a file, 1-based, as SARIF counts it.
///
/// Columns count Unicode scalars (SARIF's `unicodeCodePoints`). `endColumn` is the column
/// just after the last character, so a region that covers `- home` at line 12, column 3 is
/// `12:3–12:9`, and a region whose end equals its start is an insertion point.
public struct AuditRegion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// First line, 1-based.
    public let startLine: Int
    /// Column of the first character, 1-based.
    public let startColumn: Int
    /// Last line, 1-based.
    public let endLine: Int
    /// Column after the last character, 1-based.
    public let endColumn: Int

    /// A region; every value must be ≥ 1 and the end must not precede the start.
    public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
        precondition(
            startLine >= 1 && startColumn >= 1 && endLine >= 1 && endColumn >= 1,
            "AuditRegion lines and columns are 1-based")
        precondition((endLine, endColumn) >= (startLine, startColumn), "AuditRegion ends before it starts")
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
    }

    /// The region of `length` characters on one line, starting at `column`.
    public init(line: Int, column: Int, length: Int = 0) {
        self.init(startLine: line, startColumn: column, endLine: line, endColumn: column + max(0, length))
    }

    /// Line 1, column 1: where a finding in a whole capture file points.
    public static let fileStart = AuditRegion(line: 1, column: 1)

    /// `line:column`.
    public var description: String { "\(startLine):\(startColumn)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.startLine, lhs.startColumn, lhs.endLine, lhs.endColumn)
            < (rhs.startLine, rhs.startColumn, rhs.endLine, rhs.endColumn)
    }
}

/// A place in a repository file: a scenario's timeline step or a position in a capture.
public struct AuditLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The repository-relative path, with forward slashes and no leading `./`.
    public let path: String
    /// The range in that file.
    public let region: AuditRegion

    /// A location; `path` is normalized (`\` → `/`, leading `./` dropped).
    public init(path: String, region: AuditRegion) {
        self.path = AuditLocation.normalize(path)
        self.region = region
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(region)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.path, lhs.region) < (rhs.path, rhs.region)
    }

    /// Forward slashes, no leading `./`, no doubled slashes.
    static func normalize(_ path: String) -> String {
        var result = path.replacingOccurrences(of: "\\", with: "/")
        while result.contains("//") { result = result.replacingOccurrences(of: "//", with: "/") }
        while result.hasPrefix("./") { result.removeFirst(2) }
        return result
    }
}

/// Cells of the snapshot's screen that held the finding: one row, `width` cells from `col`.
public struct ScreenSpan: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0-based row.
    public let row: Int
    /// 0-based column of the first cell.
    public let col: Int
    /// Number of cells (a wide character counts two).
    public let width: Int

    /// A span; `row` and `col` must be ≥ 0 and `width` ≥ 1.
    public init(row: Int, col: Int, width: Int) {
        precondition(row >= 0 && col >= 0 && width >= 1, "ScreenSpan needs row, col ≥ 0 and width ≥ 1")
        self.row = row
        self.col = col
        self.width = width
    }

    /// `row,col+width`, e.g. `5,10+19`.
    public var description: String { "\(row),\(col)+\(width)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.row, lhs.col, lhs.width) < (rhs.row, rhs.col, rhs.width)
    }
}
