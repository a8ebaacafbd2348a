import Testing

@testable import VeilScreen

/// Double-width and double-height rows (`ESC # 3/4/5/6`). xterm goldens: battery `dwl_*`,
/// `dhl_*`; these tests cover the model's bookkeeping (exposure: VeilTests' ExposureEditTests).
@Suite struct LineSizeTests {
    @Test func sizesAreSetPerRowAndMoveWithTheRows() {
        let t = terminal("\(esc)#6A\r\n\(esc)#3B\r\n\(esc)#4C\r\n\(esc)#6\(esc)#5D", rows: 5)
        #expect(t.screen.lineSizes == [.doubleWidth, .doubleHeightTop, .doubleHeightBottom, .single, .single])
        // IL at the top moves every size down one row; the inserted row is single.
        let moved = terminal("\(esc)#6A\r\n\(esc)#3B\(csi)1;1H\(csi)L", rows: 4)
        #expect(moved.screen.lineSizes == [.single, .doubleWidth, .doubleHeightTop, .single])
        // Rows scrolled in are single; ED 2 and DECALN make every row single; EL 2 keeps it.
        #expect(terminal("\(esc)#6A\n\n\n\n", rows: 4).screen.lineSizes.allSatisfy { $0 == .single })
        #expect(terminal("\(esc)#6A\(csi)2J", rows: 2).screen.lineSizes == [.single, .single])
        #expect(terminal("\(esc)#6A\(esc)#8", rows: 2).screen.lineSizes == [.single, .single])
        #expect(terminal("\(esc)#6A\(csi)2K", rows: 2).screen.lineSizes == [.doubleWidth, .single])
    }

    /// Text wraps at half the width; nothing prints past the half; the cells past the half
    /// are kept (xterm prints them) and come back when the row is single again.
    @Test func printingStopsAtTheHalf() {
        #expect(lines("\(esc)#6ABCDEFG") == ["ABCDE", "FG", "", ""])
        #expect(lines("\(csi)?7l\(esc)#6ABCDEFG") == ["ABCDG", "", "", ""])
        #expect(lines("\(esc)#6\(csi)9GX") == ["", "", "", ""])  // CHA past the half: X is not drawn
        #expect(cursor("\(esc)#6\(csi)99C") == [0, 4])  // CUF stops at the last shown column
        #expect(lines("0123456789\(esc)#6\(esc)#5") == ["0123456789", "", "", ""])
        #expect(cursor("0123456789\(esc)#6") == [0, 5])
    }
}
