/// Words quoted so a POSIX shell reads them back as they are: what reports print as a
/// command to run again.
///
/// ```swift
/// ShellQuoting.command(["veil", "audit", "my recordings/", "it's.cast"])
/// // veil audit 'my recordings/' 'it'\''s.cast'
/// ```
public enum ShellQuoting {
    /// `word` unchanged when it holds only characters no shell treats specially, else in
    /// single quotes (a single quote inside written `'\''`).
    public static func quote(_ word: String) -> String {
        if !word.isEmpty, word.unicodeScalars.allSatisfy(isPlain), !word.hasPrefix("~") { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The words quoted and joined with spaces.
    public static func command(_ words: [String]) -> String {
        words.map(quote).joined(separator: " ")
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "_", "-", ".", "/", ":", "=", "@", "%", "+", ",": true
        default: false
        }
    }
}
