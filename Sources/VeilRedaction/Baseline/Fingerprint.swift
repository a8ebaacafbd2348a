import Crypto

/// Content fingerprints of findings: a truncated, keyed (salted) SHA-256 of the whole
/// normalized match.
///
/// The salt keeps fingerprints from being a plain hash: a bare SHA-256 of an 11-digit phone
/// number is brute-forced in seconds. HMAC-SHA256 with the salt as key is used, the
/// standard way to salt a hash. Positions never enter a fingerprint, so a finding keeps its
/// identity when it moves on the screen, and two different secrets on one line differ.
public enum Fingerprint {
    /// The salt of ``Finding/fingerprint``; a ``Baseline`` carries its own.
    public static let defaultSalt: [UInt8] = Array("veil.fingerprint.v1".utf8)

    /// Hex digits kept from the HMAC (64 bits).
    public static let length = 16

    /// The match with separators (whitespace and `-`) removed: `4111 1111-1111 1111` and
    /// `4111111111111111` are the same card.
    public static func normalize(_ match: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in match.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                // ASCII fast path: space, tab, newline, CR, form feed, vertical tab, '-'.
                if value == 0x20 || (0x09...0x0D).contains(value) || value == 0x2D { continue }
            } else if scalar.properties.isWhitespace {
                continue
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// The fingerprint of already normalized text.
    public static func compute(_ normalized: String, salt: [UInt8]) -> String {
        let key = SymmetricKey(data: salt.isEmpty ? defaultSalt : salt)
        let code = HMAC<SHA256>.authenticationCode(for: Array(normalized.utf8), using: key)
        var hex = ""
        hex.reserveCapacity(length)
        for byte in code.prefix(length / 2) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return hex
    }

    private static let hexDigits: [Character] = Array("0123456789abcdef")
}
