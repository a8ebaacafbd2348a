/// A way to decide whether a pattern matches a text without ICU, for the shapes whose
/// meaning is certain from the source: ``AnchoredClassRun`` (`^[*•●]+$`),
/// ``LiteralAlternation`` (`(?i)(?:example|dummy)`) and ``RepeatedScalarRun`` (`(.)\1{5}`).
///
/// The built-in rules' allowlists are all of these shapes but the few that anchor a whole
/// value (credentials in URLs, e-mail test domains), so a screen whose findings pass only
/// those allowlists never sets ICU's regex engine up.
enum RegexShortcut: Hashable, Sendable {
    case anchoredClassRun(AnchoredClassRun)
    case literals(LiteralAlternation)
    case repeatedScalar(RepeatedScalarRun)

    /// The shortcut for `source`, or nil when ICU must run it.
    init?(_ source: String) {
        if let run = AnchoredClassRun(source) {
            self = .anchoredClassRun(run)
        } else if let run = RepeatedScalarRun(source) {
            self = .repeatedScalar(run)
        } else if let literals = LiteralAlternation(source) {
            self = .literals(literals)
        } else {
            return nil
        }
    }

    /// Whether the pattern matches anywhere in `text`; nil when ICU must decide this text.
    func matches(_ text: String) -> Bool? {
        switch self {
        case .anchoredClassRun(let run): run.matches(text)
        case .repeatedScalar(let run): run.matches(text)
        case .literals(let literals): literals.matches(text)
        }
    }
}
