import Foundation

/// An `NSRegularExpression` compiled on first use, once, whichever thread asks first.
///
/// The built-in rules' patterns are known to compile (the test suite loads them through
/// the YAML loader, which compiles every pattern), so they are not compiled at start-up:
/// a screen whose lines never select a rule pays neither for its regex nor for ICU's
/// one-time regex set-up. Patterns of a user's rules file are compiled when the file is
/// loaded, so that a bad one is reported with its file:line:column; they arrive here
/// already compiled.
final class LazyRegex: @unchecked Sendable {
    // `lock` guards `compiled`; NSRegularExpression itself is immutable and thread-safe.
    private let lock = NSLock()
    private var compiled: NSRegularExpression?
    private var counted: StepCountedRegex?
    private let source: String
    /// ``shortcuts``, once worked out.
    private var found: (prefilter: Prefilter, shortcut: RegexShortcut?)?

    /// A pattern compiled on first use; it must compile (a failure then stops the program).
    init(deferring source: String) {
        self.source = source
    }

    /// A pattern compiled already.
    init(compiled regex: NSRegularExpression) {
        self.source = regex.pattern
        self.compiled = regex
    }

    /// What is checked before asking ICU (whose per-call cost dominates on the short texts
    /// allowlists test): the ``Prefilter``, and the ``RegexShortcut`` that decides most texts
    /// without a regex when `source` has such a shape. Worked out on first use (a rules
    /// file holds dozens of allowlist patterns, most never used in a run).
    var shortcuts: (prefilter: Prefilter, shortcut: RegexShortcut?) {
        lock.lock()
        defer { lock.unlock() }
        if let found { return found }
        let shortcuts = (Prefilter(source), RegexShortcut(source))
        found = shortcuts
        return shortcuts
    }

    /// The compiled pattern.
    var regex: NSRegularExpression {
        lock.lock()
        defer { lock.unlock() }
        if let compiled { return compiled }
        do {
            let regex = try NSRegularExpression(pattern: source)
            compiled = regex
            return regex
        } catch {
            preconditionFailure("a built-in regex failed to compile: \(source)")
        }
    }

    /// The pattern on ICU's C API, whose work is counted in steps (compiled on first use).
    var stepCounted: StepCountedRegex {
        lock.lock()
        defer { lock.unlock() }
        if let counted { return counted }
        guard let regex = StepCountedRegex(source: source) else {
            preconditionFailure("a regex NSRegularExpression accepted failed to compile in ICU: \(source)")
        }
        counted = regex
        return regex
    }

    /// Whether the pattern matches anywhere in `text`: without the compiled regex when the
    /// ``shortcuts`` decide, through it otherwise.
    func matches(_ text: String) -> Bool {
        if let decided = shortcuts.shortcut?.matches(text) { return decided }
        let regex = self.regex
        return regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    /// Whether the pattern has been compiled, for `NSRegularExpression` or ICU's C API (for tests).
    var isCompiled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return compiled != nil || counted != nil
    }
}

extension RegexPattern {
    /// A pattern that is compiled on first use, for patterns known to compile (the
    /// generated built-in rules). `secretGroup` is not checked either.
    init(deferringCompilation source: String, secretGroup: Int) {
        self.init(source: source, secretGroup: secretGroup, lazy: LazyRegex(deferring: source))
    }

    /// Whether the regex has been compiled yet.
    var isCompiled: Bool { lazy.isCompiled }
}
