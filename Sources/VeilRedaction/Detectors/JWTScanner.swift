/// `jwt`: `eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*`, found from each
/// `eyJ` (base64url of `{"`). The `jwt` validator decodes header and payload.
struct JWTScanner: NativeScanner {
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 30 <= n {
            guard line[i] == 0x65, line.hasPrefix("eyJ", at: i),
                i == 0 || !ASCII.isBase64URL(line[i - 1])
            else { i += 1; continue }
            guard let headerEnd = Self.part(line, from: i), headerEnd < n, line[headerEnd] == ASCII.dot,
                line.hasPrefix("eyJ", at: headerEnd + 1),
                let payloadEnd = Self.part(line, from: headerEnd + 1), payloadEnd < n, line[payloadEnd] == ASCII.dot
            else { i += 3; continue }
            var end = payloadEnd + 1
            while end < n && ASCII.isBase64URL(line[end]) { end += 1 }
            candidates.append(Candidate(match: i..<end, secret: i..<end))
            i = end
        }
    }

    /// The end of `eyJ[A-Za-z0-9_-]{10,}` at `start`, or nil.
    private static func part(_ line: UTF8Line, from start: Int) -> Int? {
        var j = start + 3
        while j < line.count && ASCII.isBase64URL(line[j]) { j += 1 }
        return j - start >= 13 ? j : nil
    }
}
