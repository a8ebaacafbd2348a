extension RuleSet {
    /// The shortest value (in characters) whose other occurrences in the same text are
    /// hidden too; shorter values (a 4-digit PIN, a short word) would hide unrelated text.
    public static let minimumRepeatLength = 6

    /// Everything the rules find in `text`: the same detectors, patterns, validators,
    /// context words, allowlists and overlap pass as ``findings(in:)`` on a screen, run over
    /// the lines of the text (any length; no screen width). Every other occurrence of a found
    /// value of at least ``minimumRepeatLength`` characters is a finding too (``TextFinding/isRepeat``).
    ///
    /// App marks and declared regions describe screens and do not apply to text.
    /// - Throws: ``DetectionError`` when a custom detector fails.
    public func textFindings(in text: String) throws -> [TextFinding] {
        try textFindings(inUTF8: Array(text.utf8))
    }

    /// Findings in UTF-8 bytes; invalid UTF-8 is scanned byte-safely (each byte of an
    /// invalid sequence is one character) and positions count the input's bytes.
    /// - Throws: ``DetectionError`` when a custom detector fails.
    public func textFindings(inUTF8 bytes: some Sequence<UInt8>) throws -> [TextFinding] {
        let lines = TextLines(Array(bytes))
        return try textFindings(in: lines, known: [])
    }

    /// Findings in `lines`, with the repeats of their values and of `known` values.
    func textFindings(in lines: TextLines, known: [KnownValue], preset: [Finding] = []) throws -> [TextFinding] {
        var findings = try DetectionRun.textFindings(self, in: lines, preset: preset)
        var repeats = Set<Int>()
        var values = known
        for finding in findings
        where !finding.secretText.isEmpty && finding.secretText.unicodeScalars.count >= Self.minimumRepeatLength
            && !finding.secretText.contains("\n")
        {
            values.append(KnownValue(finding))
        }
        var unique: [KnownValue] = []
        var seen = Set<[UInt8]>()
        for value in values where seen.insert(value.bytes).inserted { unique.append(value) }
        for (index, spans) in lines.occurrences(of: unique.map(\.bytes))
        where !findings.contains(where: { $0.covers(spans) }) {
            let value = unique[index]
            repeats.insert(findings.count)
            findings.append(
                Finding(
                    ruleID: value.ruleID, category: value.category, severity: value.severity, source: .rule,
                    location: .text, spans: spans, style: value.style, matchText: value.matchText,
                    secretText: value.secretText))
        }
        var result = findings.enumerated().map { index, finding in
            lines.textFinding(finding, isRepeat: repeats.contains(index))
        }
        result.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        return result
    }
}

/// A value a rule found, hidden wherever it appears again.
struct KnownValue: Sendable {
    var bytes: [UInt8]
    var ruleID: String
    var category: RuleCategory
    var severity: Severity
    var style: RedactionStyle?
    var matchText: String
    var secretText: String

    init(_ finding: Finding) {
        bytes = Array(finding.secretText.utf8)
        ruleID = finding.ruleID
        category = finding.category
        severity = finding.severity
        style = finding.style
        matchText = finding.matchText
        secretText = finding.secretText
    }
}

extension TextLines {
    /// The character spans of every occurrence of each of `needles` (at least 6 bytes each;
    /// shorter ones are ignored) in the lines, never across lines, in text order, with the
    /// needle's index. One pass over the text: a 6-byte rolling window is looked up in a
    /// 65,536-bit filter, and only on a hit in a table of the needles' first 6 bytes. A small
    /// search (text bytes × needles ≤ `directLimit`: a log event) compares directly instead,
    /// cheaper than building the filter.
    func occurrences(of needles: [[UInt8]], directLimit: Int = 4096) -> [(index: Int, spans: [CellSpan])] {
        let width = 6
        guard !needles.isEmpty else { return [] }
        if text.bytes.count * needles.count <= directLimit {
            return directOccurrences(of: needles, width: width)
        }
        let mask: UInt64 = (1 << 48) - 1
        @inline(__always) func slot(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 48)
        }
        var filter = [UInt64](repeating: 0, count: 1024)
        var byKey: [UInt64: [Int]] = [:]
        for (index, needle) in needles.enumerated() where needle.count >= width {
            let key = needle[0..<width].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
            filter[slot(key) >> 6] |= 1 << UInt64(slot(key) & 63)
            byKey[key, default: []].append(index)
        }
        guard !byKey.isEmpty else { return [] }
        var found: [(index: Int, spans: [CellSpan])] = []
        text.bytes.withUnsafeBufferPointer { all in
            for line in text.lines where line.range.count >= width {
                var window: UInt64 = 0
                for j in line.range {
                    window = ((window << 8) | UInt64(all[j])) & mask
                    guard j - line.range.lowerBound >= width - 1 else { continue }
                    let s = slot(window)
                    guard filter[s >> 6] & (1 << UInt64(s & 63)) != 0, let indices = byKey[window] else { continue }
                    let start = j - (width - 1)
                    for index in indices {
                        let needle = needles[index]
                        let end = start + needle.count
                        guard end <= line.range.upperBound,
                            (width..<needle.count).allSatisfy({ all[start + $0] == needle[$0] })
                        else { continue }
                        found.append((index, text.cellSpans(for: start..<end)))
                    }
                }
            }
        }
        return found
    }

    /// ``occurrences(of:directLimit:)`` by comparing each needle at each place.
    private func directOccurrences(of needles: [[UInt8]], width: Int) -> [(index: Int, spans: [CellSpan])] {
        var found: [(index: Int, spans: [CellSpan])] = []
        text.bytes.withUnsafeBufferPointer { all in
            for line in text.lines where line.range.count >= width {
                for start in line.range {
                    for (index, needle) in needles.enumerated() where needle.count >= width {
                        let end = start + needle.count
                        guard end <= line.range.upperBound, all[start] == needle[0],
                            (1..<needle.count).allSatisfy({ all[start + $0] == needle[$0] })
                        else { continue }
                        found.append((index, text.cellSpans(for: start..<end)))
                    }
                }
            }
        }
        return found
    }

    /// A finding with its place in the input.
    func textFinding(_ finding: Finding, isRepeat: Bool) -> TextFinding {
        var segments: [Range<Int>] = []
        var starts: [TextPosition] = []
        var ends: [TextPosition] = []
        for span in finding.spans {
            let offsets = sourceOffsets(line: span.row, columns: [span.col, span.col + span.width])
            let lineStart = sourceRanges[span.row].lowerBound
            let (lower, upper) = (offsets[span.col] ?? lineStart, offsets[span.col + span.width] ?? lineStart)
            segments.append(lower..<upper)
            starts.append(TextPosition(line: span.row + 1, column: span.col + 1, byteColumn: lower - lineStart + 1))
            ends.append(
                TextPosition(line: span.row + 1, column: span.col + span.width + 1, byteColumn: upper - lineStart + 1))
        }
        let start = starts.first ?? TextPosition(line: 1, column: 1, byteColumn: 1)
        let end = ends.last ?? start
        let range = (segments.first?.lowerBound ?? 0)..<(segments.last?.upperBound ?? 0)
        return TextFinding(
            finding: finding, start: start, end: end, byteRange: range, isRepeat: isRepeat, hiddenRanges: segments)
    }
}
