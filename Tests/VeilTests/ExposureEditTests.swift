import Testing
import VeilScreen

@testable import Veil

private let esc = "\u{1B}"
private let csi = "\u{1B}["

/// Edits that move or hide cells are judged before they destroy them (raw bytes): inside left
/// and right margins (DECLRMM), a row made double width, a full reset.
@Suite struct ExposureEditTests {
    /// What a raw-bytes tracker copied while `input` was fed to a `cols`×`rows` terminal.
    func copies(_ input: String, cols: Int = 12, rows: Int = 6) throws -> (Screen, [ExposedLines]) {
        var t = try Terminal.tracked(cols: cols, rows: rows)
        t.feed(Array(input.utf8), at: 0)
        return (t.screen, t.tracker.takeExposures())
    }

    /// Cells that leave the rectangle (margin scrolls, IL/DL, DECDC, DCH inside the margins)
    /// are judged before they go, as the full-width edits are.
    @Test(arguments: [
        "\(csi)6;5H\n\n\n\n\n",  // LF at the bottom margin scrolls the rectangle
        "\(csi)9S",  // SU
        "\(csi)2;5H\(csi)9M",  // DL at the secret's row
        "\(csi)2;5H\(csi)9'~",  // DECDC at the secret's first column
        "\(csi)2;5H\(csi)9P",  // DCH
        "\(csi)2;5H\(csi)9 @",  // SL
    ])
    func marginEditsExposeWhatLeaves(_ edit: String) throws {
        let (screen, exposed) = try copies("\(csi)?69h\(csi)3;10s\(csi)2;5HSECRET\(edit)")
        #expect(!screen.lines().joined().contains("SECRET"))
        #expect(exposed.contains { $0.isLeaving && $0.screen.lines().joined().contains("SECRET") }, "\(edit)")
    }

    /// The same for edits that push cells out at the bottom or the right margin.
    @Test(arguments: [
        ("\(csi)6;5HSECRET", "\(csi)2;5H\(csi)9L"),  // IL pushes the bottom row out
        ("\(csi)6;5HSECRET", "\(csi)9T"),  // SD
        ("\(csi)6;5HSECRET", "\(csi)1;5H\(esc)M"),  // RI at the top margin
        ("\(csi)2;5HSECRET", "\(csi)2;3H\(csi)9@"),  // ICH
        ("\(csi)2;5HSECRET", "\(csi)2;3H\(csi)9'}"),  // DECIC
        ("\(csi)2;5HSECRET", "\(csi)2;5H\(csi)9 A"),  // SR
    ])
    func marginEditsExposeWhatTheyPushOut(push: (String, String)) throws {
        let (screen, exposed) = try copies("\(csi)?69h\(csi)3;10s\(push.0)\(push.1)")
        #expect(!screen.lines().joined().contains("SECRET"))
        #expect(exposed.contains { $0.isLeaving && $0.screen.lines().joined().contains("SECRET") }, "\(push.1)")
    }

    /// A row that becomes double-width hides its right half: the tracker judges the row
    /// before the cells leave the screen, as for an erase.
    @Test func halvingARowExposesWhatItHides() throws {
        var t = try Terminal.tracked(cols: 12, rows: 3)
        t.feed(Array("0123456SECRET\r\(esc)#6".utf8), at: 0)
        let exposed = t.tracker.takeExposures()
        #expect(exposed.contains { $0.isLeaving && $0.screen.lines().joined().contains("SECRET") })
        // Nothing to judge when the row was already double-size.
        t.feed(Array("\(esc)#3".utf8), at: 20)
        #expect(t.tracker.takeExposures().isEmpty)
    }

    /// A full reset (RIS) clears both buffers: what they showed is judged first, and the
    /// offsets of the erased cells are forgotten. (Before the change interface, RIS changed
    /// the screen without telling the tracker: a value on screen just before it was never
    /// judged, and the blank screen kept the erased cells' offsets.)
    @Test(arguments: ["", "\(csi)?1049h"])
    func aFullResetExposesBothBuffers(_ start: String) throws {
        var t = try Terminal.tracked(cols: 20, rows: 3)
        t.feed(Array("\(start)SECRET\(esc)c".utf8), at: 0)
        #expect(t.screen.lines().joined().allSatisfy { $0 == " " })
        let exposed = t.tracker.takeExposures()
        #expect(exposed.contains { $0.isLeaving && $0.screen.lines().joined().contains("SECRET") })
        #expect(t.tracker.cellOffsets.allSatisfy { $0 == -1 })
    }
}
