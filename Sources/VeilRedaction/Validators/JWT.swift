/// JSON Web Tokens (RFC 7519) in compact form: `header.payload.signature`.
public enum JWT {
    /// Whether `text` is three dot-separated base64url parts whose first two decode to JSON
    /// objects, the first (the header) holding an `alg` member.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = base64URLDecode(parts[0]), let header = JSONShape.objectMembers(headerBytes),
            header.contains("alg"),
            let payloadBytes = base64URLDecode(parts[1]), JSONShape.objectMembers(payloadBytes) != nil
        else { return false }
        return parts[2].allSatisfy(ASCII.isBase64URL)
    }

    /// Decodes unpadded base64url (`-` and `_` for `+` and `/`); nil if it is not.
    static func base64URLDecode<Bytes: Collection<UInt8>>(_ part: Bytes) -> [UInt8]? {
        guard part.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(part.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in part {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}
