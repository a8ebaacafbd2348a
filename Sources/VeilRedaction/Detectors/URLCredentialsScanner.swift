/// `url.credentials`: the password of a URL that carries credentials,
/// `scheme://user:password@host` (`postgres://app:…@db:5432/app`, `redis://:…@cache`),
/// as the regex `(?i)[a-z][a-z0-9+.-]*://[^\s:/@]*:([^\s/@]+)@[a-z0-9.\[-]` says. Only the
/// password is hidden. Placeholders (`user:password@`, `${DB_PASSWORD}`, `<password>`) are
/// let through by the rule's allowlist.
struct URLCredentialsScanner: NativeScanner {
    @inline(__always) private static func isSchemeCharacter(_ b: UInt8) -> Bool {
        ASCII.isAlnum(b) || b == ASCII.plus || b == ASCII.dot || b == ASCII.dash
    }

    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool {
        b == ASCII.space || b == ASCII.tab
    }

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 1
        while i + 3 < n {
            guard line[i] == ASCII.colon, line[i + 1] == ASCII.slash, line[i + 2] == ASCII.slash else {
                i += 1
                continue
            }
            // The scheme: a letter, then letters, digits, `+`, `.`, `-`.
            var schemeStart = i
            while schemeStart > 0 && Self.isSchemeCharacter(line[schemeStart - 1]) { schemeStart -= 1 }
            while schemeStart < i && !ASCII.isLetter(line[schemeStart]) { schemeStart += 1 }
            let userStart = i + 3
            i = userStart
            guard schemeStart < i - 3 else { continue }
            // user, `:`, password, `@`, host.
            var j = userStart
            while j < n && line[j] != ASCII.colon && line[j] != ASCII.slash && line[j] != ASCII.at
                && !Self.isSpace(line[j])
            {
                j += 1
            }
            guard j < n, line[j] == ASCII.colon else { continue }
            let secretStart = j + 1
            j = secretStart
            while j < n && line[j] != ASCII.slash && line[j] != ASCII.at && !Self.isSpace(line[j]) { j += 1 }
            guard j > secretStart, j + 1 < n, line[j] == ASCII.at,
                ASCII.isAlnum(line[j + 1]) || line[j + 1] == 0x5B
            else { continue }
            var hostEnd = j + 1
            while hostEnd < n
                && (ASCII.isAlnum(line[hostEnd]) || line[hostEnd] == ASCII.dot || line[hostEnd] == ASCII.dash)
            {
                hostEnd += 1
            }
            candidates.append(Candidate(match: schemeStart..<hostEnd, secret: secretStart..<j))
            i = hostEnd
        }
    }
}
