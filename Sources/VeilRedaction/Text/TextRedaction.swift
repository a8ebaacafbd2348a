/// How redacted text replaces what was found.
public enum TextRedactionStyle: Hashable, Sendable {
    /// One `character` per hidden character: keeps the length (default `•`).
    case mask(character: Character)
    /// `[REDACTED:rule-id]` in place of each hidden line segment.
    case placeholder
    /// One `█` per hidden character.
    case solid

    /// `mask` with `•`.
    public static let mask = TextRedactionStyle.mask(character: "•")

    /// The style named on the command line (`mask`, `placeholder`, `solid`), or nil.
    public init?(name: String) {
        guard let style = StyleName(rawValue: name) else { return nil }
        self = style.textStyle
    }

    /// What replaces `characters` characters hidden by `ruleID`.
    public func replacement(characters: Int, ruleID: String) -> String {
        switch self {
        case let .mask(character): String(repeating: String(character), count: characters)
        case .placeholder: "[REDACTED:\(ruleID)]"
        case .solid: String(repeating: "█", count: characters)
        }
    }
}

extension RuleSet {
    /// `text` with every finding of ``textFindings(in:)`` (repeats included) replaced in
    /// `style`; line breaks are kept, so the lines stay where they were.
    /// - Throws: ``DetectionError`` when a custom detector fails.
    public func redact(_ text: String, style: TextRedactionStyle = .mask) throws -> String {
        String(decoding: try redact(utf8: Array(text.utf8), style: style), as: UTF8.self)
    }

    /// UTF-8 bytes with every finding replaced in `style`; the bytes outside findings,
    /// invalid UTF-8 included, are copied unchanged.
    /// - Throws: ``DetectionError`` when a custom detector fails.
    public func redact(utf8 bytes: [UInt8], style: TextRedactionStyle = .mask) throws -> [UInt8] {
        let lines = TextLines(bytes)
        let findings = try textFindings(in: lines, known: KnownValues())
        return lines.redacted(findings, style: style)
    }
}

extension TextLines {
    /// The input with the segments of `findings` replaced; overlapping segments are merged
    /// (named after the first).
    func redacted(_ findings: [TextFinding], style: TextRedactionStyle) -> [UInt8] {
        var pieces = findings.flatMap { finding in finding.hiddenRanges.map { (range: $0, ruleID: finding.ruleID) } }
        pieces.sort { $0.range.lowerBound < $1.range.lowerBound }
        var merged: [(range: Range<Int>, ruleID: String)] = []
        for piece in pieces where !piece.range.isEmpty {
            if let last = merged.last, piece.range.lowerBound <= last.range.upperBound {
                merged[merged.count - 1].range =
                    last.range.lowerBound..<max(last.range.upperBound, piece.range.upperBound)
            } else {
                merged.append(piece)
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var copied = 0
        for piece in merged {
            out += source[copied..<piece.range.lowerBound]
            out += style.replacement(characters: characterCount(piece.range), ruleID: piece.ruleID).utf8
            copied = piece.range.upperBound
        }
        out += source[copied...]
        return out
    }
}
