/// An example text of a rule, SwiftLint style: `↓` pairs mark the spans the rule must hide.
///
/// `"Card: ↓4111 1111 1111 1111↓ exp 12/29"` must produce exactly one hidden span, the card
/// number. Lines are separated by `\n` and laid out as rows of a screen.
public struct RuleExample: Hashable, Sendable {
    /// The marker around expected spans.
    public static let marker: Unicode.Scalar = "↓"

    /// The example as written, markers included.
    public let source: String
    /// The text without markers.
    public let text: String
    /// The expected hidden spans, as character (Unicode scalar) offsets into ``text``.
    public let expected: [Range<Int>]
    /// Where the example is written, for messages.
    public let position: SourcePosition?

    /// Parses an example.
    /// - Throws: ``RuleExampleError/unpairedMarker`` when the `↓` markers do not pair up.
    public init(_ source: String, position: SourcePosition? = nil) throws {
        // Piece by piece between markers (a rules file holds hundreds of examples, parsed at
        // every start): the text is the pieces joined, the spans count their scalars.
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
        guard open == nil else { throw RuleExampleError.unpairedMarker }
        self.source = source
        self.text = text
        self.expected = expected
        self.position = position
    }
}

/// Why an example cannot be used.
public enum RuleExampleError: Error, Hashable, Sendable, CustomStringConvertible {
    case unpairedMarker

    public var description: String { "the example's ↓ markers do not pair up" }
}
