/// Cloud and service tokens that announce themselves with a documented prefix, each in its
/// vendor's documented format: one scanner, one ``ServiceTokenScanner/Service`` per rule.
///
/// - GitLab: `glpat-`, `glptt-`, `gldt-`, `glrt-`, `glcbt-`, `glimt-`, `glagent-`, `gloas-`,
///   `glsoat-`, `glffct-`, `glft-` and 20–310 of `[A-Za-z0-9_-]` (routable tokens add
///   `.`-separated parts).
/// - npm: `npm_` and 36 of `[A-Za-z0-9]`, the last 6 a base62 CRC-32 of the first 30 (the
///   rule's `crc32-base62` validator).
/// - PyPI: `pypi-` and a base64url macaroon whose location is `pypi.org` or `test.pypi.org`.
/// - Stripe: `sk_live_`, `rk_live_` and 20–247 of `[A-Za-z0-9]`; webhook secrets `whsec_`
///   and 32–128.
/// - Google API key: `AIza` and 35 of `[A-Za-z0-9_-]`.
/// - OpenAI-style: `sk-proj-`, `sk-svcacct-`, `sk-admin-` and 20 or more of `[A-Za-z0-9_-]`;
///   `sk-` and 32 or more of `[A-Za-z0-9]`, letters and digits.
/// - Anthropic: `sk-ant-` and 80 or more of `[A-Za-z0-9_-]`.
/// - Twilio account and API key SIDs: `AC` or `SK` and 32 lowercase hex digits.
/// - SendGrid: `SG.`, 22 of `[A-Za-z0-9_-]`, `.`, 43 of `[A-Za-z0-9_-]`.
/// - Docker Hub: `dckr_pat_`, `dckr_oat_` and 24–64 of `[A-Za-z0-9_-]`.
/// - Hugging Face: `hf_` or `api_org_` and 34 of `[A-Za-z0-9]`.
/// - HashiCorp Vault: `hvs.`, `hvb.`, `hvr.` and 24 or more of `[A-Za-z0-9_-]`.
/// - Airtable personal access token: `pat`, 14 of `[A-Za-z0-9]`, `.` and 64 lowercase hex
///   digits; not after `.` or `-`, nor before `+`, `/`, `=` or `-` (a native scanner because
///   its keyword, `pat`, is in `path` and `pattern` on every other screen, where a pattern
///   would start the regex engine).
///
/// A token starts after a byte that is not `[A-Za-z0-9_]` and ends before one that is not
/// in its alphabet. Placeholders (`npm_xxxx…`) are shaped like tokens: the rules'
/// placeholder allowlists let them through, and `veil scan --verbose` lists them.
struct ServiceTokenScanner: NativeScanner {
    enum Service: Sendable {
        case gitlab, npm, pypi, stripe, google, openAI, anthropic, twilio, sendGrid, dockerHub, huggingFace, vault,
            airtable
    }

    let service: Service

    private static let gitlabPrefixes: [StaticString] = [
        "glpat-", "glptt-", "gldt-", "glrt-", "glcbt-", "glimt-", "glagent-", "gloas-", "glsoat-", "glffct-", "glft-",
    ]
    /// The base64url of a PyPI macaroon's first bytes: version 2, location `pypi.org` or
    /// `test.pypi.org`.
    private static let pypiLocations: [StaticString] = ["AgEIcHlwaS5vcmc", "AgENdGVzdC5weXBpLm9yZw"]

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 20 <= n {
            guard i == 0 || !ASCII.isWord(line[i - 1]), let end = tokenEnd(line, at: i) else {
                i += 1
                continue
            }
            candidates.append(Candidate(match: i..<end, secret: i..<end))
            i = end
        }
    }

    /// The end of this service's token starting at `i`, or nil.
    private func tokenEnd(_ line: UTF8Line, at i: Int) -> Int? {
        switch service {
        case .gitlab:
            guard line[i] == 0x67, line[i + 1] == 0x6C,
                let prefix = Self.gitlabPrefixes.first(where: { line.hasPrefix($0, at: i) })
            else { return nil }
            return body(line, from: i + prefix.utf8CodeUnitCount, 20...310, dotted: true, ASCII.isBase64URL)
        case .npm:
            guard line.hasPrefix("npm_", at: i) else { return nil }
            return body(line, from: i + 4, 36...36, ASCII.isAlnum)
        case .pypi:
            guard line.hasPrefix("pypi-", at: i),
                Self.pypiLocations.contains(where: { line.hasPrefix($0, at: i + 5) })
            else { return nil }
            return body(line, from: i + 5, 50...4096, ASCII.isBase64URL)
        case .stripe:
            if line.hasPrefix("sk_live_", at: i) || line.hasPrefix("rk_live_", at: i) {
                return body(line, from: i + 8, 20...247, ASCII.isAlnum)
            }
            guard line.hasPrefix("whsec_", at: i) else { return nil }
            return body(line, from: i + 6, 32...128, ASCII.isAlnum)
        case .google:
            guard line.hasPrefix("AIza", at: i) else { return nil }
            return body(line, from: i + 4, 35...35, ASCII.isBase64URL)
        case .openAI:
            guard line.hasPrefix("sk-", at: i), !line.hasPrefix("sk-ant-", at: i) else { return nil }
            for prefix: StaticString in ["sk-proj-", "sk-svcacct-", "sk-admin-"] where line.hasPrefix(prefix, at: i) {
                return body(line, from: i + prefix.utf8CodeUnitCount, 20...512, ASCII.isBase64URL)
            }
            guard let end = body(line, from: i + 3, 32...256, ASCII.isAlnum),
                (i + 3..<end).contains(where: { ASCII.isDigit(line[$0]) }),
                (i + 3..<end).contains(where: { ASCII.isLetter(line[$0]) })
            else { return nil }
            return end
        case .anthropic:
            guard line.hasPrefix("sk-ant-", at: i) else { return nil }
            return body(line, from: i + 7, 80...512, ASCII.isBase64URL)
        case .twilio:
            guard line.hasPrefix("AC", at: i) || line.hasPrefix("SK", at: i) else { return nil }
            return body(line, from: i + 2, 32...32) { ASCII.isDigit($0) || $0 &- 0x61 < 6 }
        case .sendGrid:
            guard line.hasPrefix("SG.", at: i), i + 69 <= line.count, line[i + 25] == ASCII.dot,
                (i + 3..<i + 25).allSatisfy({ ASCII.isBase64URL(line[$0]) })
            else { return nil }
            return body(line, from: i + 26, 43...43, ASCII.isBase64URL)
        case .dockerHub:
            guard line.hasPrefix("dckr_pat_", at: i) || line.hasPrefix("dckr_oat_", at: i) else { return nil }
            return body(line, from: i + 9, 24...64, ASCII.isBase64URL)
        case .huggingFace:
            if line.hasPrefix("hf_", at: i) { return body(line, from: i + 3, 34...34, ASCII.isAlnum) }
            guard line.hasPrefix("api_org_", at: i) else { return nil }
            return body(line, from: i + 8, 34...34, ASCII.isAlnum)
        case .vault:
            guard line[i] == 0x68, line[i + 1] == 0x76, [0x73, 0x62, 0x72].contains(line[i + 2]),
                line[i + 3] == ASCII.dot
            else { return nil }
            return body(line, from: i + 4, 24...512, ASCII.isBase64URL)
        case .airtable:
            let end = i + 82
            guard line.hasPrefix("pat", at: i), end <= line.count,
                i == 0 || (line[i - 1] != ASCII.dot && line[i - 1] != ASCII.dash),
                (i + 3..<i + 17).allSatisfy({ ASCII.isAlnum(line[$0]) }), line[i + 17] == ASCII.dot,
                (i + 18..<end).allSatisfy({ ASCII.isDigit(line[$0]) || line[$0] &- 0x61 < 6 })
            else { return nil }
            guard end == line.count || !(ASCII.isWord(line[end]) || Self.airtableNotAfter.contains(line[end])) else {
                return nil
            }
            return end
        }
    }

    /// The bytes besides word characters an Airtable token may not run into: `+ / = -`.
    private static let airtableNotAfter: [UInt8] = [ASCII.plus, ASCII.slash, ASCII.equals, ASCII.dash]

    /// The end of a body of `length` characters of `alphabet` starting at `start` (with
    /// `dotted`, `.`-separated parts count too), or nil when its length is outside.
    @inline(__always)
    private func body(
        _ line: UTF8Line, from start: Int, _ length: ClosedRange<Int>, dotted: Bool = false,
        _ alphabet: (UInt8) -> Bool
    ) -> Int? {
        var j = start
        let n = line.count
        while j < n {
            if alphabet(line[j]) {
                j += 1
            } else if dotted && line[j] == ASCII.dot && j > start && j + 1 < n && ASCII.isAlnum(line[j + 1]) {
                j += 1
            } else {
                break
            }
        }
        guard length.contains(j - start), j == n || !ASCII.isWord(line[j]) else { return nil }
        return j
    }
}
