/// `private_key`: a PEM or PGP header `-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`.
/// The header is enough; hiding continues down to the matching `-----END … PRIVATE KEY`
/// line, or to the bottom of the screen when the END line is not visible.
struct PrivateKeyScanner: NativeScanner {
    @inline(__always) private static func isHeaderCharacter(_ b: UInt8) -> Bool {
        b == ASCII.space || ASCII.isUpper(b) || ASCII.isDigit(b) || b == ASCII.underscore || b == ASCII.dash
    }

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 27 <= n {  // "-----BEGIN PRIVATE KEY-----" is the shortest header
            guard line[i] == ASCII.dash, line.hasPrefix("-----BEGIN", at: i) else { i += 1; continue }
            if let end = Self.headerEnd(line, from: i + 10) {
                candidates.append(Candidate(match: i..<end, secret: i..<end, continuesToEndMarker: true))
                i = end
            } else {
                i += 10
            }
        }
    }

    /// The end of `[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----` at `start`, or nil.
    static func headerEnd(_ line: UTF8Line, from start: Int) -> Int? {
        var p = start
        while p <= start + 100 && p < line.count {
            if line.hasPrefix("PRIVATE KEY", at: p) {
                var q = p + 11
                if line.hasPrefix(" BLOCK", at: q) { q += 6 }
                if line.hasPrefix("-----", at: q) { return q + 5 }
            }
            guard isHeaderCharacter(line[p]) else { return nil }
            p += 1
        }
        return nil
    }

    /// Whether `line` holds the END line of a private key block, and where it ends.
    static func endMarkerEnd(_ line: UTF8Line) -> Int? {
        let n = line.count
        var i = 0
        while i + 8 <= n {
            if line[i] == ASCII.dash, line.hasPrefix("-----END", at: i) {
                var p = i + 8
                while p < n && p <= i + 120 {
                    if line.hasPrefix("PRIVATE KEY", at: p) {
                        var q = p + 11
                        if line.hasPrefix(" BLOCK", at: q) { q += 6 }
                        while q < n && line[q] == ASCII.dash { q += 1 }
                        return q
                    }
                    p += 1
                }
            }
            i += 1
        }
        return nil
    }
}
