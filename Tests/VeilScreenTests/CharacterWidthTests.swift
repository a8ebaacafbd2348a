import Testing
@testable import VeilScreen

@Suite struct CharacterWidthTests {
    @Test(
        arguments: [
            ("A", 1), (" ", 1), ("~", 1), ("é", 1), ("\u{AD}", 1),  // soft hyphen stays 1
            ("\u{300}", 0), ("\u{20DD}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0), ("\u{E0100}", 0),
            ("\u{1160}", 0), ("\u{11FF}", 0), ("\u{D7B0}", 0), ("\u{D7FF}", 0),  // Hangul medial and final jamo
            ("\u{1100}", 2), ("가", 2), ("中", 2), ("Ａ", 2), ("\u{3000}", 2), ("😀", 2), ("\u{1F3FB}", 2),
            ("\u{20000}", 2), ("\u{3FFFD}", 2), ("\u{4DB5}", 2),  // CJK, assigned or not
            ("❤", 1), ("\u{1F1E6}", 1),  // EAW N: narrow; regional indicators are 1 each
            ("\u{0}", 0), ("\u{1B}", 0), ("\u{7F}", 0), ("\u{9B}", 0),  // controls are never printed
            ("\u{E000}", 1), ("\u{10FFFF}", 1),
        ] as [(Unicode.Scalar, Int)])
    func widths(_ scalar: Unicode.Scalar, _ width: Int) {
        #expect(CharacterWidth.of(scalar) == width, "U+\(String(scalar.value, radix: 16, uppercase: true))")
    }

    @Test func theTableIsSortedAndFromUnicode15() {
        #expect(CharacterWidth.unicodeVersion.hasPrefix("15."))
        let starts = CharacterWidth.rangeStarts
        let ends = CharacterWidth.rangeEndsAndWidths.map { $0 & 0xFF_FFFF }
        #expect(starts.count == ends.count)
        for index in starts.indices {
            #expect(starts[index] <= ends[index])
            if index > 0 { #expect(ends[index - 1] < starts[index]) }
        }
    }

    @Test func lookUpAgreesWithALinearScan() {
        // Every code point near a range edge.
        let starts = CharacterWidth.rangeStarts
        let packed = CharacterWidth.rangeEndsAndWidths
        func linear(_ value: UInt32) -> Int {
            for index in starts.indices where starts[index] <= value && value <= packed[index] & 0xFF_FFFF {
                return Int(packed[index] >> 24)
            }
            return 1
        }
        for index in starts.indices {
            for value in [
                starts[index] &- 1, starts[index], packed[index] & 0xFF_FFFF, (packed[index] & 0xFF_FFFF) + 1,
            ] {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(CharacterWidth.of(scalar) == linear(value))
            }
        }
    }
}
