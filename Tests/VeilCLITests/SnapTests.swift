import Foundation
import Testing
import Veil
import VeilRedaction
import VeilRender
import VeilScreen

/// `veil snap`: bytes from a file, from stdin, or a recording → one redacted PNG.
@Suite struct SnapTests {
    /// The planted secrets of `screens/secrets.ans` (and of the recording).
    static let planted = [
        "4111 1111 1111 1111", "DE89 3704 0044 0532 0130 00", "11010519491231002X",
        "138 0013 8000", "Lantern-7-Harbor",
    ]

    /// Expects every planted secret on the screen to lie inside the spans the rules hide.
    static func expectPlantedCovered(
        _ screen: Screen, spans: [CellSpan], secrets: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for secret in secrets {
            var found = false
            for row in 0..<screen.rows {
                let text = screen.rowText(row)  // the fixtures are ASCII: index = column
                guard let range = text.range(of: secret) else { continue }
                found = true
                let start = text.distance(from: text.startIndex, to: range.lowerBound)
                for col in start..<(start + secret.count)
                where secret[secret.index(secret.startIndex, offsetBy: col - start)] != " " {
                    let covered = spans.contains { $0.row == row && $0.columns.contains(col) }
                    #expect(
                        covered, "cell \(row),\(col) of planted \(secret.prefix(4))… is not hidden by the rules",
                        sourceLocation: sourceLocation)
                }
            }
            #expect(found, "planted \(secret.prefix(4))… is not on the screen", sourceLocation: sourceLocation)
        }
    }

    @Test func withoutLibdeflateTheSnapshotHasTheSamePixels() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = try Fixtures.url("screens/secrets.ans").path
        let usual = try CLI.run(["snap", input, "-o", "usual.png"], in: work)
        #expect(usual.status == 0, "\(usual)")
        // A debug build's switch makes libdeflate look missing: zlib compresses instead.
        let hidden = ["VEIL_TEST_HIDE_LIBRARIES": "libdeflate"]
        let zlib = try CLI.run(["snap", input, "-o", "zlib.png"], in: work, environment: hidden)
        #expect(zlib.status == 0, "\(zlib)")
        #expect(zlib.stderr.isEmpty, "a missing libdeflate is no reason to say anything: \(zlib)")
        let (usualBytes, zlibBytes) = (
            [UInt8](try Data(contentsOf: work.appendingPathComponent("usual.png"))),
            [UInt8](try Data(contentsOf: work.appendingPathComponent("zlib.png")))
        )
        #expect(
            try Pixels.decode(work.appendingPathComponent("usual.png")).rgbBytes()
                == Pixels.decode(work.appendingPathComponent("zlib.png")).rgbBytes())
        if PNGEncoder.isLibdeflateAvailable {
            #expect(
                usualBytes.count < zlibBytes.count, "libdeflate's \(usualBytes.count) B ≥ zlib's \(zlibBytes.count) B")
        } else {
            #expect(usualBytes == zlibBytes)
        }
    }

    @Test(arguments: [1, 2])
    func snapFromFileHidesEverySecretAtScale(scale: Int) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = try Fixtures.url("screens/secrets.ans")
        var arguments = ["snap", input.path, "-o", "out.png"]
        if scale != 1 { arguments += ["--scale", "\(scale)"] }
        let result = try CLI.run(arguments, in: work)
        #expect(result.status == 0, "\(result)")
        #expect(Temp.contents(of: work) == ["out.png"])
        let attributes = try FileManager.default.attributesOfItem(atPath: work.appendingPathComponent("out.png").path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "the PNG must be mode 0600")
        let (screen, spans) = try Screens.findings(path: input.path)
        Self.expectPlantedCovered(screen, spans: spans, secrets: Self.planted)
        let bitmap = try Pixels.decode(work.appendingPathComponent("out.png"))
        #expect(bitmap.width == 80 * 8 * scale && bitmap.height == 24 * 16 * scale)
        Pixels.expectMasked(bitmap, spans: spans, scale: scale, "snap --scale \(scale)")
        try Secrets.expectNone(in: [UInt8](try Data(contentsOf: work.appendingPathComponent("out.png"))), "PNG")
        try Secrets.expectNone(in: result.stdoutBytes + result.stderrBytes, "snap output")
        #expect(result.stdout.contains("out.png"))
    }

    /// The mask colour does not depend on the theme.
    @Test func everyThemeHidesInTheMaskColour() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = try Fixtures.url("screens/secrets.ans")
        let (_, spans) = try Screens.findings(path: input.path)
        #expect(!Theme.builtIn.isEmpty)
        for theme in Theme.builtIn.map(\.name) {
            let result = try CLI.run(["snap", input.path, "-o", "\(theme).png", "--theme", theme], in: work)
            #expect(result.status == 0, "\(result)")
            let url = work.appendingPathComponent("\(theme).png")
            Pixels.expectMasked(try Pixels.decode(url), spans: spans, scale: 1, "--theme \(theme)")
            try Secrets.expectNone(in: [UInt8](try Data(contentsOf: url)), "\(theme) PNG")
        }
    }

    /// A user regex that backtracks catastrophically runs out of its regex budget: the rows it
    /// could not scan are hidden whole (fail closed), the PNG is written and stderr says so.
    @Test func aRegexOverItsBudgetHidesTheRowsItCouldNotScan() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let rules = try Fixtures.url("rules/evil.yml")
        let input = try Fixtures.url("screens/evil.ans")
        let result = try CLI.run(["snap", input.path, "-o", "evil.png", "--config", rules.path], in: work)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("veil: warning: rule 'evil' (\(rules.path):"), "\(result.stderr)")
        #expect(result.stderr.contains(") ran out of its regex budget"), "\(result.stderr)")
        #expect(result.stderr.contains("row 0 hidden unscanned"), "\(result.stderr)")
        let bitmap = try Pixels.decode(work.appendingPathComponent("evil.png"))
        Pixels.expectMasked(
            bitmap, spans: [CellSpan(row: 0, col: 0, width: 80), CellSpan(row: 1, col: 5, width: 19)], scale: 1,
            "evil.png")
        try Secrets.expectNone(in: result.stdoutBytes + result.stderrBytes, "snap output")
        try Secrets.expectNone(in: [UInt8](try Data(contentsOf: work.appendingPathComponent("evil.png"))), "evil.png")
    }

    /// Raw bytes are judged at every moment, as `veil redact` judges them: a card number
    /// printed whole, then cut back to `4539 1488 0` (`CSI 8 D`, `CSI K`), leaves remains no
    /// detector finds on the final screen alone; snap hides them, from a file and from
    /// standard input, where it used to draw them in clear.
    @Test func aValueCutBackIsHiddenAsRedactHidesIt() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let bytes = Array("$ pay 4539 1488 0343 6467\u{1B}[8D\u{1B}[K\r\n$ ".utf8)
        try Data(bytes).write(to: work.appendingPathComponent("cut.ans"))
        let fromFile = try CLI.run(["snap", "cut.ans", "-o", "file.png"], in: work)
        #expect(fromFile.status == 0, "\(fromFile)")
        #expect(fromFile.stdout.contains("1 hidden"), "\(fromFile)")
        let fromStdin = try CLI.run(["snap", "-", "-o", "stdin.png"], in: work, stdin: bytes)
        #expect(fromStdin.status == 0, "\(fromStdin)")
        for name in ["file.png", "stdin.png"] {
            let bitmap = try Pixels.decode(work.appendingPathComponent(name))
            Pixels.expectMasked(bitmap, spans: [CellSpan(row: 0, col: 6, width: 11)], scale: 1, name)
        }
        // The prompt and the command stay readable: only the value's remains are hidden.
        let redacted = try CLI.run(["redact", "cut.ans", "-o", "cut-redacted.ans"], in: work)
        #expect(redacted.status == 0, "\(redacted)")
        let screen = try CLI.run(["screen", "cut-redacted.ans"], in: work)
        #expect(screen.stdout.hasPrefix("$ pay"), "\(screen)")
        #expect(!screen.stdout.contains("4539"), "\(screen)")
    }

    @Test func snapFromStandardInputMatchesSnapFromFile() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = try Fixtures.url("screens/secrets.ans")
        let fromStdin = try CLI.run(["snap", "-"], in: work, stdin: try Fixtures.bytes("screens/secrets.ans"))
        #expect(fromStdin.status == 0, "\(fromStdin)")
        #expect(Temp.contents(of: work) == ["snapshot.png"], "stdin's default output is snapshot.png")
        let fromFile = try CLI.run(["snap", input.path, "-o", "file.png"], in: work)
        #expect(fromFile.status == 0, "\(fromFile)")
        let stdinPNG = work.appendingPathComponent("snapshot.png")
        let bitmap = try Pixels.decode(stdinPNG)
        let (_, spans) = try Screens.findings(path: input.path)
        Pixels.expectMasked(bitmap, spans: spans, scale: 1, "snap -")
        #expect(try Data(contentsOf: stdinPNG) == Data(contentsOf: work.appendingPathComponent("file.png")))
        try Secrets.expectNone(in: [UInt8](try Data(contentsOf: stdinPNG)), "stdin PNG")
        try Secrets.expectNone(in: fromStdin.stdoutBytes + fromStdin.stderrBytes, "snap - output")
    }

    @Test func snapOfRecordingAtEndAndAtEarlierMoment() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let cast = try Fixtures.url("casts/session.cast")

        // Default: the end — after the resize to 60x8, with the IBAN and the password.
        let end = try CLI.run(["snap", cast.path, "-o", "end.png"], in: work)
        #expect(end.status == 0, "\(end)")
        let endCapture = try Screens.findings(path: cast.path)
        #expect(endCapture.screen.cols == 60 && endCapture.screen.rows == 8)
        Self.expectPlantedCovered(
            endCapture.screen, spans: endCapture.spans,
            secrets: ["4111 1111 1111 1111", "DE89 3704 0044 0532 0130 00", "Lantern-7-Harbor"])
        let endBitmap = try Pixels.decode(work.appendingPathComponent("end.png"))
        #expect(endBitmap.width == 60 * 8 && endBitmap.height == 8 * 16, "the resize event is followed")
        Pixels.expectMasked(endBitmap, spans: endCapture.spans, scale: 1, "cast end")

        // --at 0.7: before the resize, only the card number is on the 40x6 screen.
        let early = try CLI.run(["snap", cast.path, "--at", "0.7", "-o", "early.png", "--scale", "2"], in: work)
        #expect(early.status == 0, "\(early)")
        let earlyCapture = try Screens.findings(path: cast.path, at: 0.7)
        #expect(earlyCapture.screen.cols == 40 && earlyCapture.screen.rows == 6)
        #expect(!earlyCapture.screen.lines().joined().contains("DE89"), "--at 0.7 shows output from 2.0 s")
        Self.expectPlantedCovered(earlyCapture.screen, spans: earlyCapture.spans, secrets: ["4111 1111 1111 1111"])
        let earlyBitmap = try Pixels.decode(work.appendingPathComponent("early.png"))
        #expect(earlyBitmap.width == 40 * 8 * 2 && earlyBitmap.height == 6 * 16 * 2)
        Pixels.expectMasked(earlyBitmap, spans: earlyCapture.spans, scale: 2, "cast --at 0.7")
        #expect(
            try Data(contentsOf: work.appendingPathComponent("end.png"))
                != Data(contentsOf: work.appendingPathComponent("early.png")))

        for name in ["end.png", "early.png"] {
            try Secrets.expectNone(in: [UInt8](try Data(contentsOf: work.appendingPathComponent(name))), name)
        }
        try Secrets.expectNone(
            in: end.stdoutBytes + end.stderrBytes + early.stdoutBytes + early.stderrBytes, "snap output")
        #expect(Temp.contents(of: work) == ["early.png", "end.png"])
    }

    /// Secrets after wide (CJK) characters: spans count cells, so the hidden rectangles lie
    /// two cells per wide character to the right of the character index.
    @Test(arguments: [1, 2])
    func secretsAfterWideCharactersAreHiddenInTheRightCells(scale: Int) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = try Fixtures.url("screens/cjk.ans")
        let result = try CLI.run(["snap", input.path, "-o", "cjk.png", "--scale", "\(scale)"], in: work)
        #expect(result.status == 0, "\(result)")
        let (_, spans) = try Screens.findings(path: input.path)
        #expect(
            spans.sorted() == [
                CellSpan(row: 0, col: 5, width: 19), CellSpan(row: 1, col: 7, width: 18),
                CellSpan(row: 2, col: 5, width: 13),
            ])
        let url = work.appendingPathComponent("cjk.png")
        Pixels.expectMasked(try Pixels.decode(url), spans: spans, scale: scale, "cjk --scale \(scale)")
        try Secrets.expectNone(in: [UInt8](try Data(contentsOf: url)), "cjk PNG")
        try Secrets.expectNone(in: result.stdoutBytes + result.stderrBytes, "snap output")
    }

    @Test(arguments: [1, 2])
    func maskAndPlaceholderStylesNeverDrawTheOriginalGlyphs(scale: Int) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = try Fixtures.url("screens/secrets.ans")
        var images: [String: Bitmap] = [:]
        for style in ["solid", "mask", "placeholder"] {
            let result = try CLI.run(
                ["snap", input.path, "-o", "\(style).png", "--style", style, "--scale", "\(scale)"], in: work)
            #expect(result.status == 0, "\(result)")
            let url = work.appendingPathComponent("\(style).png")
            images[style] = try Pixels.decode(url)
            try Secrets.expectNone(in: [UInt8](try Data(contentsOf: url)), "\(style) PNG")
            try Secrets.expectNone(in: result.stdoutBytes + result.stderrBytes, "snap --style \(style) output")
        }
        let (screen, spans) = try Screens.findings(path: input.path)
        let original = try SnapshotRenderer(theme: .dark, options: RenderOptions(scale: scale)).bitmap(for: screen)
        guard let solid = images["solid"], let mask = images["mask"], let placeholder = images["placeholder"] else {
            return
        }
        Pixels.expectMasked(solid, spans: spans, scale: scale, "solid")
        for (style, image) in [("mask", mask), ("placeholder", placeholder), ("solid", solid)] {
            Pixels.expectNoOriginalGlyphPixels(redacted: image, original: original, spans: spans, scale: scale, style)
        }
        #expect(mask != placeholder && mask != solid && placeholder != solid, "the three styles must look different")
        #expect(original != solid, "the unredacted rendering must differ from the redacted one")
    }
}
