/// `us.ssn`: `(\d{3})([- .]?)(\d{2})\2(\d{4})` standing alone and not part of a longer
/// separated number. The `ssn` validator checks the ranges; the bare 9-digit form and the
/// dotted one (`536.22.8714`, which a version or a measurement can also take) count only
/// next to a context word.
struct SSNScanner: NativeScanner {
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 9 <= n {
            guard ASCII.isDigit(line[i]) else { i += 1; continue }
            let start = i
            guard line.alnumBoundary(before: start) else {
                while i < n && ASCII.isDigit(line[i]) { i += 1 }
                continue
            }
            if let end = Self.end(in: line, from: start) {
                candidates.append(
                    Candidate(match: start..<end, secret: start..<end, needsContext: line[start + 3] == ASCII.dot))
                i = end
            } else {
                while i < n && ASCII.isDigit(line[i]) { i += 1 }
            }
        }
    }

    static func end(in line: UTF8Line, from start: Int) -> Int? {
        let n = line.count
        func digits(_ from: Int, _ count: Int) -> Bool {
            from + count <= n && (from..<from + count).allSatisfy { ASCII.isDigit(line[$0]) }
        }
        guard digits(start, 3) else { return nil }
        var j = start + 3
        guard j < n else { return nil }
        let separator = line[j]
        let separated = separator == ASCII.dash || separator == ASCII.space || separator == ASCII.dot
        if separated { j += 1 }
        guard digits(j, 2) else { return nil }
        j += 2
        if separated {
            guard j < n, line[j] == separator else { return nil }
            j += 1
        }
        guard digits(j, 4) else { return nil }
        j += 4
        guard line.alnumBoundary(at: j) else { return nil }
        // Part of a longer separated number ("1-212-55-1234", "12 345 67 8901")?
        if separated {
            if start >= 2 && line[start - 1] == separator && ASCII.isDigit(line[start - 2]) { return nil }
            if j + 1 < n && line[j] == separator && ASCII.isDigit(line[j + 1]) { return nil }
        }
        return j
    }
}
