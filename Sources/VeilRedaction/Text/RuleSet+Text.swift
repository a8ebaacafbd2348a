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
        return try textFindings(in: lines, known: KnownValues())
    }

    /// Findings in `text` as ``textFindings(in:)`` finds them, and every occurrence of a
    /// `known` value (one found elsewhere in the same input, e.g. on a capture's screens) as a
    /// repeat.
    /// - Throws: ``DetectionError`` when a custom detector fails.
    public func textFindings(in text: String, known: KnownValues) throws -> [TextFinding] {
        try textFindings(in: TextLines(Array(text.utf8)), known: known)
    }

    /// Findings in `lines`, with the repeats of their values and of `known` values.
    func textFindings(in lines: TextLines, known: KnownValues, preset: [Finding] = []) throws -> [TextFinding] {
        let (findings, repeats) = try DetectionRun.textFindings(self, in: lines, known: known, preset: preset)
        var result = findings.enumerated().map { index, finding in
            lines.textFinding(finding, isRepeat: repeats.contains(index))
        }
        result.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        return result
    }
}

extension TextLines {
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
