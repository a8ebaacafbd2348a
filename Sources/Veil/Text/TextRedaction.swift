import Foundation
import VeilRedaction
import VeilRender

/// `veil redact --text`: a text file (or standard input) with every finding replaced, line
/// by line in bounded memory (see ``TextFileReader`` and ``TextStream``).
public enum TextFileRedaction {
    /// Redacts `inputPath` (`-` for standard input) into `output`: a file written atomically
    /// as `policy` allows (a temporary file renamed over it, nothing left behind on error), or
    /// standard output piece by piece.
    /// - Throws: ``InputError`` (unreadable input, a line too long), ``DetectionError``,
    ///   `AtomicFileError`.
    public static func redact(
        inputPath: String, output: OutputTarget, rules: RuleSet, style: TextRedactionStyle,
        policy: OutputPolicy = .standard
    ) throws {
        var reader = try TextFileReader(path: inputPath)
        var stream = TextStream(rules: rules)
        try output.write(policy: policy) { write in
            while let (bytes, isFinal) = try reader.next() {
                let out = try stream.redact(bytes, isFinal: isFinal, style: style)
                if !out.isEmpty { try write(out) }
            }
        }
    }
}
