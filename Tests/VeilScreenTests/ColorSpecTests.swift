import Foundation
import Testing

@testable import VeilScreen

/// Colour specifications (OSC 4, 5, 10–19) read as xterm 379 reads them through Xlib's
/// `XParseColor` on a 24-bit TrueColor screen: the goldens are what real Xlib and an X server
/// made of 3,745 specifications (`Scripts/colour-goldens`): every X11 colour name, `#` and
/// `rgb:` forms, Xcms's `rgbi:`, CIE spaces and TekHVC at chosen and pseudo-random values,
/// malformed ones. (`QueryAnswerTests` checks a hundred of them end to end in xterm itself.)
@Suite struct ColorSpecTests {
    struct Golden: Decodable {
        struct Case: Decodable {
            var spec: String
            var rgb: [Int]?
        }
        var cases: [Case]
    }

    static let golden: Golden = {
        let url = XtermFixtures.folder("colours").appendingPathComponent("xparsecolor.json")
        return try! JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }()

    /// The highest level of each channel whose intensity Xcms's tables make 0: a colour
    /// brought to the gamut's edge has one channel at intensity ±1e-16, shown as 0 or as this
    /// level depending on the last bit of Xlib's own sine and cosine (Veil uses the C
    /// library's): the one difference from Xlib (Docs/sequences.md, "Colour specifications").
    static let zeroIntensityLevels: [Int] = [
        XcmsScreen.redIntensities, XcmsScreen.greenIntensities, XcmsScreen.blueIntensities,
    ].map { table in table.lastIndex(of: 0) ?? 0 }

    @Test func everySpecificationGivesXlibsColour() {
        var wrong: [String] = []
        var atTheEdge = 0
        for item in Self.golden.cases {
            let parsed = X11ColorSpec.parse(item.spec).map { [Int($0.0), Int($0.1), Int($0.2)] }
            if parsed == item.rgb { continue }
            if let parsed, let xlib = item.rgb,
                (0..<3).allSatisfy({
                    parsed[$0] == xlib[$0] || max(parsed[$0], xlib[$0]) <= Self.zeroIntensityLevels[$0]
                })
            {
                atTheEdge += 1
                continue
            }
            wrong.append("\(item.spec): \(parsed ?? []) (Xlib \(item.rgb ?? []))")
        }
        #expect(Self.golden.cases.count > 3000)
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(20).joined(separator: "; "))")
        #expect(Self.zeroIntensityLevels == [9, 19, 14])
        // About one out-of-gamut colour in six, no in-gamut one (the random ones are mostly out).
        #expect(atTheEdge < Self.golden.cases.count / 15, "\(atTheEdge) at the gamut's edge")
    }

    /// The esctest2 values (its ChangeColor tests, which real xterm passes).
    @Test(arguments: [
        ("#fff", "f0f0/f0f0/f0f0"), ("#f00f00f00", "f0f0/f0f0/f0f0"), ("#800080008000", "8080/8080/8080"),
        ("rgbi:1/1/1", "ffff/ffff/ffff"), ("rgbi:0.5/0.5/0.5", "c1c1/bbbb/bbbb"),
        ("CIEXYZ:0.5/0.5/0.5", "dddd/b5b5/a0a0"), ("CIEuvY:0.5/0.5/0.5", "ffff/a3a3/aeae"),
        ("CIExyY:0.5/0.5/0.5", "f7f7/b3b3/0e0e"), ("CIELab:1/1/1", "6c6c/6767/6767"),
        ("CIELab:0.5/0.5/0.5", "5252/4f4f/4f4f"), ("CIELuv:1/1/1", "1616/1414/0e0e"),
        ("CIELuv:0.5/0.5/0.5", "0e0e/1313/0e0e"), ("TekHVC:1/1/1", "1a1a/1313/0f0f"),
        ("TekHVC:0.5/0.5/0.5", "1111/1313/0e0e"),
    ])
    func esctestValues(spec: String, answer: String) throws {
        let rgb = try #require(X11ColorSpec.parse(spec))
        #expect(TerminalState.colorSpec(rgb.0, rgb.1, rgb.2) == "rgb:" + answer)
    }
}
