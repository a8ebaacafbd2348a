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

    /// What ``matches(_:)`` checks before asking ICU.
    var prefilter: Prefilter { lazy.shortcuts.prefilter }

    /// Whether the pattern matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        decidedWithoutRegex(text) ?? lazy.matches(text)
    }

    /// The answer for `text` when the prefilter or a ``RegexShortcut`` decides it in
    /// linear time without ICU; nil when the regex must run.
    func decidedWithoutRegex(_ text: String) -> Bool? {
        let (prefilter, shortcut) = lazy.shortcuts
        switch prefilter {
        case let .literal(bytes):
            return text.utf8.withContiguousStorageIfAvailable { $0.contains(bytes) }
                ?? Array(text.utf8).withUnsafeBufferPointer { $0.contains(bytes) }
        case let .firstScalar(scalars):
            guard let first = text.unicodeScalars.first, scalars.contains(first.value) else { return false }
        case .none:
            break
        }
        return shortcut?.matches(text)
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
        return
            "invalid regular expression: ICU rejects it (note `[:` opens a POSIX class such as [:alpha:]; write `[\\:…]`)"
    }
}

/// A cheap check on a text before ICU runs a pattern on it, derived from the pattern's
/// source only where the derivation is certain; otherwise `.none`.
enum Prefilter: Sendable, Hashable {
    /// No shortcut: ICU decides.
    case none
    /// The pattern is a plain literal (no metacharacter, no flag): it matches exactly the
    /// texts whose UTF-8 contains these bytes, and ICU is not needed.
    case literal([UInt8])
    /// The pattern is `^` and one mandatory character or class of literal characters
    /// (`^[*•●]+$`, `^\$\{…`, `^<…`), without alternation: a text that does not start with
    /// one of these scalars cannot match.
    case firstScalar(Set<UInt32>)

    private static let metacharacters: Set<Unicode.Scalar> = [
        "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}",
    ]

    init(_ source: String) {
        let scalars = Array(source.unicodeScalars)
        guard !scalars.isEmpty, !scalars.contains("|") else { self = .none; return }
        if !scalars.contains(where: Self.metacharacters.contains) {
            self = .literal(Array(source.utf8))
            return
        }
        guard scalars[0] == "^", scalars.count >= 2 else { self = .none; return }
        var set = Set<UInt32>()
        var next: Int
        switch scalars[1] {
        case "\\":
            // An escaped ASCII punctuation character is that character; `\d`, `\1`… are not.
            guard scalars.count >= 3, scalars[2].isASCII, scalars[2].value > 0x20, scalars[2].value < 0x7F,
                !scalars[2].properties.isAlphabetic, !("0"..."9").contains(scalars[2])
            else { self = .none; return }
            set = [scalars[2].value]
            next = 3
        case "[":
            // A class of literal characters only: no negation, range, escape, nesting,
            // POSIX class or set operation.
            var j = 2
            while j < scalars.count && scalars[j] != "]" {
                guard !["^", "-", "\\", "[", "&", ":"].contains(scalars[j]) else { self = .none; return }
                set.insert(scalars[j].value)
                j += 1
            }
            guard j < scalars.count, !set.isEmpty else { self = .none; return }
            next = j + 1
        case let scalar where !Self.metacharacters.contains(scalar):
            set = [scalar.value]
            next = 2
        default:
            self = .none
            return
        }
        // The character must be there: no `*`, `?` or `{0,…}` after it.
        if next < scalars.count && ["*", "?", "{"].contains(scalars[next]) { self = .none; return }
        self = .firstScalar(set)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether `bytes` occurs anywhere (exactly).
    func contains(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard bytes.count <= count else { return false }
        var index = 0
        while index + bytes.count <= count {
            if self[index] == bytes[0] {
                var k = 1
                while k < bytes.count && self[index + k] == bytes[k] { k += 1 }
                if k == bytes.count { return true }
            }
            index += 1
        }
        return false
    }
}

/// Why a pattern cannot be used.
public enum RegexPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalid(message: String)
    case noSuchGroup(Int, groups: Int)

    public var description: String {
        switch self {
        case let .invalid(message): message
        case let .noSuchGroup(group, groups):
            "secretGroup \(group) but the regex has \(groups) capture group\(groups == 1 ? "" : "s")"
        }
    }
}
