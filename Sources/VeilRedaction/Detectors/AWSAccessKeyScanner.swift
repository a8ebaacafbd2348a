/// `aws.access_key`: access key ids `(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}`, and
/// the 40-character secret access key, but only right after a label such as
/// `aws_secret_access_key =` (alone, 40 base64 characters are anything).
struct AWSAccessKeyScanner: NativeScanner {
    private static let labels: [[UInt8]] = [
        "aws_secret_access_key", "aws-secret-access-key",
        "secret_access_key", "secretaccesskey",
    ].map { Array($0.utf8) }

    @inline(__always) private static func isBase32(_ b: UInt8) -> Bool {
        ASCII.isUpper(b) || (b >= 0x32 && b <= 0x37)
    }

    @inline(__always) private static func isSecretCharacter(_ b: UInt8) -> Bool {
        ASCII.isAlnum(b) || b == ASCII.slash || b == ASCII.plus || b == ASCII.equals
    }

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 20 <= n {
            let b = line[i]
            if b == 0x41, line.alnumBoundary(before: i), hasKeyPrefix(line, at: i),
                (i + 4..<i + 20).allSatisfy({ Self.isBase32(line[$0]) }), line.alnumBoundary(at: i + 20)
            {
                candidates.append(Candidate(match: i..<(i + 20), secret: i..<(i + 20)))
                i += 20
                continue
            }
            if (b | 0x20) == 0x61 || (b | 0x20) == 0x73, let candidate = labelledSecret(line, at: i) {
                candidates.append(candidate)
                i = candidate.match.upperBound
                continue
            }
            i += 1
        }
    }

    private func hasKeyPrefix(_ line: UTF8Line, at i: Int) -> Bool {
        line.hasPrefix("AKIA", at: i) || line.hasPrefix("ASIA", at: i) || line.hasPrefix("ABIA", at: i)
            || line.hasPrefix("ACCA", at: i)
            || (line.hasPrefix("A3T", at: i) && ASCII.isAlnum(line[i + 3])
                && !ASCII.isLower(line[i + 3]))
    }

    private func labelledSecret(_ line: UTF8Line, at i: Int) -> Candidate? {
        guard let label = Self.labels.first(where: { line.matchesLowercase($0, at: i) }) else { return nil }
        let n = line.count
        var j = i + label.count
        if j < n && (line[j] == ASCII.quote || line[j] == ASCII.apostrophe) { j += 1 }
        j = line.skippingWhitespace(from: j)
        guard j < n, line[j] == ASCII.colon || line[j] == ASCII.equals else { return nil }
        j = line.skippingWhitespace(from: j + 1)
        if j < n && (line[j] == ASCII.quote || line[j] == ASCII.apostrophe) { j += 1 }
        let start = j
        while j < n && Self.isSecretCharacter(line[j]) { j += 1 }
        guard j - start == 40 else { return nil }
        return Candidate(match: i..<j, secret: start..<j)
    }
}
