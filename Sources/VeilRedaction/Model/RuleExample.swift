/// An example text of a rule, SwiftLint style: `↓` pairs mark the spans the rule must hide.
///
/// `"Card: ↓4111 1111 1111 1111↓ exp 12/29"` must produce exactly one hidden span, the card
/// number. Lines are separated by `\n` and laid out as rows of a screen.
public struct RuleExample: Hashable, Sendable {
    /// The marker around expected spans.
    public static let marker: Unicode.Scalar = "↓"

    /// The example as written, markers included.
    public let source: String
    /// Where the example is written, for messages.
    public let position: SourcePosition?
    /// Whether the example marks a span (an example must, a negative example must not).
    public let marksSpans: Bool

    /// The text without markers.
    public var text: String { parsed.text }
    /// The expected hidden spans, as character (Unicode scalar) offsets into ``text``.
    public var expected: [Range<Int>] { parsed.expected }

    /// Checks an example's markers; the text and spans are worked out when asked for (a
    /// rules file holds hundreds of examples, checked at every start, read only by `veil
    /// rules test` and the lint).
    /// - Throws: ``RuleExampleError/unpairedMarker`` when the `↓` markers do not pair up.
    public init(_ source: String, position: SourcePosition? = nil) throws {
        let markers = Self.markerCount(source)
        guard markers % 2 == 0 else { throw RuleExampleError.unpairedMarker }
        self.source = source
        self.position = position
        self.marksSpans = markers > 0
    }

    /// How many `↓` the text holds (its three UTF-8 bytes never occur inside another character).
    private static func markerCount(_ source: String) -> Int {
        var source = source
        return source.withUTF8 { bytes in
            var count = 0
            var i = 0
            while i + 2 < bytes.count {
                if bytes[i] == 0xE2, bytes[i + 1] == 0x86, bytes[i + 2] == 0x93 {
                    count += 1
                    i += 3
                } else {
                    i += 1
                }
            }
            return count
        }
    }

    /// The text and spans, piece by piece between markers.
    private var parsed: (text: String, expected: [Range<Int>]) {
        var text = ""
        var expected: [Range<Int>] = []
        var open: Int?
        var offset = 0
        for (number, piece) in source.unicodeScalars.split(separator: Self.marker, omittingEmptySubsequences: false)
            .enumerated()
        {
            if number > 0 {
                if let start = open {
                    expected.append(start..<offset)
                    open = nil
                } else {
                    open = offset
                }
            }
            text += Substring(piece)
            offset += piece.count
        }
        return (text, expected)
    }
}

/// Why an example cannot be used.
public enum RuleExampleError: Error, Hashable, Sendable, CustomStringConvertible {
    case unpairedMarker

    public var description: String { "the example's ↓ markers do not pair up" }
}
