/// What the digit-based scanners (and the entropy and Twilio scanners, by the longest run of
/// token characters) need to know about a line before scanning it, found in one pass over
/// the line instead of one search per scanner.
///
/// Each count is an upper bound that a scanner's every candidate must reach, so a scanner
/// whose bound the line misses is skipped: it would append nothing (the detection tests
/// compare both paths on the corpus and on random lines).
struct DigitRuns: Equatable, Sendable {
    /// The number of ASCII digits in the line.
    var digits = 0
    /// The longest run of consecutive digits.
    var longestRun = 0
    /// The most digits in a chain of digit groups joined by one space or dash
    /// (`4111 1111-1111 1111` is 16).
    var longestChain = 0
    /// The most digits in a chain whose gaps hold only spaces (never two in a row), dots,
    /// dashes and parentheses, as in a phone number (`+1 (212) 555-0100` is 11).
    var longestPhoneChain = 0
    /// Whether the line holds a `+`.
    var hasPlus = false
    /// Whether two uppercase letters are followed by two digits (`DE89`) somewhere.
    var hasLettersThenDigits = false
    /// The length of the longest run of `[A-Za-z0-9+/=_-]` (``EntropyScanner``'s run
    /// characters) when it has at least ``longTokenRunMinimum`` bytes, else 0: the entropy
    /// scanner needs 20, a Twilio SID 34.
    var longTokenRun = 0

    /// The shortest run ``longTokenRun`` counts.
    static let longTokenRunMinimum = 20
}

extension DigitRuns {
    /// The facts of `line`, in one pass.
    init(_ line: UTF8Line) {
        self.init()
        let n = line.count
        var run = 0
        var chain = 0
        var phoneChain = 0
        var i = 0
        while i < n {
            if phoneChain == 0 {
                // Outside every chain (and run), a byte other than a digit only matters if
                // it is a `+`: skip to the next digit, eight bytes at a time while they hold
                // neither.
                if let base = line.baseAddress {
                    while i + 8 <= n,
                        !Self.holdsDigitOrPlus(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    {
                        i += 8
                    }
                }
                while i < n && !ASCII.isDigit(line[i]) {
                    if line[i] == ASCII.plus { hasPlus = true }
                    i += 1
                }
                if i == n { break }
            }
            let b = line[i]
            if ASCII.isDigit(b) {
                digits += 1
                run += 1
                chain += 1
                if run > longestRun { longestRun = run }
                if chain > longestChain { longestChain = chain }
                phoneChain += 1
                if phoneChain > longestPhoneChain { longestPhoneChain = phoneChain }
                if run == 2 && i >= 3 && ASCII.isUpper(line[i - 2]) && ASCII.isUpper(line[i - 3]) {
                    hasLettersThenDigits = true
                }
            } else {
                // A chain continues over one separator between two digits.
                if !(run > 0 && (b == ASCII.space || b == ASCII.dash) && i + 1 < n && ASCII.isDigit(line[i + 1])) {
                    chain = 0
                }
                let phoneGap =
                    b == ASCII.dash || b == ASCII.dot || b == ASCII.openParen || b == ASCII.closeParen
                    || (b == ASCII.space && (i == 0 || line[i - 1] != ASCII.space))
                if !phoneGap { phoneChain = 0 }
                run = 0
                if b == ASCII.plus { hasPlus = true }
            }
            i += 1
        }
        longTokenRun = Self.longestTokenRun(line)
    }

    /// Whether one of the eight bytes of `word` is an ASCII digit or `+` (exact: the "has a
    /// byte between" and "has a zero byte" tests of Bit Twiddling Hacks).
    @inline(__always) static func holdsDigitOrPlus(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & (ones &* 127)
        // A byte in 0x30...0x39 (between 0x2F and 0x3A, exclusive).
        let digit = (ones &* (127 + 0x3A) &- low7) & ~word & (low7 &+ ones &* (127 - 0x2F)) & highs
        // A byte equal to `+` is a zero byte of `word ^ "++++++++"`.
        let plus = word ^ (ones &* UInt64(ASCII.plus))
        return digit | ((plus &- ones) & ~plus & highs) != 0
    }

    /// The longest run of ``EntropyScanner/isRunCharacter(_:)`` bytes in `line` when it has
    /// at least ``longTokenRunMinimum`` bytes, else 0. Reads about one byte in 20 on text
    /// without long runs: a run that long holds byte `start + 19` whatever its start before
    /// that, so when that byte is not a run character the search goes on past it.
    static func longestTokenRun(_ line: UTF8Line) -> Int {
        let minimum = longTokenRunMinimum
        let n = line.count
        var longest = 0
        // `start` follows a byte that is not a run character (or starts the line).
        var start = 0
        search: while start + minimum <= n {
            var k = start + minimum - 1
            while k >= start {
                if !EntropyScanner.isRunCharacter(line[k]) {
                    start = k + 1
                    continue search
                }
                k -= 1
            }
            var end = start + minimum
            while end < n && EntropyScanner.isRunCharacter(line[end]) { end += 1 }
            longest = max(longest, end - start)
            start = end + 1
        }
        return longest
    }
}

extension DigitRuns {
    /// Whether no detector that ``BuiltInDetector/isGated`` can find anything on the line:
    /// no chain of 9 digits (8 in a phone chain), no run of 17, no `DE89`, no run of 20 token
    /// characters (most lines of a terminal).
    var isQuiet: Bool {
        longestChain < 9 && longestPhoneChain < 8 && longestRun < 17 && !hasLettersThenDigits
            && longTokenRun < DigitRuns.longTokenRunMinimum
    }
}

extension BuiltInDetector {
    /// Whether ``mayMatch(_:)`` is false for this detector on every quiet line
    /// (``DigitRuns/isQuiet``).
    var isGated: Bool {
        switch self {
        case .cardNumber, .residentID, .ssn, .chineseMobile, .internationalPhone, .iban, .entropy, .twilioKey: true
        default: false
        }
    }

    /// Whether this detector can find anything on a line with `runs`: false only when
    /// every match of its pattern needs more digits than the line has.
    @inline(__always)
    func mayMatch(_ runs: DigitRuns) -> Bool {
        switch self {
        // `(?:\d[ -]?){12,18}\d`: 13 digits in one chain.
        case .cardNumber: runs.longestChain >= 13
        // 17 digits in a row (then a digit or X).
        case .residentID: runs.longestRun >= 17
        // `\d{3}([- .]?)\d{2}\2\d{4}`: 9 digits in one chain (a dotted one is a phone chain).
        case .ssn: runs.longestChain >= 9 || runs.longestPhoneChain >= 9
        // `1[3-9]\d{9}` or `1[3-9]\d[ -]\d{4}[ -]\d{4}`: 11 digits in one chain.
        case .chineseMobile: runs.longestChain >= 11
        // `+` and 8–15 digits, a national number (9 or more digits) or the 10-digit North
        // American form, in one phone chain.
        case .internationalPhone: runs.longestPhoneChain >= 9 || (runs.hasPlus && runs.longestPhoneChain >= 8)
        // `[A-Z]{2}\d{2}…`.
        case .iban: runs.hasLettersThenDigits
        // 20 or more run characters.
        case .entropy: runs.longTokenRun >= 20
        // `AC` or `SK` and 32 hex digits: 34 run characters.
        case .twilioKey: runs.longTokenRun >= 34
        // `pat`, 14 characters, `.` and 64 hex digits: a run of 64 after the dot.
        case .airtableToken: runs.longTokenRun >= 64
        case .email, .jwt, .awsAccessKey, .githubToken, .slackToken, .privateKey, .labelledPassword,
            .gitlabToken, .npmToken, .pypiToken, .stripeKey, .googleAPIKey, .azureStorageKey, .openAIKey, .anthropicKey,
            .sendGridKey, .dockerHubToken, .huggingFaceToken, .vaultToken, .urlCredentials:
            true
        }
    }
}
