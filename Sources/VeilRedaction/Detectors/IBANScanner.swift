/// `iban`: a country code of the ISO 13616 registry, two check digits, then the rest of
/// the country's length, either unbroken or in groups of four separated by single spaces or
/// single dashes, one kind throughout
/// (`[A-Z]{2}\d{2}(?:([ -]?)[A-Z0-9]{4}){2,7}(?:\1[A-Z0-9]{1,3})?`). The `iban-mod97`
/// validator checks the length and the checksum.
struct IBANScanner: NativeScanner {
    @inline(__always) private static func isIBANCharacter(_ b: UInt8) -> Bool {
        ASCII.isUpper(b) || ASCII.isDigit(b)
    }

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 4 < n {
            guard ASCII.isUpper(line[i]), ASCII.isUpper(line[i + 1]), ASCII.isDigit(line[i + 2]),
                ASCII.isDigit(line[i + 3]), line.alnumBoundary(before: i),
                let length = IBAN.length(line[i], line[i + 1])
            else { i += 1; continue }
            if let end = Self.end(in: line, from: i, length: length) {
                candidates.append(Candidate(match: i..<end, secret: i..<end))
                i = end
            } else {
                i += 2
            }
        }
    }

    /// The end of an IBAN of `length` characters starting at `start`, unbroken or grouped
    /// by four with single spaces or single dashes, followed by a boundary; nil if there is
    /// none.
    static func end(in line: UTF8Line, from start: Int, length: Int) -> Int? {
        let n = line.count
        // Unbroken.
        var j = start
        while j < n && isIBANCharacter(line[j]) { j += 1 }
        if j - start == length && line.alnumBoundary(at: j) { return j }
        guard j - start == 4, j < n, line[j] == ASCII.space || line[j] == ASCII.dash else { return nil }
        // Grouped: "XXdd XXXX XXXX … X" or "XXdd-XXXX-XXXX-…-X".
        let separator = line[j]
        var taken = 4
        j = start + 4
        while taken < length {
            guard j < n, line[j] == separator else { return nil }
            j += 1
            let group = min(4, length - taken)
            for _ in 0..<group {
                guard j < n, isIBANCharacter(line[j]) else { return nil }
                j += 1
            }
            taken += group
        }
        // A dash after the last group would make it part of a longer dashed identifier.
        guard line.alnumBoundary(at: j), separator == ASCII.space || j == n || line[j] != ASCII.dash else { return nil }
        return j
    }
}
