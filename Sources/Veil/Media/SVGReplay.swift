import VeilMedia
import VeilScreen

/// An SVG capture as a recording Veil can judge: each frame an output event at its time that
/// clears the screen and draws the frame's text at its cells, with, for every byte of the
/// output stream that draws a character, the bytes of the SVG source it came from.
struct SVGReplay: Sendable {
    /// The recording (no file: ``Asciicast/sourceBytes`` is nil).
    var cast: Asciicast
    /// For each byte of the output stream, the source offset of the character it draws (−1
    /// for the escape sequences between), and its end.
    var sourceStarts: [Int32]
    var sourceEnds: [Int32]

    init(_ capture: SVGTerminalCapture) throws {
        let largest = Screen.maximumSize
        var warnings: [String] = []
        var header = try Asciicast(
            header:
                #"{"version": 2, "width": \#(min(largest, capture.cols)), "height": \#(min(largest, capture.rows))}"#,
            line: 1, path: "", warnings: &warnings)
        var starts: [Int32] = []
        var ends: [Int32] = []
        var events: [Asciicast.Event] = []
        for frame in capture.frames {
            var bytes: [UInt8] = []
            func control(_ text: String) {
                bytes += Array(text.utf8)
                starts += Array(repeating: -1, count: text.utf8.count)
                ends += Array(repeating: -1, count: text.utf8.count)
            }
            control("\u{1B}[H\u{1B}[2J")
            for item in frame.items {
                switch item {
                case .clear(let rows):
                    for row in rows { control("\u{1B}[\(row + 1);1H\u{1B}[2K") }
                case .text(let piece):
                    control("\u{1B}[\(piece.row + 1);\(piece.col + 1)H")
                    let text = piece.text
                    for (index, scalar) in text.text.unicodeScalars.enumerated() where index < text.starts.count {
                        let range = text.sourceRange(ofScalar: index)
                        let encoded = Array(String(scalar).utf8)
                        bytes += encoded
                        starts += Array(repeating: Int32(clamping: range.lowerBound), count: encoded.count)
                        ends += Array(repeating: Int32(clamping: range.upperBound), count: encoded.count)
                    }
                }
            }
            events.append(Asciicast.Event(time: max(frame.seconds, events.last?.time ?? 0), kind: .output(bytes)))
        }
        header.events = events
        cast = header
        sourceStarts = starts
        sourceEnds = ends
    }

    /// The source bytes that stream offset `offset` draws, if any.
    func source(ofOffset offset: Int) -> Range<Int>? {
        guard offset >= 0, offset < sourceStarts.count, sourceStarts[offset] >= 0 else { return nil }
        return Int(sourceStarts[offset])..<Int(sourceEnds[offset])
    }

    /// The index of the frame whose output event holds stream offset `offset`.
    func frame(ofOffset offset: Int) -> Int? {
        var start = 0
        for (index, event) in cast.events.enumerated() {
            guard case .output(let bytes) = event.kind else { continue }
            if offset < start + bytes.count { return index }
            start += bytes.count
        }
        return nil
    }
}
