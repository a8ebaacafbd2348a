import Foundation

/// The SAUCE record ANSI art carries at its end (the Standard Architecture for Universal
/// Comment Extensions, 1994: a 128-byte record starting `SAUCE00`, optionally after a
/// `COMNT` block of 64-byte comment lines, after an end-of-file byte 0x1A): what the art is
/// and how to show it. Its fixed-width fields are padded with spaces or NUL bytes, so a file
/// that has one would fail the binary check; the record is read and removed before it, and
/// the art's bytes decoded in the character set the record declares.
///
/// Only the fields that change what a terminal shows are kept: the data and file type (only
/// character data is terminal text), the width in characters (`TInfo1` of ASCII, ANSI and
/// ANSImation files) and the font, which names the character set (`IBM VGA`, `IBM EGA43`…:
/// code page 437 unless the name gives another number; `Amiga …`: ISO 8859-1). The title,
/// author, group and comments are not read.
struct SAUCERecord: Sendable, Equatable {
    /// How the art's bytes map to characters.
    enum CharacterSet: Sendable, Equatable {
        /// IBM PC code page 437 (box drawing, shades, blocks above 0x7F).
        case cp437
        /// ISO 8859-1: each byte is the code point of the same value.
        case latin1
        /// As they are (UTF-8): a font the record names that Veil does not know, or none.
        case asIs
    }

    /// The data type (1: character data; 5: BinaryText, 6: XBin and the others are not
    /// terminal text).
    var dataType: UInt8
    /// The file type within the data type (for character data: 0 ASCII, 1 ANSI, 2 ANSImation…).
    var fileType: UInt8
    /// The width in characters the art is drawn for, when the record gives one.
    var width: Int?
    /// The font's name (`TInfoS`), empty when not given.
    var font: String
    /// How many bytes at the end of the file are the record (with its comment block and the
    /// end-of-file byte before them).
    var trailerLength: Int

    /// The record at the end of `bytes`, or nil when there is none (or it is malformed: its
    /// comment count points at no `COMNT` block, in which case only the record is removed).
    static func read(_ bytes: [UInt8]) -> SAUCERecord? {
        guard bytes.count >= 128 else { return nil }
        let start = bytes.count - 128
        guard bytes[start..<(start + 7)].elementsEqual("SAUCE00".utf8) else { return nil }
        func field(_ offset: Int) -> UInt8 { bytes[start + offset] }
        func word(_ offset: Int) -> Int { Int(field(offset)) | Int(field(offset + 1)) << 8 }
        let dataType = field(94)
        let fileType = field(95)
        let characterWidth = dataType == 1 && fileType <= 2 ? word(96) : 0
        let font = String(decoding: bytes[(start + 106)..<(start + 128)].prefix { $0 != 0 }, as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
        var trailer = 128
        let comments = Int(field(104))
        let block = 5 + 64 * comments
        if comments > 0, start >= block, bytes[(start - block)..<(start - block + 5)].elementsEqual("COMNT".utf8) {
            trailer += block
        }
        if bytes.count > trailer, bytes[bytes.count - trailer - 1] == 0x1A { trailer += 1 }
        return SAUCERecord(
            dataType: dataType, fileType: fileType, width: characterWidth > 0 ? characterWidth : nil, font: font,
            trailerLength: trailer)
    }

    /// Whether the art is character data a terminal shows (ASCII, ANSI, ANSImation, PCBoard,
    /// Avatar and the like), not a binary screen image (BinaryText, XBin) or a bitmap.
    var isCharacterData: Bool { dataType == 1 || dataType == 0 }

    /// The character set the font names (the SAUCE specification's font names: `IBM …` fonts
    /// are code page 437 unless a number names another, which Veil reads as 437 too with a
    /// warning; `Amiga …` fonts ISO 8859-1). No font: code page 437, the specification's
    /// default for character data.
    var characterSet: CharacterSet {
        if font.isEmpty || font.hasPrefix("IBM ") { return .cp437 }
        if font.hasPrefix("Amiga ") { return .latin1 }
        return .asIs
    }

    /// The code page an `IBM …` font names when it is not 437 (`IBM VGA 850` → 850).
    var otherCodePage: Int? {
        guard font.hasPrefix("IBM "), let last = font.split(separator: " ").last, let page = Int(last), page != 437
        else { return nil }
        return page
    }

    /// `bytes` without the record, decoded from ``characterSet`` to UTF-8 (bytes below 0x80
    /// are ASCII in every one of them and stay as they are: ESC, CR, LF and the sequences).
    func art(of bytes: [UInt8]) -> [UInt8] {
        let data = bytes[..<(bytes.count - trailerLength)]
        switch characterSet {
        case .asIs:
            return Array(data)
        case .cp437, .latin1:
            var out: [UInt8] = []
            out.reserveCapacity(data.count + data.count / 2)
            for byte in data {
                if byte < 0x80 {
                    out.append(byte)
                } else {
                    let scalar =
                        characterSet == .cp437
                        ? Self.cp437High[Int(byte) - 0x80] : Unicode.Scalar(byte)
                    out += Array(String(Character(scalar)).utf8)
                }
            }
            return out
        }
    }

    /// Code page 437's characters 0x80…0xFF (IBM's PC character set, as Unicode's mapping
    /// table gives them).
    static let cp437High: [Unicode.Scalar] = Array(
        ("ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐"
            + "└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}").unicodeScalars)
}
