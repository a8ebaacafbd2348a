import Foundation

/// A payment card brand, recognised by its issuer identification number (IIN) and length.
public enum CardBrand: String, Hashable, Sendable, CaseIterable {
    case visa, mastercard, amex, discover, jcb, diners, unionPay, maestro, dankort, uatp, mir, rupay, troy, verve
    case interPayment, instaPayment

    /// The brand whose IIN range and length fit `digits` (values 0–9), or nil.
    ///
    /// From the issuers' published ranges: Visa 4 (13, 16, 19 digits); Mastercard 51–55 and
    /// 2221–2720 (16); Amex 34, 37 (15); Discover 6011, 644–649, 65 (16–19); JCB 3528–3589
    /// (16–19); Diners 300–305, 36, 38–39 (14–19); UnionPay 62 (16–19); Maestro 5018,
    /// 5020, 5038, 5893, 6304, 6759, 6761–6763, 676770, 676774 (13–19); Dankort 5019 (16);
    /// UATP 1 (15); Mir 2200–2204 (16–19); RuPay 60, 508 (16); Troy 9792 (16); Verve
    /// 506099–506198, 507865–507964, 650002–650027 (16, 18, 19); InterPayment 636 (16–19);
    /// InstaPayment 637–639 (16). Not the 8-series (UnionPay 81, RuPay 81–82): bare 16-digit
    /// references starting with 8 pass Luhn one time in ten and no card shows there yet.
    public init?(digits: [UInt8]) {
        let length = digits.count
        guard length >= 13 else { return nil }
        func prefix(_ count: Int) -> Int { digits.prefix(count).reduce(0) { $0 * 10 + Int($1) } }
        let p2 = prefix(2), p3 = prefix(3), p4 = prefix(4), p6 = prefix(6)
        if digits[0] == 4 && [13, 16, 19].contains(length) {
            self = .visa
        } else if ((51...55).contains(p2) || (2221...2720).contains(p4)) && length == 16 {
            self = .mastercard
        } else if (p2 == 34 || p2 == 37) && length == 15 {
            self = .amex
        } else if (p4 == 6011 || (644...649).contains(p3) || p2 == 65) && (16...19).contains(length) {
            self = .discover
        } else if (3528...3589).contains(p4) && (16...19).contains(length) {
            self = .jcb
        } else if ((300...305).contains(p3) || p2 == 36 || p2 == 38 || p2 == 39) && (14...19).contains(length) {
            self = .diners
        } else if p2 == 62 && (16...19).contains(length) {
            self = .unionPay
        } else if ([5018, 5020, 5038, 5893, 6304, 6759, 6761, 6762, 6763].contains(p4) || p6 == 676770
            || p6 == 676774) && (13...19).contains(length)
        {
            self = .maestro
        } else if p4 == 5019 && length == 16 {
            self = .dankort
        } else if digits[0] == 1 && length == 15 {
            self = .uatp
        } else if (2200...2204).contains(p4) && (16...19).contains(length) {
            self = .mir
        } else if (p2 == 60 || p3 == 508) && length == 16 {
            self = .rupay
        } else if p4 == 9792 && length == 16 {
            self = .troy
        } else if ((506099...506198).contains(p6) || (507865...507964).contains(p6) || (650002...650027).contains(p6))
            && [16, 18, 19].contains(length)
        {
            self = .verve
        } else if p3 == 636 && (16...19).contains(length) {
            self = .interPayment
        } else if (637...639).contains(p3) && length == 16 {
            self = .instaPayment
        } else {
            return nil
        }
    }
}

/// Validation of payment card numbers as written on a screen.
public enum CardNumber {
    /// Whether `text` is a card number: digits in consistent groups (`4111 1111 1111 1111`,
    /// `4111-1111-1111-1111`, `3782 822463 10005`, or no separators), 13–19 digits, a known
    /// brand for that length, and a valid Luhn checksum.
    public static func isValid(_ text: String) -> Bool { verdict(text) == .valid }

    static func verdict(_ text: String) -> Verdict {
        var digits: [UInt8] = []
        var groups: [Int] = []
        var separator: UInt8 = 0
        var groupLength = 0
        for byte in text.utf8 {
            if ASCII.isDigit(byte) {
                digits.append(byte - 0x30)
                groupLength += 1
            } else if byte == ASCII.space || byte == ASCII.dash {
                guard groupLength > 0 else { return .invalid("separators not between digits") }
                if separator == 0 {
                    separator = byte
                } else if separator != byte {
                    return .invalid("mixed separators")
                }
                groups.append(groupLength)
                groupLength = 0
            } else {
                return .invalid("not digits and separators")
            }
        }
        guard groupLength > 0 else { return .invalid("ends with a separator") }
        groups.append(groupLength)
        guard (13...19).contains(digits.count) else { return .invalid("length \(digits.count) is not 13–19") }
        guard hasCardGrouping(groups) else { return .invalid("digit groups do not look like a card") }
        guard let brand = CardBrand(digits: digits) else { return .invalid("no issuer has this IIN and length") }
        guard Luhn.isValid(digits: digits) else {
            return brand == .unionPay ? .validWithContext : .invalid("Luhn check fails")
        }
        // UATP's only rule is "15 digits starting with 1": bare, that is any 15-digit id (a
        // snowflake, an order number); grouped 4-5-6 as printed on the card, or next to a
        // card word, it is a card.
        if brand == .uatp && groups.count == 1 { return .validWithContext }
        // 18 bare digits shaped like a Chinese resident ID (province, real birth date) — a
        // mistyped ID, say — are a card only next to a card word.
        if digits.count == 18 && groups.count == 1 && looksLikeResidentID(digits) { return .validWithContext }
        return .valid
    }

    static func looksLikeResidentID(_ digits: [UInt8]) -> Bool {
        let value = digits.map(Int.init)
        guard ResidentID.provinces.contains(value[0] * 10 + value[1]) else { return false }
        let year = value[6...9].reduce(0) { $0 * 10 + $1 }
        return ResidentID.isPastDate(
            year: year, month: value[10] * 10 + value[11], day: value[12] * 10 + value[13],
            today: Date())
    }

    /// Groups of four (the last one 1–4), 4-3-3-3, Amex 4-6-5, Diners 4-6-4, UATP 4-5-6, or
    /// one group.
    static func hasCardGrouping(_ groups: [Int]) -> Bool {
        if groups.count == 1 { return true }
        if groups == [4, 6, 5] || groups == [4, 6, 4] || groups == [4, 3, 3, 3] { return true }
        if groups == [4, 5, 6] { return true }  // UATP
        guard groups.count >= 3, let last = groups.last, (1...4).contains(last) else { return false }
        return groups.dropLast().allSatisfy { $0 == 4 }
    }
}
