import Testing
import Veil
import VeilScreen

@Suite struct CaptureExtentTests {
    @Test func aStreamLongerThanAnyParameterCountsEveryLineThatScrolledOff() {
        // 70,000 lines: past 65,535, the largest value a control sequence's parameter holds.
        let bytes = Array(String(repeating: "line\n", count: 70_000).utf8)
        let extent = CaptureExtent.measure(bytes, mode: .cooked)
        #expect(extent.contentRows == 70_000)
        #expect(extent.linesScrolledOff(rows: 24) == 70_000 - 24)
    }

    @Test func cursorAddressingPastTheTallestScreenIsTheBottomRow() {
        // `CSI 999;1H` then three lines: the rows below the bottom scroll off, whatever the height.
        let bytes = Array("top\u{1B}[999;1Hone\ntwo\nthree".utf8)
        let extent = CaptureExtent.measure(bytes, mode: .cooked)
        #expect(extent.linesBelowBottom == 2)
        #expect(extent.addressedRows == 0)
    }
}
