import Foundation
import Testing
import Veil
import VeilRedaction
import VeilScreen

/// Rectangle operations and protected cells as content changes (issue 27): a value DECCRA
/// copies is exposed, and hidden, where it is copied; a DECERA that erases one ends it; cells
/// a selective erase keeps keep the input positions that drew them.
@Suite struct ExposureRectangleTests {
    static let card = ExposureTests.card
    static let csi = "\u{1B}["

    /// The screen a redacted raw capture (80×24) shows.
    static func redactedScreen(raw text: String) throws -> Screen {
        let (bytes, report) = try CaptureRedactor(rules: try RuleSet.builtIn).redact(
            .raw(Array(text.utf8)), cols: nil, rows: nil, path: "t.ans")
        #expect(report.exposures.contains { $0.finding.ruleID == "card.pan" })
        var terminal = try Terminal(cols: 80, rows: 24)
        terminal.feed(bytes)
        return terminal.screen
    }

    @Test func aCopiedValueIsHiddenWhereItIsCopied() throws {
        let csi = Self.csi
        // The card on row 1, copied to row 5, then erased where it was drawn.
        let text = "card \(Self.card)" + csi + "1;1;1;24;1;5;1;1$v" + csi + "1;1H" + csi + "2Kdone"
        var plain = try Terminal(cols: 80, rows: 24)
        plain.feed(text)
        #expect(plain.screen.lines()[4].contains(Self.card))
        let screen = try Self.redactedScreen(raw: text)
        #expect(!screen.lines().joined().contains("4111"))
        #expect(screen.lines()[0].hasPrefix("done"))
    }

    @Test func aCopyKeepsTheExposureVisible() throws {
        let csi = Self.csi
        let cast = try ExposureTests.cast([
            (0.5, "card \(Self.card)"), (1.0, csi + "1;1;1;24;1;5;1;1$v"), (1.5, csi + "1;1H" + csi + "2K"),
            (2.0, "$ "),
        ])
        let exposure = try ExposureTests.only(try ExposureTests.scan(cast), "card.pan")
        #expect(exposure.firstTime == 0.5)
        #expect(exposure.stillVisible)
        #expect(exposure.lastSeen == 2.0)
    }

    @Test(arguments: ["1;1;1;80$z", "1;6;1;30${", "32;1;1;1;80$x"])
    func aRectangleOverTheValueEndsTheExposure(_ sequence: String) throws {
        let cast = try ExposureTests.cast([(0.5, "card \(Self.card)"), (1.0, Self.csi + sequence), (2.0, "\r\n$ ")])
        let exposure = try ExposureTests.only(try ExposureTests.scan(cast), "card.pan")
        #expect(!exposure.stillVisible, "\(sequence)")
        #expect(exposure.lastSeen == 1.0, "\(sequence)")
    }

    /// A value protected by DECSCA (or SPA) survives the selective erase (or the erase) that
    /// clears the rest of the screen: it stays hidden in every frame after. (Before, the
    /// erase forgot the offsets of the cells it kept, and the redacted capture showed it.)
    @Test(arguments: [
        ("\u{1B}[1\"q", "\u{1B}[0\"q", "\u{1B}[?2J"),  // DECSCA, DECSED
        ("\u{1B}V", "\u{1B}W", "\u{1B}[2J"),  // SPA/EPA, ED
        ("\u{1B}[1\"q", "\u{1B}[0\"q", "\u{1B}[1;1;24;80${"),  // DECSCA, DECSERA
    ])
    func aProtectedValueStaysHidden(start: String, end: String, erase: String) throws {
        let text = "pay " + start + Self.card + end + " now" + erase + "\u{1B}[3;1Hdone"
        var plain = try Terminal(cols: 80, rows: 24)
        plain.feed(text)
        #expect(plain.screen.lines()[0].contains(Self.card))
        let screen = try Self.redactedScreen(raw: text)
        #expect(!screen.lines().joined().contains("4111"), "\(erase.debugDescription)")
        #expect(screen.lines()[2].hasPrefix("done"))
    }
}
