/// `phone.cn_mobile`: `(?:\+?86[ -]?)?1[3-9]\d{9}`, also in 3-4-4 groups
/// (`138 1234 5678`, `+86-138-1234-5678`), with no letter or digit on either side.
struct ChineseMobileScanner: NativeScanner {
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i < n {
            let b = line[i]
            guard (b == ASCII.plus || b == 0x38 || b == 0x31), line.alnumBoundary(before: i),
                !line.followsDecimalPoint(i)
            else { i += 1; continue }
            var number = i
            if b == ASCII.plus || b == 0x38 {
                // Country code: "+86" or "86", then an optional separator.
                var p = b == ASCII.plus ? i + 1 : i
                guard p + 1 < n, line[p] == 0x38, line[p + 1] == 0x36 else { i += 1; continue }
                p += 2
                if p < n && (line[p] == ASCII.space || line[p] == ASCII.dash) { p += 1 }
                number = p
            }
            if let end = Self.mobileEnd(in: line, from: number) {
                candidates.append(Candidate(match: i..<end, secret: i..<end))
                i = end
            } else {
                i += 1
            }
        }
    }

    /// The end of `1[3-9]\d{9}` or `1[3-9]\d[ -]\d{4}[ -]\d{4}` at `start`, or nil.
    static func mobileEnd(in line: UTF8Line, from start: Int) -> Int? {
        let n = line.count
        guard start + 11 <= n, line[start] == 0x31, line[start + 1] >= 0x33, line[start + 1] <= 0x39,
            ASCII.isDigit(line[start + 2])
        else { return nil }
        var end: Int
        if (start + 3..<start + 11).allSatisfy({ ASCII.isDigit(line[$0]) }) {
            end = start + 11
        } else {
            let separator = line[start + 3]
            guard separator == ASCII.space || separator == ASCII.dash, start + 13 <= n,
                (start + 4..<start + 8).allSatisfy({ ASCII.isDigit(line[$0]) }),
                line[start + 8] == separator,
                (start + 9..<start + 13).allSatisfy({ ASCII.isDigit(line[$0]) })
            else { return nil }
            end = start + 13
        }
        return line.alnumBoundary(at: end) && !line.precedesDecimalPoint(end) ? end : nil
    }
}
