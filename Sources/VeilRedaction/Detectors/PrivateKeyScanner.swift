/// `private_key`: a PEM or PGP header `-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`.
/// The header is enough; hiding ends at an END marker on the header's own line (a key in
/// one line, at least 16 base64 characters between the markers), or continues over the lines below while they can be the block's body (see
/// ``Body``) down to the `-----END … PRIVATE KEY` line, or stops before the first line
/// that cannot be body when the END line is not there (a key cut off, unrelated output
/// below it).
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
                let rest = UnsafeBufferPointer(rebasing: line[end...])
                if let close = Self.endMarkerEnd(rest) {
                    // The whole block on one line; with no key between the markers (fewer than
                    // 16 base64 characters: `-----BEGIN … KEY----------END … KEY-----`) it is
                    // an empty template, not a key.
                    var body = 0
                    var k = 0
                    while k < close && !rest.hasPrefix("-----END", at: k) {
                        if ASCII.isAlnum(rest[k]) || rest[k] == 0x2B || rest[k] == 0x2F { body += 1 }
                        k += 1
                    }
                    if body < 16 {
                        i = end + close
                        continue
                    }
                    candidates.append(Candidate(match: i..<(end + close), secret: i..<(end + close)))
                    i = end + close
                    continue
                }
                candidates.append(Candidate(match: i..<end, secret: i..<end, continuesToEndMarker: true))
                i = end
            } else {
                i += 10
            }
        }
    }

    /// Whether `line` holds `-----BEGIN`, which every candidate starts with.
    static func mayHoldHeader(_ line: UTF8Line) -> Bool {
        var i = 0
        while i + 10 <= line.count {
            if line[i] == ASCII.dash && line.hasPrefix("-----BEGIN", at: i) { return true }
            i += 1
        }
        return false
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

    /// Reads the lines below a header, one at a time, and says which belong to the block:
    /// the END line (up to its marker), and before it only lines that can be PEM, OpenSSH
    /// or PGP body: base64 (at most 128 characters: PEM's are 64, OpenSSH's 70, PGP's up
    /// to 76, and PGP's `=` checksum line), RFC 1421 and PGP armour headers (`Proc-Type:`,
    /// `DEK-Info:`, `Version:`, `Comment:`, `Hash:`, `Charset:`) before the base64, and one
    /// blank line. Leading spaces are allowed (an indented key in YAML). A line that starts
    /// with base64 (16 characters or more, or fewer that do not read as a word) and goes on
    /// with other text ends the block after the base64 (a log message that continues after
    /// the key). A line of base64
    /// characters after the key (a bare word such as `Desktop`) is taken for body: hiding a
    /// word too many is the safe side.
    struct Body {
        enum Verdict: Equatable {
            /// The END line: the block ends after this many bytes of it.
            case end(Int)
            /// A line of the block.
            case body
            /// Not part of the block: it ended before this line.
            case outside
        }

        private var base64Seen = false
        private var blankSeen = false
        private(set) var ended = false

        mutating func read(_ line: UTF8Line) -> Verdict {
            guard !ended else { return .outside }
            if let end = PrivateKeyScanner.endMarkerEnd(line) {
                ended = true
                return .end(end)
            }
            var start = 0
            while start < line.count && line[start] == ASCII.space { start += 1 }
            var end = line.count
            while end > start && (line[end - 1] == ASCII.space || line[end - 1] == 0x0D) { end -= 1 }
            let content = UnsafeBufferPointer(rebasing: line[start..<end])
            if content.isEmpty {
                guard !blankSeen else { return stop() }
                blankSeen = true
                return .body
            }
            for header in Self.headers where content.hasPrefixBytes(header) {
                return base64Seen ? stop() : .body
            }
            var run = 0
            while run < content.count && Self.isBase64(content[run]) { run += 1 }
            if run == content.count && run <= 128 {
                base64Seen = true
                return .body
            }
            // Base64 with other text right after it on the line (a log message that goes on,
            // a closing bracket): the base64 is the block's last piece, unless it reads as a
            // word (`Total:`, `Desktop`).
            let piece = UnsafeBufferPointer(rebasing: content[..<run])
            if run <= 128 && run >= 4 && (run >= 16 || Self.looksEncoded(piece)) {
                ended = true
                return .end(start + run)
            }
            return stop()
        }

        private mutating func stop() -> Verdict {
            ended = true
            return .outside
        }

        /// Whether a short base64 run has a digit, `+`, `/` or `=`, or two uppercase letters
        /// after its first character: encoded, not a word.
        static func looksEncoded(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
            var upper = 0
            for (k, b) in run.enumerated() {
                if ASCII.isDigit(b) || b == ASCII.plus || b == ASCII.slash || b == ASCII.equals { return true }
                if k > 0 && ASCII.isUpper(b) { upper += 1 }
            }
            return upper >= 2
        }

        static let headers: [[UInt8]] = ["Proc-Type:", "DEK-Info:", "Version:", "Comment:", "Hash:", "Charset:"]
            .map { Array($0.utf8) }

        @inline(__always) static func isBase64(_ b: UInt8) -> Bool {
            ASCII.isAlnum(b) || b == ASCII.plus || b == ASCII.slash || b == ASCII.equals
        }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the buffer starts with `prefix`.
    func hasPrefixBytes(_ prefix: [UInt8]) -> Bool {
        prefix.count <= count && prefix.indices.allSatisfy { self[$0] == prefix[$0] }
    }
}
