/// Undoes the mistakes OCR makes in a line of terminal text, but only where a detector has an
/// anchor to check the result against, so that tolerance cannot invent a finding elsewhere:
///
/// - after a token prefix (`ghp_`, `AKIA`, `xoxb-`, `sk_live_`, `glpat-`, `npm_`, `AIza`, …):
///   spaces OCR inserted into the token are removed while the token is shorter than its
///   format's length and the next piece is made of the format's characters; a prefix whose
///   underscore was read as a space (`ghp Zq3…`, `sk live …`) gets it back;
/// - in groups of digits (a card or account number, checked by Luhn or mod 97): `O` `o` `D`
///   read for 0, `l` `I` `|` for 1, `S` for 5, `B` for 8, `Z` for 2, inside groups that are
///   mostly digits;
/// - a label whose underscore was read as a space after it (`aws_ access_key`);
/// - a private key header whose dashes OCR split (`KEY- ----`);
/// - a token whose format carries a checksum (`ghp_…`, `npm_…`: the last six characters are
///   a CRC-32 of the rest) and whose checksum fails as read: its look-alike characters
///   (`O`/`0`/`o`, `l`/`1`/`I`, `S`/`5`, `B`/`8`, `Z`/`2`) are tried in turn, and the first
///   spelling the checksum accepts is kept (at most 16,384 spellings; none: left as read);
/// - a placeholder's run of one letter read in both cases (`xxXxXX`), or with a stray `K` in a
///   long run, made one letter again so it still reads as a placeholder (this can only drop
///   a finding, never make one).
///
/// The repaired text keeps, for each of its characters, the index of the character of the
/// line it came from, so findings map back to pixels.
public enum OCRTextRepair {
    /// The characters a token may hold.
    enum Charset: Sendable {
        case alphanumeric, upperAndDigits, alphanumericDash, alphanumericUnderscore, word, wordDot

        func allows(_ character: Character) -> Bool {
            guard character.isASCII, character.isLetter || character.isNumber || "_-.".contains(character) else {
                return false
            }
            switch self {
            case .alphanumeric: return character.isLetter || character.isNumber
            case .upperAndDigits: return character.isUppercase || character.isNumber
            case .alphanumericDash: return character != "_" && character != "."
            case .alphanumericUnderscore: return character != "-" && character != "."
            case .word: return character != "."
            case .wordDot: return true
            }
        }
    }

    /// A token format that starts with a fixed prefix.
    struct Anchor: Sendable {
        var prefix: [Character]
        /// The token's length, prefix included.
        var lengths: ClosedRange<Int>
        var charset: Charset
        /// Whether the format's last characters are a checksum of the rest (``repair(_:checksum:)``).
        var checksummed = false

        func allowed(_ character: Character) -> Bool { charset.allows(character) }
    }

    static func word(_ character: Character) -> Bool { Charset.word.allows(character) }

    static let anchors: [Anchor] = {
        var list: [Anchor] = []
        for prefix in ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"] {
            list.append(Anchor(prefix: Array(prefix), lengths: 40...40, charset: .alphanumeric, checksummed: true))
        }
        list.append(Anchor(prefix: Array("github_pat_"), lengths: 93...93, charset: .alphanumericUnderscore))
        for prefix in ["AKIA", "ASIA", "AGPA", "AIDA", "AROA"] {
            list.append(Anchor(prefix: Array(prefix), lengths: 20...20, charset: .upperAndDigits))
        }
        for prefix in ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxe-"] {
            list.append(Anchor(prefix: Array(prefix), lengths: 30...255, charset: .alphanumericDash))
        }
        for prefix in ["sk_live_", "rk_live_"] {
            list.append(Anchor(prefix: Array(prefix), lengths: 32...107, charset: .alphanumeric))
        }
        list.append(Anchor(prefix: Array("glpat-"), lengths: 26...26, charset: .word))
        list.append(Anchor(prefix: Array("npm_"), lengths: 40...40, charset: .alphanumeric, checksummed: true))
        list.append(Anchor(prefix: Array("AIza"), lengths: 39...39, charset: .word))
        list.append(Anchor(prefix: Array("hf_"), lengths: 37...37, charset: .alphanumeric))
        list.append(Anchor(prefix: Array("dckr_pat_"), lengths: 36...36, charset: .word))
        list.append(Anchor(prefix: Array("pypi-"), lengths: 60...255, charset: .word))
        list.append(Anchor(prefix: Array("SG."), lengths: 69...69, charset: .wordDot))
        return list
    }()

    /// `line` repaired, and for each character of the result the index of the character of
    /// `line` it came from; `checksum` says whether a token of a checksummed format (the whole
    /// token, prefix included) is valid.
    public static func repair(
        _ line: String, checksum: (String) -> Bool = { _ in true }
    ) -> (text: String, sources: [Int]) {
        var characters = Array(line)
        var sources = Array(characters.indices)
        // A private key header split by OCR: "-----BEGIN RSA PRIVATE KEY- ----".
        if characters.count >= 10, line.contains("BEGIN"), line.contains("KEY") {
            var index = 1
            while index + 1 < characters.count {
                if characters[index] == " " && characters[index - 1] == "-" && characters[index + 1] == "-" {
                    characters.remove(at: index)
                    sources.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
        // A label's underscore followed by a space OCR inserted: "aws_ access".
        var index = 1
        while index + 1 < characters.count {
            if characters[index] == " ", characters[index - 1] == "_", characters[index + 1].isLetter,
                index >= 2, characters[index - 2].isLetter
            {
                characters.remove(at: index)
                sources.remove(at: index)
            } else {
                index += 1
            }
        }
        repairAnchors(&characters, &sources, checksum: checksum)
        repairDigitGroups(&characters, &sources)
        normalizePlaceholders(&characters)
        return (String(characters), sources)
    }

    /// Tokens after anchors: lost underscores restored, inserted spaces removed; kept only
    /// when the token then has its format's length (else the line is left as it was read).
    static func repairAnchors(
        _ characters: inout [Character], _ sources: inout [Int], checksum: (String) -> Bool = { _ in true }
    ) {
        var start = 0
        while start < characters.count {
            guard start == 0 || !word(characters[start - 1]), let anchor = match(characters, at: start) else {
                start += 1
                continue
            }
            var candidate = characters
            var candidateSources = sources
            // The prefix as written, its lost underscore (read as a space) restored.
            for (offset, expected) in anchor.prefix.enumerated() { candidate[start + offset] = expected }
            var position = start + anchor.prefix.count
            while position < candidate.count, anchor.allowed(candidate[position]) { position += 1 }
            let restored =
                candidate[start..<(start + anchor.prefix.count)] != characters[start..<(start + anchor.prefix.count)]
            if restored && position - start - anchor.prefix.count < 8 {
                start += 1  // a lost underscore: only before a long piece of the token
                continue
            }
            // Pieces OCR split off the token (at most four, each at least two characters),
            // while the token is shorter than its format.
            var joins = 0
            while joins < 4, position - start < anchor.lengths.upperBound, position + 2 < candidate.count,
                candidate[position] == " ", anchor.allowed(candidate[position + 1]),
                anchor.allowed(candidate[position + 2])
            {
                var end = position + 1
                while end < candidate.count, anchor.allowed(candidate[end]) { end += 1 }
                // One over a fixed length is let through: a glyph read twice (below).
                let slack = anchor.lengths.count == 1 ? 1 : 0
                guard end - 1 - start <= anchor.lengths.upperBound + slack else { break }
                candidate.remove(at: position)
                candidateSources.remove(at: position)
                position = end - 1
                joins += 1
            }
            // One character too many for a fixed-length format: OCR read one glyph as two
            // look-alikes side by side (`5S`, `1l`, `0O`); the second goes.
            if anchor.lengths.count == 1, position - start == anchor.lengths.upperBound + 1 {
                let bodyStart = start + anchor.prefix.count
                if let pair = (bodyStart..<(position - 1)).first(where: {
                    Self.confusable(candidate[$0], candidate[$0 + 1])
                }) {
                    candidate.remove(at: pair + 1)
                    candidateSources.remove(at: pair + 1)
                    position -= 1
                    joins += 1
                }
            }
            // A repaired token is random-looking: letters and digits (not words run together).
            let body = candidate[(start + anchor.prefix.count)..<position]
            let random = body.contains { $0.isNumber } && body.contains { $0.isLetter }
            guard anchor.lengths.contains(position - start), joins == 0 && !restored || random else {
                start += 1
                continue
            }
            if anchor.checksummed {
                respell(&candidate, start + anchor.prefix.count..<position, anchor: anchor, checksum: checksum)
            }
            characters = candidate
            sources = candidateSources
            start = position
        }
    }

    /// The largest number of spellings ``respell(_:_:anchor:checksum:)`` tries.
    static let respellingLimit = 1 << 14

    /// The token whose body is `body` spelled with its look-alike characters swapped until
    /// `checksum` accepts it; left as it is when it is valid already, or no spelling (within
    /// ``respellingLimit``) is.
    static func respell(
        _ characters: inout [Character], _ body: Range<Int>, anchor: Anchor, checksum: (String) -> Bool
    ) {
        let start = body.lowerBound - anchor.prefix.count
        func token(_ text: [Character]) -> String { String(text[start..<body.upperBound]) }
        guard !checksum(token(characters)) else { return }
        // Each ambiguous position and the characters it may be, the one read first.
        var choices: [(position: Int, options: [Character])] = []
        var spellings = 1
        for position in body {
            guard let set = confusions.first(where: { $0.contains(characters[position]) }) else { continue }
            let others = set.filter { $0 != characters[position] && anchor.allowed($0) }.sorted()
            guard !others.isEmpty else { continue }
            spellings *= others.count + 1
            guard spellings <= respellingLimit else { return }
            choices.append((position, [characters[position]] + others))
        }
        guard !choices.isEmpty else { return }
        var trial = characters
        var digits = Array(repeating: 0, count: choices.count)
        // An odometer over the choices; the reading as it was is 0…0, tried above.
        while true {
            var place = 0
            while place < digits.count {
                digits[place] += 1
                if digits[place] < choices[place].options.count { break }
                digits[place] = 0
                place += 1
            }
            guard place < digits.count else { return }
            for (index, choice) in choices.enumerated() { trial[choice.position] = choice.options[digits[index]] }
            if checksum(token(trial)) {
                characters = trial
                return
            }
        }
    }

    /// The anchor that starts at `start`, allowing its underscore or dash to have been read
    /// as a space.
    static func match(_ characters: [Character], at start: Int) -> Anchor? {
        anchors.first { anchor in
            guard start + anchor.prefix.count < characters.count else { return false }
            for (offset, expected) in anchor.prefix.enumerated() {
                let found = characters[start + offset]
                if found == expected { continue }
                if (expected == "_" || expected == "-") && found == " " && offset > 0 { continue }
                return false
            }
            return anchor.allowed(characters[start + anchor.prefix.count])
        }
    }

    /// Characters OCR reads for one another.
    static let confusions: [Set<Character>] = [
        ["5", "S", "s"], ["1", "l", "I", "i", "|"], ["0", "O", "o", "D"], ["8", "B"], ["2", "Z"],
    ]

    /// Whether two characters side by side may be one glyph read twice.
    static func confusable(_ a: Character, _ b: Character) -> Bool {
        a != b && confusions.contains { $0.contains(a) && $0.contains(b) }
    }

    /// Runs of six or more `x`/`X` (a placeholder such as `ghp_xxxx…`) in lower case.
    /// In a long run (twelve or more `x`), a `K` or `k` is an `x` misread (Tesseract does this
    /// at the end of long runs of one glyph): at most one in ten.
    static func normalizePlaceholders(_ characters: inout [Character]) {
        func isX(_ character: Character) -> Bool { character == "x" || character == "X" }
        func isMisreadX(_ character: Character) -> Bool { character == "K" || character == "k" }
        var index = 0
        while index < characters.count {
            guard isX(characters[index]) else {
                index += 1
                continue
            }
            var end = index
            var xs = 0
            var misread = 0
            while end < characters.count, isX(characters[end]) || isMisreadX(characters[end]) {
                if isX(characters[end]) { xs += 1 } else { misread += 1 }
                end += 1
            }
            // A misread glyph is only taken inside or at the end of a long run.
            if misread > 0, xs < 12 || misread * 10 > xs {
                end = index
                while end < characters.count, isX(characters[end]) { end += 1 }
                xs = end - index
            }
            if xs >= 6 { for position in index..<end { characters[position] = "x" } }
            index = end
        }
    }

    static let digitLookalikes: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "l": "1", "I": "1", "|": "1", "i": "1", "S": "5", "B": "8", "Z": "2",
    ]

    /// Groups of digits (three or more groups of 3–6, separated by single spaces or dashes,
    /// made of digits and their look-alikes, at least half of the run real digits) with the
    /// look-alike letters read as digits.
    static func repairDigitGroups(_ characters: inout [Character], _ sources: inout [Int]) {
        var groups: [Range<Int>] = []
        var index = 0
        func flush() {
            let total = groups.reduce(0) { $0 + $1.count }
            let digits = groups.reduce(0) { count, group in count + group.filter { characters[$0].isNumber }.count }
            if groups.count >= 3, digits * 2 >= total {
                for group in groups {
                    for position in group where !characters[position].isNumber {
                        characters[position] = digitLookalikes[characters[position]] ?? characters[position]
                    }
                }
            }
            groups = []
        }
        while index <= characters.count {
            let start = index
            while index < characters.count, characters[index] != " ", characters[index] != "-" { index += 1 }
            let group = start..<index
            let fits = group.allSatisfy { characters[$0].isNumber || digitLookalikes[characters[$0]] != nil }
            if (3...6).contains(group.count), fits {
                groups.append(group)
            } else {
                flush()
            }
            index += 1
        }
        flush()
    }
}
