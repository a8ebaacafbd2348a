/// Finding and redacting in a text that arrives in pieces (a log on standard input): the
/// same detection as ``RuleSet/textFindings(in:)``, line numbers and byte offsets counted
/// from the start of the stream, and memory bounded by the pieces, not by the stream.
///
/// Each piece must end with a line break, except the last one (`isFinal`). Across pieces:
/// - the line before a piece is read as context (a label on one line, its value on the next);
/// - a value found earlier is hidden when it appears again later (the most recent
///   ``maximumKnownValues`` values); an earlier line already returned is not revisited;
/// - a private key block whose END line has not arrived yet (every line after its header
///   can be its body) is held back (up to ``maximumHeldBytes``) and returned with the piece
///   that ends it; a longer block is returned hidden, and the following lines stay hidden
///   while they are its body, down to its END line.
///
/// ```swift
/// var stream = TextStream(rules: try RuleSet.builtIn)
/// var out = try stream.redact(Array("card 4111 1111 1111 1111\n".utf8))   // "card •••••••••••••••••••\n"
/// out += try stream.redact([], isFinal: true)
/// ```
public struct TextStream: Sendable {
    /// The most bytes of an open private key block held back, waiting for its END line.
    public static let maximumHeldBytes = 1 << 20
    /// The most found values remembered to hide their later repeats.
    public static let maximumKnownValues = KnownValues.maximumCount

    /// The rules.
    public let rules: RuleSet
    /// Complete lines received but not returned yet (an open private key block).
    private var pending: [UInt8] = []
    /// The last line returned, for context words.
    private var context: [UInt8]?
    /// Lines and bytes returned so far.
    private var lineOffset = 0
    private var byteOffset = 0
    /// Values found so far, oldest first.
    private var known = KnownValues()
    /// The rule of a private key block too long to hold: lines stay hidden while they are
    /// its body, down to its END.
    private var openBlock: KnownValue?
    /// The body read so far of ``openBlock``.
    private var openBody = PrivateKeyScanner.Body()

    public init(rules: RuleSet) {
        self.rules = rules
    }

    /// The findings in the next piece of the stream, and the bytes they refer to: the lines
    /// returned now (`lines`), which may be fewer than given (a held-back block) or include
    /// lines held from before. Positions and byte ranges count from the start of the stream.
    /// - Throws: ``DetectionError`` when a custom detector fails.
    public mutating func next(_ bytes: [UInt8], isFinal: Bool = false) throws -> (
        lines: [UInt8], findings: [TextFinding]
    ) {
        pending += bytes
        let cut = isFinal ? pending.count : processableLength()
        guard cut > 0 else { return ([], []) }
        let lines = Array(pending[..<cut])
        pending.removeFirst(cut)
        let processed = try process(lines)
        return (lines, processed.findings.map { $0.shifted(lines: processed.lineShift, bytes: processed.byteShift) })
    }

    /// The next piece with every finding replaced in `style` (see ``next(_:isFinal:)``).
    /// - Throws: ``DetectionError`` when a custom detector fails.
    public mutating func redact(_ bytes: [UInt8], isFinal: Bool = false, style: TextRedactionStyle = .mask) throws
        -> [UInt8]
    {
        pending += bytes
        let cut = isFinal ? pending.count : processableLength()
        guard cut > 0 else { return [] }
        let lines = Array(pending[..<cut])
        pending.removeFirst(cut)
        let processed = try process(lines)
        // No finding lies in the context line before the piece, so it comes out unchanged.
        return Array(processed.text.redacted(processed.findings, style: style).dropFirst(processed.prefix))
    }

    /// How much of `pending` can be processed now: all of its complete lines, unless they
    /// end inside a private key block (a header whose lines below are all body, with no
    /// END line: see ``PrivateKeyScanner/Body``) short enough to hold; then the lines before
    /// the block's header.
    private func processableLength() -> Int {
        guard let newline = pending.lastIndex(of: 0x0A) else { return 0 }
        let complete = newline + 1
        let openFrom: Int? = pending.withUnsafeBufferPointer { all in
            guard Self.hasFiveDashes(UnsafeBufferPointer(rebasing: all[..<complete])) else { return nil }
            // The last header line of the complete lines.
            var header: Int?
            var end = complete - 1  // the `\n` ending the last complete line
            while end >= 0 {
                var start = end
                while start > 0 && all[start - 1] != 0x0A { start -= 1 }
                if Self.hasHeader(UnsafeBufferPointer(rebasing: all[start..<end])) {
                    header = start
                    break
                }
                end = start - 1
            }
            guard let header else { return nil }
            return TextLines.blockIsOpen(UnsafeBufferPointer(rebasing: all[header..<complete])) ? header : nil
        }
        guard let openFrom, complete - openFrom <= Self.maximumHeldBytes else { return complete }
        return openFrom
    }

    /// Whether `bytes` hold `-----` (every header and END line does): a run of five dashes
    /// covers a multiple of 5, so only every fifth byte is read until a dash is found.
    static func hasFiveDashes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 4
        while i < bytes.count {
            if bytes[i] == ASCII.dash {
                var start = i
                while start > 0 && bytes[start - 1] == ASCII.dash { start -= 1 }
                var end = i + 1
                while end < bytes.count && bytes[end] == ASCII.dash && end - start < 5 { end += 1 }
                if end - start >= 5 { return true }
                i = end + 4
            } else {
                i += 5
            }
        }
        return false
    }

    /// Whether `line` holds a private key header whose block continues below it.
    static func hasHeader(_ line: UTF8Line) -> Bool {
        var candidates: [Candidate] = []
        PrivateKeyScanner().scan(line, previous: line, into: &candidates)
        return candidates.contains { $0.continuesToEndMarker }
    }

    /// Detection on `lines` (complete lines, or the end of the stream) after the context line:
    /// the text read (context line first), the context's length in bytes, the findings in
    /// the text's own lines and bytes, and the shifts to the stream's.
    private mutating func process(_ lines: [UInt8]) throws
        -> (text: TextLines, prefix: Int, findings: [TextFinding], lineShift: Int, byteShift: Int)
    {
        let prefix = context.map { $0 + [0x0A] } ?? []
        let text = TextLines(prefix + lines)
        let first = context == nil ? 0 : 1
        var preset: [Finding] = []
        if let block = openBlock {
            let (spans, closed) = text.hiddenDownToEndMarker(from: first, body: &openBody)
            if !spans.isEmpty {
                preset.append(
                    Finding(
                        ruleID: block.ruleID, category: block.category, severity: block.severity, source: .rule,
                        location: .text, spans: spans, style: block.style, matchText: block.matchText,
                        secretText: block.secretText))
            }
            if closed { openBlock = nil }
        }
        var findings = try rules.textFindings(in: text, known: known, preset: preset)
        findings.removeAll { $0.start.line - 1 < first }
        let lastRow = text.sourceRanges.count - 1
        known.remember(findings.filter { !$0.isRepeat }.map(\.finding))
        // A block running to the last line without its END line: keep hiding below it.
        if openBlock == nil, text.lastLineOpensBlock(),
            let block = findings.last(where: {
                !$0.isRepeat && $0.finding.secretText.hasPrefix("-----BEGIN") && $0.finding.spans.last?.row == lastRow
            })
        {
            openBlock = KnownValue(block.finding)
            openBody = text.bodyOfLastBlock()
        }
        let last = text.sourceRanges[lastRow]
        context = Array(text.source[last])
        let shift = byteOffset - prefix.count
        let lineShift = lineOffset - first
        lineOffset += text.sourceRanges.count - first
        byteOffset += lines.count
        return (text, prefix.count, findings, lineShift, shift)
    }
}

extension TextFinding {
    /// The same finding `lines` lines and `bytes` bytes further on.
    func shifted(lines: Int, bytes: Int) -> TextFinding {
        func move(_ position: TextPosition) -> TextPosition {
            TextPosition(line: position.line + lines, column: position.column, byteColumn: position.byteColumn)
        }
        let moved = Finding(
            ruleID: finding.ruleID, category: finding.category, severity: finding.severity, source: finding.source,
            location: finding.location,
            spans: finding.spans.map { CellSpan(row: $0.row + lines, col: $0.col, width: $0.width) },
            style: finding.style, matchText: finding.matchText, secretText: finding.secretText)
        return TextFinding(
            finding: moved, start: move(start), end: move(end),
            byteRange: (byteRange.lowerBound + bytes)..<(byteRange.upperBound + bytes), isRepeat: isRepeat,
            hiddenRanges: hiddenRanges.map { ($0.lowerBound + bytes)..<($0.upperBound + bytes) })
    }
}

extension TextLines {
    /// The character spans of the lines from `first` that continue an open private key
    /// block (read by `body`), down to and including the marker of its END line, and whether
    /// the block ended.
    func hiddenDownToEndMarker(from first: Int, body: inout PrivateKeyScanner.Body) -> ([CellSpan], Bool) {
        var spans: [CellSpan] = []
        text.bytes.withUnsafeBufferPointer { all in
            for line in text.lines[first...] {
                let buf = UnsafeBufferPointer(rebasing: all[line.range])
                switch body.read(buf) {
                case .outside: return
                case .end(let end):
                    spans += text.cellSpans(for: line.range.lowerBound..<(line.range.lowerBound + end))
                    return
                case .body: spans += text.cellSpans(for: line.range)
                }
            }
        }
        return (spans, body.ended)
    }

    /// Whether the text ends inside a private key block: its last header's lines below are
    /// all body, with no END line.
    func lastLineOpensBlock() -> Bool {
        text.bytes.withUnsafeBufferPointer { all in
            guard TextStream.hasFiveDashes(all) else { return false }
            for line in text.lines.reversed() {
                let buf = UnsafeBufferPointer(rebasing: all[line.range])
                if TextStream.hasHeader(buf) {
                    return Self.blockIsOpen(UnsafeBufferPointer(rebasing: all[line.range.lowerBound...]))
                }
            }
            return false
        }
    }

    /// The body reader after the last block's lines (for a block that stays open).
    func bodyOfLastBlock() -> PrivateKeyScanner.Body {
        text.bytes.withUnsafeBufferPointer { all in
            guard
                let header = text.lines.lastIndex(where: {
                    TextStream.hasHeader(UnsafeBufferPointer(rebasing: all[$0.range]))
                })
            else { return PrivateKeyScanner.Body() }
            var body = PrivateKeyScanner.Body()
            for line in text.lines[(header + 1)...] { _ = body.read(UnsafeBufferPointer(rebasing: all[line.range])) }
            return body
        }
    }

    /// Whether `bytes`, a header line and the lines after it (`\n`-separated, a final `\n`
    /// optional), leave the block open: every line below the header is body.
    static func blockIsOpen(_ bytes: UTF8Line) -> Bool {
        var body = PrivateKeyScanner.Body()
        guard let firstBreak = bytes.firstIndex(of: 0x0A) else { return true }
        var start = firstBreak + 1
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            guard body.read(UnsafeBufferPointer(rebasing: bytes[start..<end])) == .body else { return false }
            start = end + 1
        }
        return true
    }
}
