import Foundation
import Testing
@testable import VeilRedaction

@Suite struct ValidatorTests {
    @Test(arguments: [
        ("4111111111111111", CardBrand.visa), ("4222222222222", .visa), ("5555555555554444", .mastercard),
        ("2221000000000009", .mastercard), ("378282246310005", .amex), ("6011111111111117", .discover),
        ("6445644564456445", .discover), ("3530111333300000", .jcb), ("30569309025904", .diners),
        ("6212345678901232", .unionPay), ("6759786205770328", .maestro), ("6763048391673", .maestro),
        ("6767700220133259791", .maestro), ("5019027081779333", .dankort), ("2200642751583900", .mir),
        ("2201874213912916925", .mir), ("62048302312943545", .unionPay),
    ])
    func cardBrands(number: String, brand: CardBrand) {
        let digits = number.utf8.map { $0 - 0x30 }
        #expect(CardBrand(digits: digits) == brand)
        #expect(Luhn.isValid(digits: digits))
        #expect(CardNumber.isValid(number))
    }

    @Test func cardsNeedIssuerLengthGroupingAndLuhn() {
        #expect(!CardNumber.isValid("4111111111111112"))  // Luhn
        #expect(!CardNumber.isValid("1234567890123452"))  // Luhn-valid, no issuer
        #expect(!CardNumber.isValid("37828224631000"))  // Amex must be 15
        #expect(!CardNumber.isValid("4111-1111 1111-1111"))  // mixed separators
        #expect(!CardNumber.isValid("41 11111111 111111"))  // grouping
        #expect(CardNumber.isValid("3782 822463 10005"))
        #expect(CardNumber.verdict("6212345678901231") == .validWithContext)  // UnionPay failing Luhn
        #expect(Luhn.isValid("4111 1111-1111 1111"))
        #expect(!Luhn.isValid("4111x1111111111111"))
    }

    @Test func issuerRangesEndWhereTheirIssuersSay() {
        #expect(CardBrand(digits: "2205571752335702".utf8.map { $0 - 0x30 }) == nil)  // past Mir, before MC 2221
        #expect(CardBrand(digits: "1862145503862607".utf8.map { $0 - 0x30 }) == nil)  // UATP is 15 digits
        #expect(CardBrand(digits: "501938233988943".utf8.map { $0 - 0x30 }) == nil)  // Dankort is 16
        #expect(CardBrand(digits: "185589494032781".utf8.map { $0 - 0x30 }) == .uatp)
        // UATP: grouped 4-5-6 it is a card; bare, 15 digits starting 1 need a card word.
        #expect(CardNumber.verdict("1855 89494 032781") == .valid)
        #expect(CardNumber.verdict("185589494032781") == .validWithContext)
    }

    @Test func tokenChecksumIsGitHubsCRC32InBase62() {
        #expect(TokenChecksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)  // the CRC-32 check value
        #expect(String(decoding: TokenChecksum.base62(0), as: UTF8.self) == "000000")
        #expect(String(decoding: TokenChecksum.base62(61), as: UTF8.self) == "00000z")
        #expect(String(decoding: TokenChecksum.base62(62), as: UTF8.self) == "000010")
        #expect(TokenChecksum.isValid("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"))
        #expect(!TokenChecksum.isValid("npm_Xlo88nhcIoMjHsJCC3PPxl5wEXBbTF20Xifb"))
        #expect(!TokenChecksum.isValid("npm_Xlo88nhcIoMjHsJCC3PPxl5wEXBbTF20Xif"))
        #expect(!TokenChecksum.isValid("npm_123456"))
    }

    @Test func ibanAcceptsOneKindOfSeparator() {
        #expect(IBAN.isValid("DE89-3704-0044-0532-0130-00"))
        #expect(!IBAN.isValid("DE89-3704 0044-0532-0130-00"))
    }

    @Test func ibanChecksAndCountryLengths() {
        #expect(IBAN.isValid("DE89 3704 0044 0532 0130 00"))
        #expect(IBAN.isValid("GB29NWBK60161331926819"))
        #expect(!IBAN.isValid("DE89 3704 0044 0532 0130 01"))
        #expect(!IBAN.isValid("DE89 3704 0044 0532 0130 000"))  // 23 characters for DE
        #expect(!IBAN.isValid("XX89370400440532013000"))
        #expect(!IBAN.isValid("de89370400440532013000"))
        #expect(IBAN.lengths["NO"] == 15 && IBAN.lengths["RU"] == 33 && IBAN.lengths.count == 89)
    }

    @Test func residentIDs() throws {
        #expect(ResidentID.isValid("11010519491231002X"))
        #expect(ResidentID.isValid("11010519491231002x"))
        #expect(ResidentID.isValid("360426199101010071"))
        #expect(!ResidentID.isValid("110105194912310021"))  // check character
        #expect(!ResidentID.isValid("110105194902310026"))  // 31 February
        #expect(!ResidentID.isValid("990105194912310021"))  // province
        // Not in the future: a birth date of 2099 is valid only once 2099 has come.
        let future = "110105209912310029"
        #expect(!ResidentID.isValid(future))
        let in2100 = try #require(ISO8601DateFormatter().date(from: "2100-01-01T00:00:00Z"))
        #expect(ResidentID.isValid(future, today: in2100))
        // Leap day 2000.
        #expect(ResidentID.isValid("110105200002290022") == ResidentID.verdict("110105200002290022").isValid)
    }

    @Test func socialSecurityNumbers() {
        #expect(SSN.isValid("536-22-8714"))
        #expect(SSN.isValid("536 22 8714"))
        #expect(!SSN.isValid("536228714"))
        #expect(SSN.isValid("536228714", hasContext: true))
        for invalid in [
            "000-12-3456", "666-12-3456", "900-12-3456", "536-00-8714", "536-22-0000",
            "111-11-1111", "078-05-1120", "219-09-9999", "457-55-5462", "536-22 8714",
        ] {
            #expect(!SSN.isValid(invalid, hasContext: true), "\(invalid)")
        }
    }

    @Test func jsonWebTokens() {
        let header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"  // {"alg":"HS256","typ":"JWT"}
        let payload = "eyJzdWIiOiIxIn0"  // {"sub":"1"}
        #expect(JWT.isValid("\(header).\(payload).c2ln"))
        #expect(JWT.isValid("\(header).\(payload)."))
        #expect(!JWT.isValid("eyJ0eXAiOiJKV1QifQ.\(payload).c2ln"))  // no alg
        #expect(!JWT.isValid("\(header).bm90IGpzb24.c2ln"))  // payload not JSON
        #expect(!JWT.isValid("\(header).\(payload)"))
    }

    @Test func jsonShapeIsStrict() {
        func members(_ text: String) -> Set<String>? { JSONShape.objectMembers(Array(text.utf8)) }
        #expect(members(#"{"alg":"HS256","typ":"JWT"}"#) == ["alg", "typ"])
        #expect(members(#" { "a" : [1, -2.5e3, true, null, {"b": "\u00e9\n"}] } "#) == ["a"])
        #expect(members("{}") == [])
        for invalid in [
            "", "[]", #""alg""#, "{", #"{"a":}"#, #"{"a":1,}"#, #"{"a":01}"#, #"{"a":"x"} x"#,
            #"{a:1}"#, #"{"a":tru}"#, "{\"a\":\"\u{1}\"}",
        ] {
            #expect(members(invalid) == nil, "\(invalid)")
        }
    }

    @Test func shannonEntropy() {
        #expect(ShannonEntropy.bits("") == 0)
        #expect(ShannonEntropy.bits("aaaaaaaa") == 0)
        #expect(ShannonEntropy.bits("abcd") == 2)
        #expect(ShannonEntropy.bits("Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zku") > 4.5)
    }
}

extension Verdict {
    var isValid: Bool { self == .valid }
}
