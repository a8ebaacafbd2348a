import VeilMedia
import VeilRedaction

/// A VHS tape (`.tape`) judged as text (``VHSTape/texts``): the lines it types, its `Env`
/// and `Set` values, `Copy` and `Subtitle` texts, paths, patterns and comments, each finding
/// at the line and column of the text that holds it.
public struct TapeChannels: Sendable {
    /// The largest tape read (4 MiB); tapes are a few hundred bytes.
    public static let maximumBytes = 4 << 20

    /// What is sensitive.
    public var rules: RuleSet

    public init(rules: RuleSet) {
        self.rules = rules
    }

    /// Judges the tape `bytes` (the file `path`).
    /// - Throws: ``InputError`` naming `path` (not UTF-8, a custom detector failed).
    public func scan(_ bytes: [UInt8], path: String) throws -> [MediaFinding] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let bad = Self.firstInvalidUTF8(bytes)
            throw InputError(path: path, line: bad.line, column: bad.column, message: "a tape must be UTF-8 text")
        }
        var judge = MediaTextJudge(rules: rules, path: path)
        for item in VHSTape(text: text).texts {
            try judge.judge(item.text) { found in
                let place = item.place(ofByte: found.start.byteColumn - 1)
                return MediaPlace(kind: .tape, name: item.label, line: place.line, column: place.column)
            }
        }
        return judge.findings
    }

    /// The line and column of the first byte that is not UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int) {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error, .emptyInput:
                return (line, column)
            }
        }
    }
}
