import Foundation
import VeilRedaction
import VeilRender

/// `veil redact --text`: a text file (or standard input) with every finding replaced, line
/// by line in bounded memory (see ``TextFileReader`` and ``TextStream``).
public enum TextFileRedaction {
    /// Redacts `inputPath` (`-` for standard input) into `outputPath` (written atomically: a
    /// temporary file renamed over it, nothing left behind on error) or, when nil, through
    /// `standardOutput` piece by piece.
    /// - Throws: ``InputError`` (unreadable input, a line too long), ``DetectionError``,
    ///   `AtomicFileError`.
    public static func redact(
        inputPath: String, outputPath: String?, rules: RuleSet, style: TextRedactionStyle,
        policy: OutputPolicy = .standard,
        standardOutput: ([UInt8]) throws -> Void = { FileHandle.standardOutput.write(Data($0)) }
    ) throws {
        var reader = try TextFileReader(path: inputPath)
        var stream = TextStream(rules: rules)
        func run(_ write: ([UInt8]) throws -> Void) throws {
            while let (bytes, isFinal) = try reader.next() {
                let out = try stream.redact(bytes, isFinal: isFinal, style: style)
                if !out.isEmpty { try write(out) }
            }
        }
        if let outputPath {
            try AtomicFile.write(to: URL(fileURLWithPath: outputPath), policy: policy, run)
        } else {
            try run(standardOutput)
        }
    }
}
