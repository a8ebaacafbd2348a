/// A place in a text: 1-based line, 1-based column in characters (Unicode scalars; each
/// byte of invalid UTF-8 counts as one) and 1-based column in UTF-8 bytes.
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// 1-based column, in bytes of the line's UTF-8.
    public var byteColumn: Int

    public init(line: Int, column: Int, byteColumn: Int) {
        self.line = line
        self.column = column
        self.byteColumn = byteColumn
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.byteColumn) < (rhs.line, rhs.byteColumn)
    }
}

/// Something sensitive found in a text: the ``Finding`` (rule, severity, masked form,
/// fingerprint; its spans count lines and characters, location ``Finding/Location/text``)
/// and where it lies in the text.
///
/// ```swift
/// for found in try RuleSet.builtIn.textFindings(in: "card 4111 1111 1111 1111") {
///     print(found.ruleID, found.start)   // card.pan 1:6
/// }
/// ```
public struct TextFinding: Hashable, Sendable, CustomStringConvertible {
    /// The finding as the screen API reports it.
    public let finding: Finding
    /// Where the hidden text starts.
    public let start: TextPosition
    /// Where it ends (exclusive: the position just after its last character).
    public let end: TextPosition
    /// The hidden bytes of the input (a private key block spans lines; the line breaks
    /// inside it are not hidden).
    public let byteRange: Range<Int>
    /// Whether this is another occurrence of a value a rule found elsewhere in the same text
    /// (hidden because the value is known to be sensitive; see ``RuleSet/textFindings(in:)``).
    public let isRepeat: Bool
    /// The hidden bytes of the input, one range per line, in order (never a line break).
    public let hiddenRanges: [Range<Int>]

    /// The id of the rule that found it.
    public var ruleID: String { finding.ruleID }
    /// Block or warn.
    public var severity: Severity { finding.severity }
    /// Secret or personal data.
    public var category: RuleCategory { finding.category }

    /// `rule at line:column: masked`; never the secret.
    public var description: String { "\(ruleID) at \(start): \(finding.masked)" }
}
