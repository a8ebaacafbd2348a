/// `phone.intl`: `\+[1-9][\d ().-]{7,20}\d` with 8–15 digits (never across a double
/// space, which separates table columns); the North American form
/// `(?:1[ .-])?\(?[2-9]\d{2}\)?[ .-]?[2-9]\d{2}[ .-]?\d{4}`; and national numbers written
/// with their trunk prefix `0` (`020 7946 0958`, `(030) 901820`, `06 12 34 56 78`,
/// `03-1234-5678`): 9–12 digits in groups of two or more separated by one space, dash or dot.
///
/// Without a `+`, a number counts only next to a context word (`phone`, `tel`, `number`,
/// `手机`, …, whole words): `(710) 598-7126 items` is a count as often as a number. A
/// number that continues a dotted one (the port after an IP address, `220.243.215.224
/// 8855`) or a decimal, and a national form that continues a group ending in a digit
/// (`BE12 0440 9905 1188`), is never a phone number.
struct InternationalPhoneScanner: NativeScanner {
    @inline(__always) private static func isPhoneCharacter(_ b: UInt8) -> Bool {
        ASCII.isDigit(b) || b == ASCII.space || b == ASCII.openParen || b == ASCII.closeParen
            || b == ASCII.dot || b == ASCII.dash
    }

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i < n {
            let b = line[i]
            if b == ASCII.plus, i + 1 < n, line[i + 1] >= 0x31, line[i + 1] <= 0x39, line.alnumBoundary(before: i) {
                if let end = plusEnd(line, from: i) {
                    candidates.append(Candidate(match: i..<end, secret: i..<end))
                    i = end
                    continue
                }
            } else if (ASCII.isDigit(b) || b == ASCII.openParen) && line.alnumBoundary(before: i)
                && (i == 0 || line[i - 1] != ASCII.plus) && !line.followsDecimalPoint(i)
            {
                if let end = northAmericanEnd(line, from: i) ?? nationalEnd(line, from: i),
                    !line.precedesDecimalPoint(end)
                {
                    candidates.append(Candidate(match: i..<end, secret: i..<end, needsContext: true))
                    i = end
                    continue
                }
                i += 1  // past the digit or parenthesis, then the rest of the number
                while i < n && ASCII.isDigit(line[i]) { i += 1 }
                continue
            }
            i += 1
        }
    }

    /// The end of the longest `+…` number at `start` that ends a digit group at a boundary:
    /// like the documented regex, a number followed by a space and a token that starts with
    /// digits (`+9 008 7320 6458 910c0e…`) still ends at its own last group.
    private func plusEnd(_ line: UTF8Line, from start: Int) -> Int? {
        var digits = 0
        var groupEnds: [(end: Int, digits: Int)] = []
        var j = start + 1
        let limit = min(line.count, start + 23)
        while j < limit && Self.isPhoneCharacter(line[j]) {
            if line[j] == ASCII.space && j + 1 < line.count && line[j + 1] == ASCII.space { break }
            if ASCII.isDigit(line[j]) {
                digits += 1
                if j + 1 == line.count || !ASCII.isDigit(line[j + 1]) { groupEnds.append((j + 1, digits)) }
            }
            j += 1
        }
        for (end, count) in groupEnds.reversed() where (8...15).contains(count) && end - start >= 9 {
            if line.alnumBoundary(at: end) { return end }
        }
        return nil
    }

    /// The end of a North American number at `start`.
    private func northAmericanEnd(_ line: UTF8Line, from start: Int) -> Int? {
        let n = line.count
        var j = start
        // The country code 1 and a separator: `1-800-555-0199`.
        if line[j] == 0x31, j + 2 < n,
            line[j + 1] == ASCII.space || line[j + 1] == ASCII.dash || line[j + 1] == ASCII.dot,
            ASCII.isDigit(line[j + 2]) || line[j + 2] == ASCII.openParen
        {
            j += 2
        }
        let parenthesised = line[j] == ASCII.openParen
        if parenthesised { j += 1 }
        func digits(_ count: Int, firstAtLeastTwo: Bool) -> Bool {
            guard j + count <= n else { return false }
            for k in 0..<count where !ASCII.isDigit(line[j + k]) { return false }
            if firstAtLeastTwo && line[j] < 0x32 { return false }
            j += count
            return true
        }
        func separator() {
            if j < n && (line[j] == ASCII.space || line[j] == ASCII.dot || line[j] == ASCII.dash) { j += 1 }
        }
        guard digits(3, firstAtLeastTwo: true) else { return nil }
        if parenthesised {
            guard j < n, line[j] == ASCII.closeParen else { return nil }
            j += 1
        }
        separator()
        guard digits(3, firstAtLeastTwo: true) else { return nil }
        separator()
        guard digits(4, firstAtLeastTwo: false), line.alnumBoundary(at: j) else { return nil }
        return j
    }

    /// The end of a national number at `start`: the trunk prefix `0`, 9–12 digits in groups
    /// of two or more (the first may be parenthesised) separated by one space, dash or dot.
    /// It counts only next to a context word.
    private func nationalEnd(_ line: UTF8Line, from start: Int) -> Int? {
        let n = line.count
        if start >= 2 && (line[start - 1] == ASCII.space || line[start - 1] == ASCII.dash)
            && ASCII.isDigit(line[start - 2])
        {
            return nil
        }
        var j = start
        let parenthesised = line[j] == ASCII.openParen
        if parenthesised { j += 1 }
        guard j < n, line[j] == 0x30, j + 1 < n, ASCII.isDigit(line[j + 1]), line[j + 1] != 0x30 else { return nil }
        var digits = 0
        var groups = 0
        var end: Int?
        while j < n {
            let groupStart = j
            while j < n && ASCII.isDigit(line[j]) { j += 1 }
            let length = j - groupStart
            guard length >= 2 else { break }
            digits += length
            groups += 1
            if digits > 12 { return nil }
            if parenthesised && groups == 1 {
                guard j < n, line[j] == ASCII.closeParen else { return nil }
                j += 1
                if j < n && line[j] == ASCII.space { j += 1 }
                continue
            }
            if digits >= 9 && line.alnumBoundary(at: j) { end = j }
            guard j + 1 < n, line[j] == ASCII.space || line[j] == ASCII.dash || line[j] == ASCII.dot,
                ASCII.isDigit(line[j + 1])
            else { break }
            j += 1
        }
        guard let end, groups >= 2 || !parenthesised else { return nil }
        return end
    }
}
