/// A value of one built-in detector, made up at random with valid checksums, as a program
/// would print it (with its label when the detector needs one).
public struct PlantedSecret: Hashable, Sendable {
    /// The rule id of the detector that must find it (`card.pan`, `iban`, …).
    public var detector: String
    /// The lines to print (one, or several for a private key block), label included.
    public var lines: [String]
    /// The parts that must never survive redaction or appear in any output.
    public var secrets: [String]
    /// For a private key: the header line, without which its body is just text (the body is
    /// hidden only below a visible header).
    public var anchor: String?

    public init(detector: String, lines: [String], secrets: [String], anchor: String? = nil) {
        self.detector = detector
        self.lines = lines
        self.secrets = secrets
        self.anchor = anchor
    }

    /// The forms a leak check looks for: each secret, and its digits-only and separator-free
    /// forms when they differ and are long enough to be telling (8 characters or more).
    public var leakForms: [String] {
        var forms: [String] = []
        for secret in secrets {
            forms.append(secret)
            let compact = String(secret.filter { $0 != " " && $0 != "-" && $0 != "(" && $0 != ")" && $0 != "." })
            if compact != secret && compact.count >= 8 { forms.append(compact) }
            let digits = String(secret.filter(\.isASCII).filter(\.isNumber))
            if digits != secret && digits != compact && digits.count >= 10 { forms.append(digits) }
        }
        return forms
    }
}
