import Foundation
import Testing
import Veil
import VeilRedaction
import VeilRender
import VeilScreen

/// What one run of the built `veil` binary produced.
struct CommandResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]
    var stderrBytes: [UInt8]

    var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
}

enum CLIError: Error, CustomStringConvertible {
    case binaryMissing(String)
    case fixtureMissing(String)
    var description: String {
        switch self {
        case .binaryMissing(let path): "the veil binary is not at \(path); run `swift build` (swift test builds it too)"
        case .fixtureMissing(let name): "fixture \(name) is missing from the test bundle"
        }
    }
}

enum CLI {
    /// The built `veil` executable: the test runner lives in `.build/<config>/` next to it.
    static func binary() throws -> URL {
        var candidates = [Bundle.main.bundleURL.appendingPathComponent("veil")]
        // macOS runs tests inside an .xctest bundle: the products folder is its parent.
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("veil"))
        for url in candidates where FileManager.default.isExecutableFile(atPath: url.path) {
            return url
        }
        throw CLIError.binaryMissing(candidates[0].path)
    }

    /// Runs `veil ARGS` in `folder`, feeding `stdin` (if given) to standard input, with the
    /// test's environment plus `environment` (minus any `VEIL_FINGERPRINT_SALT` of the
    /// test's own, so runs do not depend on the caller's shell).
    static func run(
        _ arguments: [String], in folder: URL, stdin: [UInt8]? = nil,
        environment extra: [String: String] = [:]
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["VEIL_FINGERPRINT_SALT"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        // Output goes to files outside `folder`, so no pipe can fill up and nothing lands in the out folder.
        let capture = try Temp.folder(prefix: "veil-cli-io")
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        if let stdin {
            let inURL = capture.appendingPathComponent("stdin")
            _ = FileManager.default.createFile(atPath: inURL.path, contents: Data(stdin))
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let out = [UInt8](try Data(contentsOf: outURL))
        let err = [UInt8](try Data(contentsOf: errURL))
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
            stdoutBytes: out, stderrBytes: err)
    }
}

enum Temp {
    /// A fresh empty folder under the system's temporary folder.
    static func folder(prefix: String = "veil-e2e") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every entry in `folder`, hidden ones included, recursively (relative paths, sorted).
    static func contents(of folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }
}

enum Fixtures {
    static func url(_ relativePath: String) throws -> URL {
        guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw CLIError.fixtureMissing("Fixtures")
        }
        let url = root.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { throw CLIError.fixtureMissing(relativePath) }
        return url
    }

    /// The Fixtures folder: the root of the fixture scenarios, which name `../screens/…`.
    static var rootPath: String {
        get throws { try url("scenarios").deletingLastPathComponent().path }
    }

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try url(relativePath)))
    }
}

/// The secrets planted in the demo and in the fixtures: none may ever show in output.
enum Secrets {
    /// Read from the demo's login screen so the exact token is used.
    static func githubToken() throws -> String {
        let text = String(decoding: try Data(contentsOf: try demoFile("bank-login.ans")), as: UTF8.self)
        guard let range = text.range(of: #"ghp_[A-Za-z0-9]+"#, options: .regularExpression) else {
            Issue.record("the demo login screen has no ghp_ token any more")
            return "ghp_"
        }
        return String(text[range])
    }

    static func demoFile(_ name: String) throws -> URL {
        let scenario = URL(fileURLWithPath: try DemoSession.scenarioPath())
        return scenario.deletingLastPathComponent().appendingPathComponent(name)
    }

    static let fixed = [
        "4111 1111 1111 1111", "4111111111111111",
        "5555 5555 5555 4444", "5555555555554444",
        "DE89 3704 0044 0532 0130 00", "DE89370400440532013000",
        "11010519491231002X",
        "138 0013 8000", "13800138000",
        "Lantern-7-Harbor",
        "52,310.44", "52310.44",
    ]

    static func all() throws -> [String] { fixed + [try githubToken()] }

    /// Records an issue for every planted secret found in `bytes` (`what` names the place).
    static func expectNone(in bytes: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        for secret in try all() where contains(bytes, Array(secret.utf8)) {
            Issue.record("\(what) contains a planted secret (\(secret.prefix(4))…)", sourceLocation: sourceLocation)
        }
    }

    static func expectNone(in text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectNone(in: Array(text.utf8), what, sourceLocation: sourceLocation)
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return true
            }
            index += 1
        }
        return false
    }
}

enum Pixels {
    /// The colour of solid-redacted cells, as it lands in the image.
    static var mask: RGBColor {
        guard case .rgb(let r, let g, let b) = RedactionStyle.maskColor else {
            Issue.record("RedactionStyle.maskColor is not an RGB colour")
            return RGBColor(0x7C, 0x7C, 0x80)
        }
        return RGBColor(r, g, b)
    }

    static func decode(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bitmap {
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(
            Array(bytes.prefix(8)) == PNGChunks.signature, "\(url.lastPathComponent) is not a PNG",
            sourceLocation: sourceLocation)
        let chunks = try PNGChunks.lex(bytes)
        let text = chunks.filter { ["tEXt", "iTXt", "zTXt"].contains($0.type) }
        #expect(
            text.isEmpty, "\(url.lastPathComponent) has text chunks \(text.map(\.type))", sourceLocation: sourceLocation
        )
        return try PNGDecoder().decode(bytes)
    }

    /// The pixel rectangle of a span of cells.
    static func rect(of span: CellSpan, scale: Int) -> (x: Range<Int>, y: Range<Int>) {
        (
            (span.col * 8 * scale)..<((span.col + span.width) * 8 * scale),
            (span.row * 16 * scale)..<((span.row + 1) * 16 * scale)
        )
    }

    /// Expects every pixel of every span to be the mask colour.
    static func expectMasked(
        _ bitmap: Bitmap, spans: [CellSpan], scale: Int, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!spans.isEmpty, "\(what): no hidden cells to check", sourceLocation: sourceLocation)
        let mask = self.mask
        for span in spans {
            let (xs, ys) = rect(of: span, scale: scale)
            guard xs.upperBound <= bitmap.width, ys.upperBound <= bitmap.height else {
                Issue.record(
                    "\(what): span \(span) lies outside the \(bitmap.width)x\(bitmap.height) image",
                    sourceLocation: sourceLocation)
                continue
            }
            var wrong = 0
            for y in ys { for x in xs where bitmap.color(x: x, y: y) != mask { wrong += 1 } }
            #expect(
                wrong == 0, "\(what): \(wrong) pixels of hidden span \(span) are not the mask colour \(mask)",
                sourceLocation: sourceLocation)
        }
    }

    /// Expects that, in each span, every pixel the unredacted glyphs drew (any pixel not of the
    /// cell's most common colour) differs in the redacted image.
    static func expectNoOriginalGlyphPixels(
        redacted: Bitmap, original: Bitmap, spans: [CellSpan], scale: Int, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            redacted.width == original.width && redacted.height == original.height,
            "\(what): image size differs from the unredacted rendering", sourceLocation: sourceLocation)
        for span in spans {
            for col in span.columns {
                let (xs, ys) = rect(of: CellSpan(row: span.row, col: col, width: 1), scale: scale)
                var counts: [RGBColor: Int] = [:]
                for y in ys { for x in xs { counts[original.color(x: x, y: y), default: 0] += 1 } }
                guard let background = counts.max(by: { $0.value < $1.value })?.key else { continue }
                var foreground = 0
                var same = 0
                for y in ys {
                    for x in xs where original.color(x: x, y: y) != background {
                        foreground += 1
                        if redacted.color(x: x, y: y) == original.color(x: x, y: y) { same += 1 }
                    }
                }
                #expect(
                    same == 0,
                    "\(what): \(same) of \(foreground) glyph pixels of hidden cell \(span.row),\(col) are drawn as in the original",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Whether every pixel is the mask colour.
    static func isAllMask(_ bitmap: Bitmap) -> Bool {
        let mask = self.mask
        for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap.color(x: x, y: y) != mask { return false } }
        return true
    }
}

enum Screens {
    /// The screen `veil snap` would build from a capture, and the screen spans the built-in rules hide.
    static func findings(path: String, at time: Double? = nil) throws -> (screen: Screen, spans: [CellSpan]) {
        let screen = try TerminalCapture.screen(path: path, cols: nil, rows: nil, at: time)
        let findings = try RuleSet.builtIn.findings(in: screen)
        return (screen, findings.filter { $0.location == .screen }.flatMap(\.spans))
    }
}
