/// `cn.resident_id`: 17 digits and a digit or `X`, standing alone
/// (`[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]`). The
/// `cn-resident-id` validator checks the province, the birth date and the MOD 11-2 check.
struct ResidentIDScanner: NativeScanner {
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i < n {
            guard ASCII.isDigit(line[i]) else { i += 1; continue }
            let start = i
            while i < n && ASCII.isDigit(line[i]) { i += 1 }
            var end = i
            if end - start == 17 && end < n && (line[end] == 0x58 || line[end] == 0x78) { end += 1 }
            guard end - start == 18, line[start] != 0x30, line.alnumBoundary(before: start),
                line.alnumBoundary(at: end)
            else { continue }
            let year = (line[start + 6], line[start + 7])
            guard year == (0x31, 0x38) || year == (0x31, 0x39) || year == (0x32, 0x30) else { continue }
            candidates.append(Candidate(match: start..<end, secret: start..<end))
            i = end
        }
    }
}
