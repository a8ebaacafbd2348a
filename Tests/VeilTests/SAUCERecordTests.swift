import Foundation
import Testing
import Veil
import VeilRedaction
import VeilScreen

/// ANSI art with a SAUCE record (issue 31, item 6): the record is read, not refused as
/// binary; the art is decoded from the character set it declares; binaries stay refused.
@Suite struct SAUCERecordTests {
    /// A field of `length` bytes: `text`, then `pad` bytes (the specification pads strings
    /// with spaces; many writers use NUL, which is what the binary check trips on).
    static func field(_ text: String, _ length: Int, pad: UInt8 = 0) -> [UInt8] {
        let bytes = Array(text.utf8.prefix(length))
        return bytes + Array(repeating: pad, count: length - bytes.count)
    }

    /// `art`, then (per the SAUCE 00.5 specification) the end-of-file byte 0x1A, a `COMNT`
    /// block of `comments` 64-byte lines, and the 128-byte record.
    static func sauced(
        _ art: [UInt8], dataType: UInt8 = 1, fileType: UInt8 = 1, width: UInt16 = 40, lines: UInt16 = 3,
        font: String = "IBM VGA", comments: [String] = ["drawn for Veil's tests"]
    ) -> [UInt8] {
        var out = art + [0x1A]
        if !comments.isEmpty {
            out += Array("COMNT".utf8)
            for line in comments { out += field(line, 64, pad: 0x20) }
        }
        let size = UInt32(art.count)
        out += Array("SAUCE00".utf8)
        out += field("Box", 35) + field("tester", 20) + field("", 20) + Array("20261127".utf8)
        out += [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        out += [dataType, fileType, UInt8(width & 0xFF), UInt8(width >> 8), UInt8(lines & 0xFF), UInt8(lines >> 8)]
        out += [0, 0, 0, 0, UInt8(comments.count), 0x01]  // TInfo3, TInfo4, comments, TFlags (iCE colours)
        out += field(font, 22)
        return out
    }

    /// A box in code page 437 (`╔══╗`, `║hi║`, `╚══╝` as 0xC9 0xCD 0xBB, 0xBA, 0xC8 0xBC) in blue.
    static let box: [UInt8] =
        Array("\u{1B}[0;1;34m".utf8) + [0xC9, 0xCD, 0xCD, 0xBB] + Array("\r\n".utf8) + [0xBA] + Array("hi".utf8)
        + [0xBA] + Array("\r\n".utf8) + [0xC8, 0xCD, 0xCD, 0xBC] + Array("\u{1B}[0m\r\n".utf8)

    static func screen(_ bytes: [UInt8], name: String = "box.ans") throws -> (Screen, [String]) {
        var warnings: [String] = []
        let input = try CaptureInput.read(source: .bytes(bytes, name: name)) { warnings.append($0) }
        var replay = try CaptureReplay(input, cols: nil, rows: nil, path: name)
        return (try replay.screen(), warnings)
    }

    @Test func artWithASAUCERecordIsReadInCodePage437AtItsWidth() throws {
        let file = Self.sauced(Self.box)
        #expect(file.prefix(TerminalCapture.textCheckBytes).contains(0))  // refused before
        let (screen, warnings) = try Self.screen(file)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(screen.cols == 40)
        #expect(screen.rowText(0).hasPrefix("╔══╗"))
        #expect(screen.rowText(1).hasPrefix("║hi║"))
        #expect(screen.rowText(2).hasPrefix("╚══╝"))
        // Nothing of the record or its comment is drawn.
        let text = screen.lines().joined(separator: "\n")
        #expect(!text.contains("SAUCE") && !text.contains("COMNT") && !text.contains("tester"), "\(text)")
    }

    @Test func aRecordWithoutCommentsOrFontAndAnAmigaFont() throws {
        let (plain, _) = try Self.screen(Self.sauced(Self.box, font: "", comments: []))
        #expect(plain.rowText(0).hasPrefix("╔══╗"))
        // Amiga fonts are ISO 8859-1: 0xC9 is É.
        let (amiga, _) = try Self.screen(Self.sauced(Self.box, font: "Amiga Topaz 2+"))
        #expect(amiga.rowText(0).hasPrefix("ÉÍÍ»"))
        let (other, warnings) = try Self.screen(Self.sauced(Self.box, font: "IBM VGA 850"))
        #expect(other.rowText(0).hasPrefix("╔══╗"))
        #expect(warnings.contains { $0.contains("code page 850") }, "\(warnings)")
    }

    /// A secret in ANSI art is found like any other text.
    @Test func aValueInArtIsFound() throws {
        let art = Array("\u{1B}[1;37mpassword: Tr0ub4dor&3xKq9zLm\r\n".utf8) + [0xDB, 0xDB]
        let (screen, _) = try Self.screen(Self.sauced(art))
        #expect(try RuleSet.builtIn.findings(in: screen).map(\.ruleID) == ["password.labelled"])
    }

    @Test func binariesStayRefused() throws {
        // An executable, with or without a SAUCE-looking tail.
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array(repeating: 0, count: 200)
        for bytes in [elf, Self.sauced(elf)] {
            #expect(throws: InputError.self) { try Self.screen(bytes, name: "tool") }
        }
        // BinaryText (data type 5) and XBin (6) are screen images, not terminal text.
        for dataType: UInt8 in [5, 6] {
            let error = #expect(throws: InputError.self) {
                try Self.screen(Self.sauced(Array("abc".utf8), dataType: dataType))
            }
            #expect(error?.description.contains("data type \(dataType)") == true, "\(String(describing: error))")
        }
        // A record's tail on text that is not SAUCE (no `SAUCE00`) changes nothing.
        var notSauce = Self.sauced(Self.box)
        notSauce.replaceSubrange((notSauce.count - 128)..<(notSauce.count - 121), with: Array("SAUCY00".utf8))
        #expect(throws: InputError.self) { try Self.screen(notSauce) }
    }
}
