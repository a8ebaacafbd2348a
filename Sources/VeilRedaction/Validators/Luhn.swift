/// The Luhn (mod 10) checksum of payment card numbers.
///
/// From the rightmost digit, every second digit is doubled (minus 9 when above 9); the
/// number is valid when the sum is a multiple of 10. Luhn alone accepts one random digit
/// string in ten, so card detection also checks the issuer and the length (``CardNumber``).
public enum Luhn {
    /// Whether digit values (0–9, most significant first) pass the Luhn check.
    public static func isValid(digits: [UInt8]) -> Bool {
        guard !digits.isEmpty else { return false }
        var sum = 0
        var double = false
        for digit in digits.reversed() {
            var value = Int(digit)
            if double {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
            double.toggle()
        }
        return sum % 10 == 0
    }

    /// Whether the digits of `number` pass the Luhn check; `[ -]` separators are ignored,
    /// any other character makes it invalid.
    public static func isValid(_ number: String) -> Bool {
        var digits: [UInt8] = []
        for byte in number.utf8 {
            if ASCII.isDigit(byte) {
                digits.append(byte - 0x30)
            } else if byte != ASCII.space && byte != ASCII.dash {
                return false
            }
        }
        return isValid(digits: digits)
    }
}
