/// A checksum or structure check that a candidate must pass, named by a rule's `validate`.
///
/// Validators see the hidden part of a match (the secret group) as text; separators
/// (`[ -]`) are checked for consistency and stripped before any checksum.
public enum Validator: String, Hashable, Sendable, CaseIterable {
    /// Payment card number: length 13–19, a known issuer (IIN) for that length, consistent
    /// separators, and the Luhn checksum. Only next to a context word: a UnionPay number
    /// failing Luhn, and 18 bare digits shaped like a Chinese resident ID.
    case luhn
    /// IBAN: the country's length (ISO 13616 registry) and `mod 97 == 1`.
    case ibanMod97 = "iban-mod97"
    /// Chinese resident ID (居民身份证): province, a real non-future birth date, and the
    /// ISO 7064 MOD 11-2 check character.
    case cnResidentID = "cn-resident-id"
    /// US social security number: area, group and serial ranges; the bare 9-digit form
    /// passes only next to a context word.
    case ssn
    /// JSON Web Token: header and payload are base64url JSON objects, the header has `alg`.
    case jwt
    /// GitHub-format token (npm's `npm_…`): the last six characters are the base62 CRC-32
    /// of the random part before them.
    case crc32Base62 = "crc32-base62"
    /// GitHub tokens: a classic token (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` and 36
    /// characters) ends in the base62 CRC-32 of its 30 random characters, as GitHub documents
    /// for its token format; a fine-grained token (`github_pat_…`) carries no documented
    /// checksum and passes.
    case githubChecksum = "github-checksum"
    /// Bech32 (BIP 173): a human-readable part, `1`, data and a six-character checksum that
    /// holds (`age` secret keys).
    case bech32
    /// The value looks random, not like a placeholder: no character six times in a row, no
    /// counting run of seven, no documentation word (``RandomToken``). A value failing it is
    /// listed among the placeholders (`veil scan --verbose`).
    case random

    /// The verdict on a candidate's text.
    func verdict(_ text: String) -> Verdict {
        switch self {
        case .luhn: CardNumber.verdict(text)
        case .ibanMod97: IBAN.isValid(text) ? .valid : .invalid("IBAN length or mod 97 check fails")
        case .cnResidentID: ResidentID.verdict(text)
        case .ssn: SSN.verdict(text)
        case .jwt: JWT.isValid(text) ? .valid : .invalid("not base64url JSON with an alg header")
        case .crc32Base62: TokenChecksum.isValid(text) ? .valid : .invalid("the CRC-32 checksum suffix does not match")
        case .githubChecksum:
            text.hasPrefix("github_pat_") || TokenChecksum.isValid(text)
                ? .valid : .invalid("the CRC-32 checksum suffix does not match")
        case .bech32: Bech32.isValid(text) ? .valid : .invalid("the bech32 checksum does not hold")
        case .random: RandomToken.placeholderReason(text).map { .invalid($0) } ?? .valid
        }
    }
}

/// What a validator says about a candidate.
enum Verdict: Hashable, Sendable {
    /// Valid.
    case valid
    /// Valid only if a context word of the rule occurs near the match.
    case validWithContext
    /// Not valid, and why (never containing the candidate's text).
    case invalid(String)
}
