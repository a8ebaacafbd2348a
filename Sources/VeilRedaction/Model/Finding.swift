/// One sensitive thing found on a screen: which rule found it, where, and how to hide it.
///
/// A finding keeps the matched text privately so that it can be fingerprinted and masked;
/// nothing public exposes it. `description`, `dump` and test failure messages show the
/// masked form only.
///
/// ```swift
/// for finding in try RuleSet.builtIn.findings(in: screen) {
///     print(finding.ruleID, finding.spans, finding.masked)   // card.pan [3:10+19] •••• •••• •••• ••••
/// }
/// ```
public struct Finding: Hashable, Sendable {
    /// Which layer of "what is sensitive" produced a finding.
    public enum Source: Hashable, Sendable {
        /// Cells the app itself marked sensitive (layer 1), with the app's reason.
        case appMarked(reason: String)
        /// A region declared in the rules file, by rectangle or label (layer 2).
        case region
        /// A rule: a built-in detector or a pattern (layers 2 and 3).
        case rule
        /// A line a rule's regular expression could not scan within the regex budget
        /// (``RuleSet/regexScreenBudgetSteps``): hidden whole, unscanned (fail closed).
        case timedOut
    }

    /// Where on the snapshot a finding lies.
    public enum Location: String, Hashable, Sendable, Codable {
        /// The grid of cells.
        case screen
        /// The window title; spans count the title's characters.
        case title
        /// Plain text (``RuleSet/textFindings(in:)``): a span's row is the 0-based line,
        /// its columns count the line's characters (Unicode scalars).
        case text
    }

    /// The id of the rule or region (`app.marked` for cells the app marked).
    public let ruleID: String
    /// Secret or personal data.
    public let category: RuleCategory
    /// Block or warn.
    public let severity: Severity
    /// The layer that produced the finding.
    public let source: Source
    /// Grid or title.
    public let location: Location
    /// The cells to hide, sorted; both halves of a wide character are included.
    public let spans: [CellSpan]
    /// The redaction style the rule asks for, if it overrides the redactor's.
    public let style: RedactionStyle?
    /// A truncated keyed SHA-256 of the whole normalized match, salted with
    /// ``Fingerprint/defaultSalt``; the same secret gives the same fingerprint wherever it is.
    /// Computed when read (detection itself never needs it).
    ///
    /// - Warning: the default salt is public, so this value can be brute-forced back to a
    ///   short secret (a phone number, an ID or card number). Use it only as an in-memory
    ///   identity; anything written out (reports, logs, files) must use
    ///   ``fingerprint(salt:)`` with a secret salt, as `veil audit` does.
    public var fingerprint: String { fingerprint(salt: Fingerprint.defaultSalt) }

    /// The whole match (with any label), for fingerprints.
    let matchText: String
    /// The hidden part of the match, for masking.
    let secretText: String

    init(
        ruleID: String, category: RuleCategory, severity: Severity, source: Source,
        location: Location, spans: [CellSpan], style: RedactionStyle?, matchText: String, secretText: String
    ) {
        self.ruleID = ruleID
        self.category = category
        self.severity = severity
        self.source = source
        self.location = location
        self.spans = spans.sorted()
        self.style = style
        self.matchText = matchText
        self.secretText = secretText
    }

    /// The number of cells the finding covers.
    public var cellCount: Int { spans.reduce(0) { $0 + $1.width } }

    /// The hidden text with every character masked (`•`); a number keeps its separators:
    /// `•••• •••• •••• ••••`.
    public var masked: String { masked(showingLast: 0) }

    /// `text` with every character masked (separators stay in numbers), as ``masked`` shows a
    /// finding's text: for candidates that are not findings (an allowlisted value).
    public static func mask(_ text: String) -> String { SecretMask.mask(text, showingLast: 0) }

    /// The most characters ``masked(showingLast:)`` reveals (and never over a quarter of the value).
    public static var maximumRevealedCharacters: Int { SecretMask.maximumRevealed }

    /// The hidden text masked except its last `count` characters (separators do not count):
    /// `masked(showingLast: 4)` gives `•••• •••• •••• 1111`. Long texts are shortened. At
    /// most ``maximumRevealedCharacters`` characters and a quarter of the value are ever
    /// shown, whatever `count` asks for.
    public func masked(showingLast count: Int) -> String {
        SecretMask.mask(secretText, showingLast: count)
    }

    /// The fingerprint of the whole normalized match under another salt (a baseline's, or a
    /// secret one); the one to write out.
    public func fingerprint(salt: [UInt8]) -> String {
        Fingerprint.of(matchText, salt: salt)
    }

    /// Whether this finding covers every cell of `other` (same location).
    func covers(_ other: Finding) -> Bool {
        location == other.location && covers(other.spans)
    }

    /// Whether this finding's spans include every cell of `cells` (same location assumed).
    func covers(_ cells: [CellSpan]) -> Bool {
        cells.allSatisfy { span in
            spans.contains { $0.row == span.row && $0.col <= span.col && span.col + span.width <= $0.col + $0.width }
        }
    }
}

extension Finding: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `rule at row:col+width: masked`; never the secret.
    public var description: String {
        let place = spans.map { "\($0.row):\($0.col)+\($0.width)" }.joined(separator: ",")
        let prefix = location == .title ? "title " : ""
        return "\(ruleID) (\(category.rawValue), \(severity.rawValue)) at \(prefix)\(place): \(masked)"
    }

    public var debugDescription: String { description }

    /// A mirror without the matched text or its fingerprint (keyed with the public default
    /// salt, a short secret could be brute-forced from it), so `dump` and test failures
    /// cannot show either.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "ruleID": ruleID, "category": category, "severity": severity, "source": source,
                "location": location, "spans": spans, "masked": masked,
            ], displayStyle: .struct)
    }
}

/// Masks secret text for display.
enum SecretMask {
    /// The longest masked text shown in full; longer ones are shortened around an ellipsis.
    static let maximumLength = 48
    /// The most characters `showingLast` ever reveals (a card's last four).
    static let maximumRevealed = 4

    /// How many trailing characters of a value of `length` characters may be shown: at most
    /// ``maximumRevealed`` and at most a quarter of them, so a guess stays as hard as the
    /// unseen three quarters.
    static func revealable(length: Int) -> Int {
        min(maximumRevealed, length / 4)
    }

    static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "-"
    }

    /// Masks `text`. Separators (space, `-`) stay visible only in numbers (card, phone,
    /// SSN: `•••• •••• •••• ••••`); in other secrets they would show structure.
    static func mask(_ text: String, showingLast count: Int) -> String {
        let characters = Array(text.map { $0 == "\n" ? " " : $0 })
        let isNumber = characters.allSatisfy { $0.isASCII && ($0.isNumber || "+()-. ".contains($0)) }
        var toShow = max(0, count)
        var out: [Character] = Array(repeating: "•", count: characters.count)
        for index in characters.indices.reversed() {
            let character = characters[index]
            if isSeparator(character) && isNumber {
                out[index] = character
            } else if toShow > 0 {
                out[index] = character
                toShow -= 1
            }
        }
        // Never reveal more than `maximumRevealed` characters, nor a quarter of the value.
        let secretLength = characters.filter { !(isSeparator($0) && isNumber) }.count
        let allowed = revealable(length: secretLength)
        if count > allowed {
            return mask(text, showingLast: allowed)
        }
        if out.count > maximumLength {
            let tail = out.suffix(maximumLength / 2)
            return String(out.prefix(maximumLength / 2 - 1)) + "…" + String(tail)
        }
        return String(out)
    }
}
