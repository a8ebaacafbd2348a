/// A random terminal session for the privacy stress test: text in several scripts,
/// colours and attributes, wraps, scrolls, cursor movement, erases, in-band marks,
/// marked rectangles and planted secrets of every detector, all from one seed.
public struct StressSession: Sendable, Hashable {
    /// One thing the app does to its screen.
    public enum Step: Sendable, Hashable {
        /// Terminal bytes.
        case bytes([UInt8])
        /// `Terminal.markSensitive` of a rectangle.
        case mark(row: Int, col: Int, width: Int, height: Int)
    }

    /// A secret as printed: the secret, and the text around it on its line (label and
    /// delimiters), which must survive intact for a detector to be expected to find it.
    public struct Placement: Sendable, Hashable {
        public var secret: PlantedSecret
        /// What was printed right before the first line (a delimiter; may be only spaces).
        public var left: String
        /// What was printed right after the last line.
        public var right: String
    }

    public let seed: UInt64
    public let cols: Int
    public let rows: Int
    public var steps: [Step] = []
    /// The secrets printed on the grid.
    public var placements: [Placement] = []
    /// Secrets written into the window title (never drawn; must stay out of reports).
    public var titleSecrets: [PlantedSecret] = []

    /// Every planted secret, grid and title.
    public var allSecrets: [PlantedSecret] { placements.map(\.secret) + titleSecrets }

    /// All the bytes, without the marked rectangles.
    public var bytes: [UInt8] {
        steps.flatMap { step -> [UInt8] in if case .bytes(let b) = step { return b } else { return [] } }
    }

    /// The marked rectangles, in order.
    public var rectangles: [(row: Int, col: Int, width: Int, height: Int)] {
        steps.compactMap { step in
            if case let .mark(row, col, width, height) = step { return (row, col, width, height) } else { return nil }
        }
    }

    static let words = [
        "status", "ok", "balance", "ready", "done", "user", "login", "menu", "total", "›", "•", "→",
        "v2", "12:30", "[OK]", "loading…", "Ω", "ñandú", "façade", "~/src", "$", "#", "==", "a+b",
    ]
    static let cjk = ["用户", "账户余额", "已绑定", "テスト", "한국어", "世界", "默认设置", "ＡＢＣ", "漢字"]
    static let emoji = ["😀", "👍", "🔒", "🇨🇳"]
    static let combining = ["e\u{301}", "a\u{308}", "n\u{303}", "\u{301}", "i\u{323}\u{302}"]
    static let lefts = [" ", "  ", "| ", "：", "（", "卡号 ", "用户 ", "账户"]
    static let rights = [" ", "  ", " |", "。", "，", "）", " 已绑定", "  ok"]

    /// A session of at most `maxCols` × `maxRows` with a few planted secrets.
    public init(seed: UInt64, maxCols: Int = 40, maxRows: Int = 9) {
        self.seed = seed
        var random = SeededGenerator(seed: seed)
        cols = Int.random(in: 12...maxCols, using: &random)
        rows = Int.random(in: 3...maxRows, using: &random)
        var secrets = RandomSecrets(random: SeededGenerator(seed: random.next()))
        var out: [UInt8] = []
        func emit(_ text: String) { out += Array(text.utf8) }
        func flushMark(_ row: Int, _ col: Int, _ width: Int, _ height: Int) {
            if !out.isEmpty { steps.append(.bytes(out)); out = [] }
            steps.append(.mark(row: row, col: col, width: width, height: height))
        }
        let pieces = Int.random(in: 8...30, using: &random)
        var planted = 0
        let wanted = Int.random(in: 0...3, using: &random)
        // Then a calm tail: more secrets among text and colours only, from a row in the upper
        // half, so that most of them are still intact at the end.
        let tail = Int.random(in: 1...3, using: &random)
        func plant() {
            let secret = secrets.any()
            let left = random.pick(Self.lefts), right = random.pick(Self.rights)
            let longest = secret.lines.map { $0.count + 2 }.max() ?? 0
            switch Int.random(in: 0..<4, using: &random) {
            case 0:  // a fresh line
                emit("\r\n")
            case 1:  // near the right margin, so the secret wraps
                emit("\r\n\u{1B}[\(max(1, cols - Int.random(in: 1...max(1, min(cols - 1, longest)), using: &random)))G")
            case 2:  // after a CJK word on the same line
                emit(random.pick(Self.cjk))
            default:
                break
            }
            let marked = random.chance(12)
            if marked { emit("\u{1B}]7701;\(random.pick(["secret", "pin", "balance"]))\u{1B}\\") }
            emit(left + secret.lines.joined(separator: "\r\n") + right)
            if marked { emit("\u{1B}]7701;" + (random.chance(50) ? "\u{1B}\\" : "\u{7}")) }
            placements.append(Placement(secret: secret, left: left, right: right))
        }
        for piece in 0..<(pieces + 2 * tail) {
            if piece == pieces {
                emit("\u{1B}[r\u{1B}[\(Int.random(in: 1...max(1, rows / 2), using: &random));1H")
            }
            if piece >= pieces {
                if (piece - pieces) % 2 == 0 {
                    plant()
                } else if random.chance(50) {
                    emit(
                        "\u{1B}[\(random.pick(["0", "1", "7", "4", "38;5;\(Int.random(in: 0...255, using: &random))"]))m"
                    )
                } else {
                    emit(random.pick(Self.words + Self.cjk + Self.emoji))
                }
                continue
            }
            // Plant towards the end too, so that some secrets survive the scrolling.
            if planted < wanted && random.chance(35) {
                planted += 1
                plant()
                continue
            }
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<22:  // text
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0..<5: emit(random.pick(Self.words))
                    case 5..<8: emit(random.pick(Self.cjk))
                    case 8: emit(random.pick(Self.emoji))
                    default: emit(random.pick(Self.combining))
                    }
                    emit(random.pick([" ", " ", "  ", ""]))
                }
            case 22..<36:  // colours and attributes
                let sgr = random.pick([
                    "0", "1", "2", "3", "4", "4:3", "5", "7", "8", "9", "22", "27", "53",
                    "\(Int.random(in: 30...37, using: &random))", "\(Int.random(in: 90...97, using: &random))",
                    "\(Int.random(in: 40...47, using: &random))", "\(Int.random(in: 100...107, using: &random))",
                    "38;5;\(Int.random(in: 0...255, using: &random))",
                    "48;5;\(Int.random(in: 0...255, using: &random))",
                    "38;2;\(Int.random(in: 0...255, using: &random));\(Int.random(in: 0...255, using: &random));\(Int.random(in: 0...255, using: &random))",
                    "48:2::\(Int.random(in: 0...255, using: &random)):\(Int.random(in: 0...255, using: &random)):\(Int.random(in: 0...255, using: &random))",
                    "58;5;\(Int.random(in: 0...255, using: &random))",
                ])
                emit("\u{1B}[\(sgr)m")
            case 36..<50:  // cursor movement
                emit(
                    random.pick([
                        "\u{1B}[\(Int.random(in: 1...rows, using: &random));\(Int.random(in: 1...cols, using: &random))H",
                        "\u{1B}[\(Int.random(in: 1...4, using: &random))A",
                        "\u{1B}[\(Int.random(in: 1...4, using: &random))B",
                        "\u{1B}[\(Int.random(in: 1...9, using: &random))C",
                        "\u{1B}[\(Int.random(in: 1...9, using: &random))D",
                        "\r", "\n", "\r\n", "\t", "\u{8}", "\u{1B}7", "\u{1B}8",
                    ]))
            case 50..<60:  // erases and edits
                emit(
                    random.pick([
                        "\u{1B}[K", "\u{1B}[1K", "\u{1B}[2K", "\u{1B}[J", "\u{1B}[1J",
                        "\u{1B}[\(Int.random(in: 1...5, using: &random))X",
                        "\u{1B}[\(Int.random(in: 1...3, using: &random))P",
                        "\u{1B}[\(Int.random(in: 1...3, using: &random))@", "\u{1B}[L", "\u{1B}[M",
                    ]))
                if random.chance(5) { emit("\u{1B}[2J") }
            case 60..<74:  // scrolling
                switch Int.random(in: 0..<4, using: &random) {
                case 0:  // LF at the bottom
                    emit("\u{1B}[\(rows);1H" + String(repeating: "\n", count: Int.random(in: 1...3, using: &random)))
                case 1:  // a scroll region, then LF at its bottom
                    let top = Int.random(in: 1...rows, using: &random)
                    let bottom = Int.random(in: top...rows, using: &random)
                    emit("\u{1B}[\(top);\(bottom)r\u{1B}[\(bottom);1H\n" + random.pick(Self.words) + "\u{1B}[r")
                case 2:  // reverse index at the top of a region
                    let top = Int.random(in: 1...rows, using: &random)
                    emit("\u{1B}[\(top);\(rows)r\u{1B}[\(top);1H\u{1B}M\u{1B}[r")
                default:
                    emit("\u{1B}[\(Int.random(in: 1...2, using: &random))" + random.pick(["S", "T"]))
                }
            case 74..<80:  // wide characters at the margin
                emit("\u{1B}[\(cols)G" + random.pick(Self.cjk))
            case 80..<86:  // an in-band marked run of text
                emit(
                    "\u{1B}]7701;\(random.pick(["balance", "name", "pin"]))\u{1B}\\"
                        + random.pick(Self.words + Self.cjk) + "\u{1B}]7701;\u{1B}\\")
            case 86..<92:  // a marked rectangle (Terminal.markSensitive)
                let row = Int.random(in: 0..<rows, using: &random), col = Int.random(in: 0..<cols, using: &random)
                flushMark(
                    row, col, Int.random(in: 1...(cols - col), using: &random),
                    Int.random(in: 1...(rows - row), using: &random))
            case 92..<95:  // a title, sometimes with a secret
                if random.chance(50) {
                    let secret = secrets.any()
                    titleSecrets.append(secret)
                    emit("\u{1B}]2;bank " + secret.lines[0] + "\u{7}")
                } else {
                    emit("\u{1B}]0;" + random.pick(Self.words + Self.cjk) + "\u{1B}\\")
                }
            case 95..<97:  // insert mode on or off
                emit(random.chance(50) ? "\u{1B}[4h" : "\u{1B}[4l")
            default:  // a hyperlink around a word
                emit(
                    "\u{1B}]8;;https://veil.dev/\(random.pick(Self.words))\u{1B}\\" + random.pick(Self.words)
                        + "\u{1B}]8;;\u{1B}\\")
            }
        }
        emit("\u{1B}[4l\u{1B}[0m")
        if !out.isEmpty { steps.append(.bytes(out)) }
    }
}
