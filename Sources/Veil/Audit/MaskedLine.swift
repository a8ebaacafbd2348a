/// The line of a text that holds a value, every value found in the text masked: what a
/// report shows of a finding in a medium's text (a recording's header field, typed input, a
/// tape's line), so a reviewer sees the value in its place without seeing the value.
///
/// ```swift
/// MaskedLine.line(of: "env TOKEN=ghp_abc\nnext", hiding: [10..<17], around: 10..<17)
/// // "env TOKEN=•••••••"
/// ```
enum MaskedLine {
    /// Characters kept before the value when the line is long.
    static let before = 60
    /// Characters kept from the value's start when the line is long.
    static let after = 100

    /// The line of `text` that holds the UTF-8 byte range `around`, with the bytes of
    /// every range of `hiding` masked (``Masking/mask(_:showLast:)``, separators kept) and
    /// the line cut to about ``before`` + ``after`` characters around the value (`…` marks
    /// a cut). Ranges outside the text are clipped; overlapping ones are merged.
    static func line(of text: String, hiding: [Range<Int>], around: Range<Int>) -> String {
        let bytes = Array(text.utf8)
        var ranges = hiding.map { max(0, $0.lowerBound)..<min(bytes.count, max($0.lowerBound, $0.upperBound)) }
            .filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
        let anchor = min(max(0, around.lowerBound), bytes.count)
        var lineStart = anchor
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var lineEnd = anchor
        while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
        // A value spanning lines (a key block) is shown from its first line.
        var out = ""
        var valueStart: Int?
        var cursor = lineStart
        for range in ranges where range.upperBound > lineStart && range.lowerBound < lineEnd {
            let start = max(range.lowerBound, lineStart)
            let end = min(range.upperBound, lineEnd)
            if start > cursor { out += String(decoding: bytes[cursor..<start], as: UTF8.self) }
            if range.contains(anchor) || (valueStart == nil && start >= anchor) { valueStart = out.count }
            out += Masking.mask(String(decoding: bytes[start..<end], as: UTF8.self))
            cursor = end
        }
        if lineEnd > cursor { out += String(decoding: bytes[cursor..<lineEnd], as: UTF8.self) }
        return shortened(out, at: valueStart ?? 0)
    }

    /// `line` cut to ``before`` characters before `offset` and ``after`` from it.
    static func shortened(_ line: String, at offset: Int) -> String {
        let characters = Array(line)
        guard characters.count > before + after else { return line }
        let start = max(0, min(offset - before, characters.count - before - after))
        let end = min(characters.count, start + before + after)
        return (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
    }
}
