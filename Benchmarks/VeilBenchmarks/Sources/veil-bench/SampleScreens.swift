import VeilScreen

/// Realistic coloured terminal content: a shell session with a coloured prompt, `ls -l`
/// output, `git log --graph`, a syntax-highlighted listing, a progress bar and some CJK
/// file names. `rich` uses 256-colour highlighting and a truecolour gradient bar (about 60
/// colours, an 8-bit palette PNG); otherwise only the 16 ANSI colours (a 4-bit PNG).
enum SampleScreens {
    struct Writer {
        var screen: Screen
        var row = 0
        var col = 0
        var rich = false

        /// A 256-colour index in rich mode, its ANSI stand-in otherwise.
        func color(_ index: UInt8, ansi: UInt8) -> TerminalColor { .indexed(rich ? index : ansi) }

        mutating func put(
            _ text: String, _ fg: TerminalColor = .default, _ bg: TerminalColor = .default,
            _ attributes: CellAttributes = []
        ) {
            for scalar in text.unicodeScalars {
                let wide =
                    (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                    || (0xAC00...0xD7A3).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
                let width = wide ? 2 : 1
                guard row < screen.rows else { return }
                if col + width > screen.cols { newline() }
                guard row < screen.rows else { return }
                screen[row, col] = Cell(
                    scalar: scalar, width: UInt8(width), foreground: fg, background: bg, attributes: attributes)
                if wide {
                    screen[row, col + 1] = Cell(
                        scalar: "\0", width: 0, foreground: fg, background: bg, attributes: attributes)
                }
                col += width
            }
        }

        mutating func newline() {
            row += 1
            col = 0
        }
    }

    static func session(cols: Int, rows: Int, rich: Bool) throws -> Screen {
        var w = Writer(screen: try Screen(cols: cols, rows: rows), rich: rich)
        var block = 0
        while w.row < rows {
            prompt(
                &w,
                command: ["ls -l --color", "git log --oneline --graph", "cat Sources/main.swift", "make test"][
                    block % 4])
            switch block % 4 {
            case 0: listing(&w)
            case 1: gitLog(&w)
            case 2: code(&w)
            default: progress(&w, cols: cols)
            }
            block += 1
        }
        w.screen.title = "veil — \(cols)x\(rows)"
        return w.screen
    }

    static func prompt(_ w: inout Writer, command: String) {
        w.put("dev@veil", .indexed(10), .default, .bold)
        w.put(":", .default)
        w.put("~/src/veil", .indexed(12), .default, .bold)
        w.put("$ ", .default)
        w.put(command)
        w.newline()
    }

    static func listing(_ w: inout Writer) {
        let entries: [(String, TerminalColor, CellAttributes)] = [
            ("Sources", .indexed(12), .bold), ("Tests", .indexed(12), .bold), ("README.md", .default, []),
            ("build.sh", .indexed(10), .bold), ("latest -> build/2026-11-22", .indexed(14), .bold),
            ("資料フォルダ", .indexed(12), .bold), ("보고서.pdf", .default, []), ("snapshot.png", .indexed(13), .bold),
        ]
        for (i, (name, colour, attributes)) in entries.enumerated() {
            w.put(i % 3 == 0 ? "drwxr-xr-x" : "-rw-r--r--")
            w.put(
                "  1 dev  staff  \(String(4096 + i * 1733).padding(toLength: 6, withPad: " ", startingAt: 0)) Nov 22 01:\(10 + i) "
            )
            w.put(name, colour, .default, attributes)
            w.newline()
        }
    }

    static func gitLog(_ w: inout Writer) {
        let commits = [
            "Render cells, not pixels", "PNG through libpng behind setjmp", "Atomic snapshot files",
            "Unifont in a mapped binary form", "Golden tests against a reference",
        ]
        for (i, message) in commits.enumerated() {
            w.put(i % 2 == 0 ? "* " : "| * ", .indexed(UInt8(1 + i % 6)))
            w.put(String(0x3A7F91 &* (i + 7), radix: 16).padding(toLength: 7, withPad: "0", startingAt: 0), .indexed(3))
            if i == 0 {
                w.put(" (", .indexed(3))
                w.put("HEAD -> render", .indexed(14), .default, .bold)
                w.put(", ", .indexed(3))
                w.put("origin/main", .indexed(9), .default, .bold)
                w.put(")", .indexed(3))
            }
            w.put(" " + message)
            w.newline()
        }
    }

    static func code(_ w: inout Writer) {
        let keyword = w.color(170, ansi: 5), type = w.color(75, ansi: 4), string = w.color(114, ansi: 2)
        let comment = w.color(244, ansi: 8), number = w.color(209, ansi: 3)
        let lines: [[(String, TerminalColor)]] = [
            [("// Draws the redacted screen.", comment)],
            [
                ("let ", keyword), ("renderer", .default), (" = ", .default), ("try ", keyword),
                ("SnapshotRenderer", type), ("(scale: ", .default), ("2", number), (")", .default),
            ],
            [("for ", keyword), ("screen ", .default), ("in ", keyword), ("screens ", .default), ("{", .default)],
            [("    print(", .default), ("\"snapshot \\(screen.title)\"", string), (")", .default)],
            [("}", .default)],
        ]
        for (n, line) in lines.enumerated() {
            w.put(
                String(n + 1).padding(toLength: 4, withPad: " ", startingAt: 0), w.color(240, ansi: 8),
                w.color(235, ansi: 0))
            for (text, colour) in line { w.put(text, colour) }
            w.newline()
        }
    }

    static func progress(_ w: inout Writer, cols: Int) {
        w.put("Compiling VeilRender ", .indexed(2), .default, .bold)
        let width = max(10, min(40, cols - 30))
        for i in 0..<width {
            let t = Double(i) / Double(width)
            w.put("█", w.rich ? .rgb(UInt8(40 + 200 * t), UInt8(200 - 120 * t), 220) : .indexed(t < 0.73 ? 10 : 8))
        }
        w.put(" 73%", .default, .default, .dim)
        w.newline()
        w.put("warning: ", .indexed(11), .default, .bold)
        w.put("unused variable ", .default)
        w.put("'x'", .default, .default, [.underline])
        w.newline()
        w.put("error", .indexed(9), .default, .bold)
        w.put(": build failed ", .default, .default, .bold)
        w.put(" FAIL ", .indexed(15), .indexed(1), .bold)
        w.newline()
    }
}
