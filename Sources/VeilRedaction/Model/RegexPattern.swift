import Foundation

/// A compiled regular expression of a rules file, in Foundation's `NSRegularExpression`
/// dialect (ICU): Perl-like syntax, `(?i)` and other inline flags, look-around, Unicode
/// properties (`\p{Han}`), `\d`/`\w`/`\s` Unicode-aware. Prefer
/// `(?<![0-9A-Za-z])…(?![0-9A-Za-z])` to `\b`, which ICU treats oddly next to CJK.
///
/// Patterns run only on cold paths (user rules after their keyword prefilter, allowlists on
/// already found candidates); the built-in detectors scan bytes directly.
public struct RegexPattern: @unchecked Sendable, Hashable {
    // NSRegularExpression is immutable and documented thread-safe; hence @unchecked.
    let lazy: LazyRegex
    /// The compiled pattern (compiled on first use for the built-in rules: LazyRegex).
    var regex: NSRegularExpression { lazy.regex }
    /// The pattern as written.
    public let source: String
    /// The capture group holding the secret (0 = the whole match).
    public let secretGroup: Int

    /// Compiles `source`.
    /// - Throws: ``RegexPatternError`` with ICU's message when it does not compile, or when
    ///   `secretGroup` names a group the pattern does not have.
    public init(_ source: String, secretGroup: Int = 0) throws {
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: source)
        } catch {
            throw RegexPatternError.invalid(message: Self.diagnose(source))
        }
        guard secretGroup >= 0, secretGroup <= regex.numberOfCaptureGroups else {
            throw RegexPatternError.noSuchGroup(secretGroup, groups: regex.numberOfCaptureGroups)
        }
        self.init(source: source, secretGroup: secretGroup, lazy: LazyRegex(compiled: regex))
    }

    init(source: String, secretGroup: Int, lazy: LazyRegex) {
        self.source = source
        self.secretGroup = secretGroup
        self.lazy = lazy
    }

    /// Whether the pattern matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        lazy.matches(text)
    }

    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool {
        lhs.source == rhs.source && lhs.secretGroup == rhs.secretGroup
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(secretGroup)
    }

    /// Why ICU rejected `source`. Foundation's error carries no reason, so the pattern is
    /// parsed again by Swift's regex parser, whose messages say what is wrong; when that
    /// parser accepts it, the problem is ICU-specific (e.g. `[:` opens a POSIX class).
    private static func diagnose(_ source: String) -> String {
        do {
            _ = try Regex(source)
        } catch {
            let message = "\(error)"
            // Swift's parser lacks some ICU features (look-behind…): its complaint about
            // those is not the reason.
            if !message.contains("not currently supported") && !message.contains("unsupported") {
                return "invalid regular expression: \(message)"
            }
        }
        return "invalid regular expression: ICU rejects it (note `[:` opens a POSIX class such as [:alpha:]; write `[\\:…]`)"
    }
}

/// Why a pattern cannot be used.
public enum RegexPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalid(message: String)
    case noSuchGroup(Int, groups: Int)

    public var description: String {
        switch self {
        case let .invalid(message): message
        case let .noSuchGroup(group, groups): "secretGroup \(group) but the regex has \(groups) capture group\(groups == 1 ? "" : "s")"
        }
    }
}
