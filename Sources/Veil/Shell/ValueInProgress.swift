import VeilRedaction
import VeilScreen

/// A value still being written at the cursor, held back until it is whole: what follows a
/// value prefix (`ghp_`, `AKIA`, `xoxb-`) in the word just before the cursor.
///
/// A rule matches a token only once it is complete (its length, its checksum), so a token
/// typed or printed a character at a time would show all but its last characters until
/// then. The prefixes are the rules' keywords that their own examples show a value starting
/// with (case as written) and that no word starts with: ASCII, at least 3 characters, one of
/// them not a lowercase letter (`ghp_`, `AKIA`, `eyJ`, `sk-`; not `pat` or `xox`). A prefix
/// counts where it starts the word (the characters back to a space) or follows a delimiter
/// in it (`TOKEN=ghp_…`, `"sk-…`). The rest of the word is held while
/// the cursor stays right after it; a space, the end of the line or a cursor move ends it, and
/// it is then judged like any text: hidden when a rule matches it, shown when none does (`ghp_`
/// and what follows a prefix in a word that is no token). A rules file's rules take part
/// through their examples.
struct ValueInProgress {
    /// The prefixes, longest first, as Unicode scalars.
    let prefixes: [[Unicode.Scalar]]
    /// The prefixes by their first scalar (longest first): one look-up per place in a word.
    private let prefixesByFirst: [Unicode.Scalar: [[Unicode.Scalar]]]

    /// The most cells of one word looked at (a longer word is held no further back).
    static let longestWord = 4096

    /// One run of held cells on a row.
    struct Span: Equatable {
        var row: Int
        var col: Int
        var width: Int
    }

    /// The value prefixes of `rules`' enabled rules.
    init(rules: RuleSet) {
        var found = Set<String>()
        for rule in rules.rules where rule.isEnabled && !rule.keywords.isEmpty {
            for example in rule.examples {
                let scalars = Array(example.text.unicodeScalars)
                for span in example.expected where span.upperBound <= scalars.count {
                    let value = String(String.UnicodeScalarView(scalars[span]))
                    for keyword in rule.keywords
                    where Self.isDistinctive(keyword) && value.count > keyword.count && value.hasPrefix(keyword) {
                        found.insert(keyword)
                    }
                }
            }
        }
        prefixes = found.map { Array($0.unicodeScalars) }
            .sorted {
                $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) { $0.value < $1.value }
            }
        prefixesByFirst = Dictionary(grouping: prefixes) { $0[0] }
    }

    /// Whether `keyword` marks a value rather than begins ordinary words: ASCII, at least 3
    /// characters, not all lowercase letters.
    static func isDistinctive(_ keyword: String) -> Bool {
        let scalars = keyword.unicodeScalars
        return scalars.count >= 3 && scalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }
            && !scalars.allSatisfy { ("a"..."z").contains($0) }
    }

    /// The cells of `screen` to hide while its cursor stays where it is: in the word ending
    /// just before the cursor (on its line's rows joined by soft wraps), what follows the first
    /// prefix that starts it or follows a delimiter in it; cells hidden already are left out.
    /// Empty when no prefix is there.
    func held(on screen: Screen) -> [Span] {
        let cursor = screen.cursor
        guard !prefixes.isEmpty, cursor.row >= 0, cursor.row < screen.rows, cursor.col >= 0,
            cursor.col < screen.cols
        else { return [] }
        var row = cursor.row
        var col = cursor.col - 1
        // After the last column is written the cursor stays on it (the wrap is pending).
        if cursor.col == screen.cols - 1, Self.isWordCell(screen[row, cursor.col]) {
            col = cursor.col
        }
        // The word's cells from its end back to its start, and its scalars backwards.
        var cells: [(row: Int, col: Int, width: Int, scalars: Int)] = []
        var backwards: [Unicode.Scalar] = []
        while cells.count < Self.longestWord {
            if col < 0 {
                guard row > 0, screen.wrapped[row - 1] else { break }
                row -= 1
                col = screen.cols - 1
            }
            let cell = screen[row, col]
            if cell.width == 0 {
                col -= 1  // the right half of a wide character
                continue
            }
            guard Self.isWordCell(cell) else { break }
            let before = backwards.count
            if cell.clusterIndex == 0 {
                backwards.append(cell.scalar)
            } else {
                backwards += screen.text(of: cell).unicodeScalars.reversed()
            }
            cells.append((row, col, max(1, Int(cell.width)), backwards.count - before))
            col -= 1
        }
        let word = Array(backwards.reversed())
        guard let heldFrom = heldStart(in: word) else { return [] }
        var spans: [Span] = []
        var consumed = 0
        for cell in cells.reversed() {
            consumed += cell.scalars
            guard consumed > heldFrom, screen[cell.row, cell.col].sensitiveIndex == 0 else { continue }
            if let last = spans.last, last.row == cell.row, last.col + last.width == cell.col {
                spans[spans.count - 1].width += cell.width
            } else {
                spans.append(Span(row: cell.row, col: cell.col, width: cell.width))
            }
        }
        return spans
    }

    /// The index in `word` of its first scalar to hold: just after the first prefix that
    /// starts the word or follows a delimiter, with more of the word after it; nil if none.
    func heldStart(in word: [Unicode.Scalar]) -> Int? {
        for start in word.indices where start == 0 || Self.delimiters.contains(word[start - 1]) {
            guard let candidates = prefixesByFirst[word[start]] else { continue }
            let rest = word[start...]
            if let prefix = candidates.first(where: { rest.count > $0.count && rest.starts(with: $0) }) {
                return start + prefix.count
            }
        }
        return nil
    }

    /// Whether `cell` is part of a word: a character, not a space or a control.
    static func isWordCell(_ cell: Cell) -> Bool {
        guard cell.width != 0 else { return false }
        // A cluster's first scalar is its base: the cell's own scalar.
        let scalar = cell.scalar
        if scalar.value < 0x80 { return scalar.value > 0x20 && scalar.value != 0x7F }
        return !scalar.properties.isWhitespace
    }

    /// What separates a value from what is before it in a word: quotes, `=`, `:`, brackets,
    /// `,`, `;`, `|`, `&`, `/` (`//registry.npmjs.org/:_authToken=…`).
    static let delimiters: Set<Unicode.Scalar> = [
        "\"", "'", "`", "=", ":", ",", ";", "(", ")", "[", "]", "{", "}", "<", ">", "|", "&", "/",
    ]
}
