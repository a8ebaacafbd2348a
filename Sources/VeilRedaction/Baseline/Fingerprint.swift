import Crypto
import Foundation

/// Content fingerprints of findings: a truncated, keyed (salted) SHA-256 of the whole
/// normalized match.
///
/// The salt keeps fingerprints from being a plain hash: a bare SHA-256 of an 11-digit phone
/// number is brute-forced in seconds. HMAC-SHA256 with the salt as key is used, the
/// standard way to salt a hash. Positions never enter a fingerprint, so a finding keeps its
/// identity when it moves on the screen, and two different secrets on one line differ.
public enum Fingerprint {
    /// The salt of ``Finding/fingerprint``; a ``Baseline`` carries its own. It is public, so
    /// fingerprints under it are for in-memory identity only, never for output (see
    /// ``Finding/fingerprint``).
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
        var authenticator = keyed(salt)
        var text = normalized
        text.withUTF8 { authenticator.update(data: UnsafeRawBufferPointer($0)) }
        return hex(authenticator.finalize())
    }

    /// The fingerprint of `match` normalized: `compute(normalize(match), salt:)`, without
    /// building the normalized string when `match` is ASCII.
    static func of(_ match: String, salt: [UInt8]) -> String {
        var text = match
        let ascii: [UInt8]? = text.withUTF8 { utf8 in
            var out: [UInt8] = []
            out.reserveCapacity(utf8.count)
            for byte in utf8 {
                if byte >= 0x80 { return nil }
                if byte == 0x20 || byte &- 0x09 <= 0x0D - 0x09 || byte == 0x2D { continue }
                out.append(byte)
            }
            return out
        }
        guard let ascii else { return compute(normalize(match), salt: salt) }
        var authenticator = keyed(salt)
        ascii.withUnsafeBytes { authenticator.update(data: $0) }
        return hex(authenticator.finalize())
    }

    /// An HMAC keyed with `salt` (the default salt's is made once and copied).
    private static func keyed(_ salt: [UInt8]) -> HMAC<SHA256> {
        if salt.isEmpty || salt == defaultSalt { return defaultKeyed }
        return HMAC<SHA256>(key: SymmetricKey(data: salt))
    }

    private static let defaultKeyed = HMAC<SHA256>(key: SymmetricKey(data: defaultSalt))

    /// The first ``length`` hex digits of `code`.
    private static func hex(_ code: HMAC<SHA256>.MAC) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: length) { out in
            code.withUnsafeBytes { bytes in
                for i in 0..<(length / 2) {
                    out[2 * i] = digits.utf8Start[Int(bytes[i] >> 4)]
                    out[2 * i + 1] = digits.utf8Start[Int(bytes[i] & 0x0F)]
                }
            }
            return length
        }
    }
}
