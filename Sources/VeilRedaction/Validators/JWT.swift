import Foundation

/// JSON Web Tokens (RFC 7519) in compact form: `header.payload.signature`.
public enum JWT {
    /// Whether `text` is three dot-separated base64url parts whose first two decode to JSON
    /// objects, the first (the header) holding an `alg` member.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let header = decodeObject(parts[0]), header["alg"] != nil,
              decodeObject(parts[1]) != nil
        else { return false }
        return parts[2].utf8.allSatisfy(ASCII.isBase64URL)
    }

    /// The JSON object in a base64url part, or nil.
    static func decodeObject(_ part: Substring) -> [String: Any]? {
        guard let data = base64URLDecode(part) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Decodes unpadded base64url (`-` and `_` for `+` and `/`).
    static func base64URLDecode(_ part: Substring) -> Data? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard text.count % 4 != 1 else { return nil }
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text)
    }
}
