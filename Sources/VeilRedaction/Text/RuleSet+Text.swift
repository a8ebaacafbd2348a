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
        for finding in findings where !finding.secretText.isEmpty && finding.secretText.unicodeScalars.count >= Self.minimumRepeatLength
            && !finding.secretText.contains("\n") {
            values.append(KnownValue(finding))
        }
        var seen = Set<[UInt8]>()
        for value in values where seen.insert(value.bytes).inserted {
            for spans in lines.occurrences(of: value.bytes) where !findings.contains(where: { $0.covers(spans) }) {
                repeats.insert(findings.count)
                findings.append(Finding(
                    ruleID: value.ruleID, category: value.category, severity: value.severity, source: .rule,
                    location: .text, spans: spans, style: value.style, matchText: value.matchText,
                    secretText: value.secretText))
            }
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
    /// The character spans of every occurrence of `needle` in the lines (never across lines).
    func occurrences(of needle: [UInt8]) -> [[CellSpan]] {
        guard let first = needle.first else { return [] }
        var found: [[CellSpan]] = []
        text.bytes.withUnsafeBufferPointer { all in
            for line in text.lines where line.range.count >= needle.count {
                var i = line.range.lowerBound
                let last = line.range.upperBound - needle.count
                while i <= last {
                    if all[i] == first && (1..<needle.count).allSatisfy({ all[i + $0] == needle[$0] }) {
                        found.append(text.cellSpans(for: i..<(i + needle.count)))
                        i += needle.count
                    } else {
                        i += 1
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
            ends.append(TextPosition(line: span.row + 1, column: span.col + span.width + 1, byteColumn: upper - lineStart + 1))
        }
        let start = starts.first ?? TextPosition(line: 1, column: 1, byteColumn: 1)
        let end = ends.last ?? start
        let range = (segments.first?.lowerBound ?? 0)..<(segments.last?.upperBound ?? 0)
        return TextFinding(finding: finding, start: start, end: end, byteRange: range, isRepeat: isRepeat, hiddenRanges: segments)
    }
}
