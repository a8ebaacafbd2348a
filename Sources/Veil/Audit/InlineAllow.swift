import Foundation

/// `veil:allow ID` markers written in an input, each allowing one finding where it stands
/// (like `gitleaks:allow` and `pragma: allowlist secret`):
///
/// - in a scenario, a YAML comment on the line of a timeline step,
///   `- home  # veil:allow card-number`, allows the findings of that rule (or with that
///   fingerprint) at that step;
/// - in an asciicast recording, a marker event `[t, "m", "veil:allow card-number"]` allows
///   the findings of that rule (or with that fingerprint) in the recording's snapshot.
///
/// `ID` is a rule id or a finding's fingerprint (stable across runs only under a baseline's
/// or `VEIL_FINGERPRINT_SALT`'s salt); several may follow one marker, separated by spaces or
/// commas. An allowed finding stays in the report, suppressed in source (SARIF
/// `suppressions: [{kind: inSource}]`, text `[allowed: …]`). Life-cycle findings are never
/// allowed.
public struct InlineAllow: Sendable, Hashable {
    /// The ids allowed, by the 1-based line they apply to; line 0 means the whole input
    /// (a recording's marker).
    public private(set) var idsByLine: [Int: Set<String>] = [:]
    /// Where each line's marker was written (`path:line`), for the report.
    public private(set) var places: [Int: String] = [:]

    /// The word that starts a marker.
    public static let keyword = "veil:allow"

    /// No markers.
    public init() {}

    /// The markers of a scenario's text: YAML comments on their own step's line.
    public init(scenario bytes: [UInt8], path: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let comment = Self.comment(in: Substring(line)), let ids = Self.ids(after: comment) else { continue }
            idsByLine[index + 1, default: []].formUnion(ids)
            places[index + 1] = "\(path):\(index + 1)"
        }
    }

    /// The markers of an asciicast recording: its `"m"` events.
    public init(recording bytes: [UInt8], path: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index > 0 {
            addMarker(in: line, number: index + 1, path: path)
        }
    }

    /// The markers of the recording `source` holds, read a chunk at a time (a recording of
    /// any length in bounded memory); only lines holding the keyword are parsed.
    /// - Throws: ``InputError`` naming the source when it cannot be read.
    init(recording source: CaptureSource, path: String) throws {
        let keyword = Array(Self.keyword.utf8)
        var lines = InputLines(try source.open())
        try lines.forEach { line, position, _ in
            if position.line > 1 && line.contains(bytes: keyword) {
                addMarker(in: Substring(String(decoding: line, as: UTF8.self)), number: position.line, path: path)
            }
            return true
        }
    }

    /// Adds the ids of line `number` of a recording when it is a `veil:allow` marker event.
    private mutating func addMarker(in line: Substring, number: Int, path: String) {
        guard line.contains(Self.keyword),
            let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], event.count >= 3,
            event[1] as? String == "m", let label = event[2] as? String,
            let ids = Self.ids(after: Substring(label))
        else { return }
        idsByLine[0, default: []].formUnion(ids)
        if places[0] == nil { places[0] = "\(path):\(number)" }
    }

    /// Whether there are no markers.
    public var isEmpty: Bool { idsByLine.isEmpty }

    /// The place of the marker that allows `finding`, or nil when none does.
    public func allowing(_ finding: AuditFinding) -> String? {
        guard finding.category != .lifecycle else { return nil }
        for line in [finding.location.region.startLine, 0] {
            if let ids = idsByLine[line], ids.contains(finding.ruleID) || ids.contains(finding.fingerprint) {
                return places[line]
            }
        }
        return nil
    }

    /// The ids after `veil:allow` at the start of `text` (leading spaces skipped); nil when
    /// `text` is not a marker or names no id.
    static func ids(after text: Substring) -> Set<String>? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix(keyword) else { return nil }
        let rest = trimmed.dropFirst(keyword.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        let ids = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }).map(String.init)
        return ids.isEmpty ? nil : Set(ids)
    }

    /// The text of a YAML comment on `line` (after its `#`): a `#` at the start or after a
    /// space, outside quotes; nil when there is none.
    static func comment(in line: Substring) -> Substring? {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'", " \t[{,".contains(previous) {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return line[line.index(after: index)...]
            }
            previous = character
        }
        return nil
    }
}

extension ArraySlice<UInt8> {
    /// Whether `needle` occurs in these bytes.
    fileprivate func contains(bytes needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return needle.isEmpty }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first), found + needle.count <= endIndex {
            if self[found..<(found + needle.count)].elementsEqual(needle) { return true }
            start = found + 1
        }
        return false
    }
}
