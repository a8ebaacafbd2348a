import Foundation

/// Chinese resident identity card numbers (居民身份证号码, GB 11643-1999).
///
/// 18 characters: a 6-digit address code whose first two digits are a province, the birth
/// date `YYYYMMDD`, a 3-digit sequence number, and a check character: S = Σ aᵢ·Wᵢ with
/// W = [7,9,10,5,8,4,2,1,6,3,7,9,10,5,8,4,2], check = `"10X98765432"[S mod 11]`
/// (ISO 7064 MOD 11-2).
public enum ResidentID {
    static let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    static let checkCharacters: [UInt8] = Array("10X98765432".utf8)
    /// Province-level codes: the first two digits of the address code.
    static let provinces: Set<Int> = [
        11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46,
        50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 91,
    ]

    /// Whether `text` is a valid resident ID number on `today` (the birth date must be real
    /// and not in the future). A lowercase `x` check character is accepted.
    public static func isValid(_ text: String, today: Date = Date()) -> Bool {
        verdict(text, today: today) == .valid
    }

    static func verdict(_ text: String, today: Date = Date()) -> Verdict {
        let bytes = Array(text.utf8)
        guard bytes.count == 18, bytes[..<17].allSatisfy(ASCII.isDigit) else {
            return .invalid("not 17 digits and a check character")
        }
        let digits = bytes[..<17].map { Int($0 - 0x30) }
        guard provinces.contains(digits[0] * 10 + digits[1]) else { return .invalid("unknown province code") }
        let year = digits[6...9].reduce(0) { $0 * 10 + $1 }
        let month = digits[10] * 10 + digits[11]
        let day = digits[12] * 10 + digits[13]
        guard isPastDate(year: year, month: month, day: day, today: today) else {
            return .invalid("birth date is not a real past date")
        }
        let sum = zip(digits, weights).reduce(0) { $0 + $1.0 * $1.1 }
        let check = bytes[17] == UInt8(ascii: "x") ? UInt8(ascii: "X") : bytes[17]
        return check == checkCharacters[sum % 11] ? .valid : .invalid("MOD 11-2 check character is wrong")
    }

    /// Whether the date exists in the Gregorian calendar, is from 1800 on, and is not after
    /// `today` (UTC).
    static func isPastDate(year: Int, month: Int, day: Int, today: Date) -> Bool {
        guard year >= 1800, (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = month == 2 ? (leap ? 29 : 28) : (month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31)
        guard day <= days else { return false }
        return (year, month, day) <= utcDate(of: today)
    }

    /// The Gregorian year, month and day of `date` in UTC, computed from the seconds since
    /// 1970 (H. Hinnant's `civil_from_days`): a `Calendar` would load ICU's calendar and
    /// time zone data, 2.4 MB of `veil snap`'s resident memory.
    static func utcDate(of date: Date) -> (year: Int, month: Int, day: Int) {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
