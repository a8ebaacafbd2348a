import Testing
@testable import VeilMedia

/// OCR repairs only where an anchor can check them.
@Suite struct OCRTextRepairTests {
    static func repaired(_ line: String) -> String { OCRTextRepair.repair(line).text }

    @Test func tokensSplitByOCRAreJoined() {
        // Tesseract 5.3 on agg's GIF of these lines (Tests/VeilTests/Fixtures/media).
        #expect(
            Self.repaired("$ export GITHUB_TOKEN=ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6J fOPa2UeX7")
                == "$ export GITHUB_TOKEN=ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6JfOPa2UeX7")
        #expect(
            Self.repaired("$ slack xoxb-9398671228 -502018727951 -Ehh2FDEEt fj gVvVqE1SkHbn8")
                == "$ slack xoxb-9398671228-502018727951-Ehh2FDEEtfjgVvVqE1SkHbn8")
        #expect(
            Self.repaired("$ stripe sk_live_ E3IwETCUHZ9lOkmTyv8am04N") == "$ stripe sk_live_E3IwETCUHZ9lOkmTyv8am04N")
        #expect(
            Self.repaired("$ npm npm_YXDYS6a3a9kI fIpZ7PImyeZom8 1Az135WHYX")
                == "$ npm 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")
        #expect(
            Self.repaired("token ghp Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6Jf0Pa2UeX7")
                == "token ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6Jf0Pa2UeX7")
        #expect(Self.repaired("-----BEGIN OPENSSH PRIVATE KEY- ----") == "-----BEGIN OPENSSH PRIVATE KEY-----")
        #expect(Self.repaired("$ aws configure set aws_ access key id") == "$ aws configure set aws_access key id")
        #expect(Self.repaired("card 4lll 1111 IIII 1111") == "card 4111 1111 1111 1111")
        #expect(Self.repaired("TOKEN=ghp_xxxxxxxXxXxXXXX") == "TOKEN=ghp_xxxxxxxxxxxxxxx")
        // Tesseract 5.3 on Pillow's JPEG (quality 85) of agg's frame: a run of 36 x read as 38 and KX.
        #expect(
            Self.repaired("GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxKX")
                == "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
        #expect(Self.repaired("token xxxxK9") == "token xxxxK9")
        // One glyph read as two look-alikes: AKIA…T5JEW read as T5SJEW, AIza…dlt as d1lt.
        #expect(Self.repaired("key id AKIAQ4D3PXL2M7RT5SJEW") == "key id AKIAQ4D3PXL2M7RT5JEW")
        #expect(
            Self.repaired("$ google AIzaRo9slkhA3d1ltWw3PGWAaXZw2M3 lat fDwhSI")
                == "$ google AIzaRo9slkhA3d1tWw3PGWAaXZw2M3latfDwhSI")
    }

    @Test func nothingChangesWithoutAnAnchorOrAtTheWrongLength() {
        for line in [
            "ghp is great and so are other words here for sure", "the AKIA prefix alone", "Sold out Boss",
            "sk live music tonight", "version 1.2 of lOl", "ghp_short pieces here",
        ] {
            #expect(Self.repaired(line) == line)
        }
    }

    @Test func sourcesMapBackToTheLine() {
        let (text, sources) = OCRTextRepair.repair("x ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6J fOPa2UeX7 y")
        #expect(text == "x ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6JfOPa2UeX7 y")
        #expect(sources.count == text.count)
        #expect(sources[34] == 35)  // the f after the removed space
    }

    /// A checksummed token read with look-alikes (`0P34oX` as `OP340X`): the spelling its
    /// checksum accepts is kept; with no such spelling, the line is left as read.
    @Test func aChecksumPicksTheSpellingOfLookAlikes() {
        let valid = "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"
        let read = "export GITHUB_TOKEN=ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6JfOP340Xsp"
        var checked: [String] = []
        let repaired = OCRTextRepair.repair(read) { token in
            checked.append(token)
            return token == valid
        }
        #expect(repaired.text == "export GITHUB_TOKEN=" + valid)
        #expect(repaired.sources == Array(0..<read.count))
        #expect(checked.count <= OCRTextRepair.respellingLimit)
        // Nothing valid: as read. Valid as read: not respelled.
        #expect(OCRTextRepair.repair(read) { _ in false }.text == read)
        #expect(OCRTextRepair.repair(read) { $0.hasSuffix("340Xsp") }.text == read)
        // Formats without a checksum are never respelled.
        #expect(OCRTextRepair.repair("AKIAQ4D3PXL2M7RTSJEW") { _ in false }.text == "AKIAQ4D3PXL2M7RTSJEW")
    }
}
