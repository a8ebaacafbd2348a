import VeilScreen

/// A small fixed screen with text of every kind the detectors look for, wide characters, a
/// title and an in-band mark, for targets that fuzz the rules rather than the screen.
public enum SampleScreen {
    /// The 60×8 sample screen.
    public static let screen: Screen = {
        guard var terminal = try? Terminal(cols: 60, rows: 8) else { fatalError("60x8 refused") }
        terminal.feed(
            "\u{1B}]0;deploy alice@example.com\u{07}"
                + "user: alice@example.com  password: hunter2-Secret!\r\n"
                + "AKIAIOSFODNN7EXAMPLE card 4111 1111 1111 1111 ssn 123-45-6789\r\n"
                + "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB token xoxb-1-2-abc\r\n"
                + "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ\r\n"
                + "电话 +86 138 0013 8000 身份证 11010519491231002X 中文宽字符\r\n"
                + "IBAN GB82 WEST 1234 5698 7654 32 tel +44 20 7946 0958\r\n"
                + "\u{1B}]7701;pin\u{07}PIN 1234\u{1B}]7701;\u{07} entropy Zx9qL2mP8vR4tY6wK1nB3cH5\r\n"
                + "\u{1B}[1;31mred\u{1B}[0m end"
        )
        return terminal.screen
    }()
}
