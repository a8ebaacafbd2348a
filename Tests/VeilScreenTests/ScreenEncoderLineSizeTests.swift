import Testing

@testable import VeilScreen

/// The encoder (redacted recordings) redraws double-size rows: the bytes it writes give a
/// terminal the same cells and the same row sizes, frame after frame.
@Suite struct ScreenEncoderLineSizeTests {
    @Test func doubleSizeRowsSurviveReEncoding() throws {
        var source = try Terminal(cols: 12, rows: 4)
        var encoder = ScreenEncoder(cols: 12, rows: 4)
        var replay = try Terminal(cols: 12, rows: 4)
        let frames = [
            "0123456789ab\r\(esc)#6\r\n\(esc)#3Top\r\n\(esc)#4Top",
            "\(csi)1;1H\(esc)#5\(csi)2;1Hx",
            "\(csi)4;1H\n\nplain\(csi)1;1H\(esc)#6AB",
        ]
        for frame in frames {
            source.feed(frame)
            replay.feed(encoder.encode(source.screen))
            #expect(replay.screen.lines() == source.screen.lines(), "\(frame.debugDescription)")
            #expect(replay.screen.lineSizes == source.screen.lineSizes, "\(frame.debugDescription)")
        }
    }
}
