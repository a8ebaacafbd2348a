import Testing
import VeilTestSupport
import VeilScreen
@testable import VeilRedaction

/// Every built-in scanner on random lines made of the pieces they react to: each must
/// finish (a loop that stops advancing hangs here) and return in-bounds ranges that start
/// and end on character boundaries.
@Suite struct ScannerFuzzTests {
    static let pieces = [
        "0", "1", "4", "6", "9", "12", "86", "138", " ", "  ", "-", "+", "(", ")", ".", "@", "=", ":", "/", "//", "_",
        "\"", "'", "：", "密码", "口令", "卡号", "　", "🙂", "a", "Z", "x", "X", "eyJ", "eyJhbGciOiJIUzI1NiJ9", "AKIA",
        "A3T", "ghp_", "github_pat_", "xoxb-", "hooks.slack.com/services/", "-----BEGIN", "PRIVATE KEY", "-----",
        "-----END", "password", "Token", "secret_access_key", "DE89", "sha256", "commit", "4111 1111 1111 1111",
        "ABCDEFGHIJKLMNOPQRST", "Zq8pW3dLm9Xv2Rt7Ks4N", "0123456789abcdef0123456789abcdef",
        "xapp-", "xoxe.xoxp-", "glpat-", "npm_", "pypi-AgEIcHlwaS5vcmc", "sk_live_", "AIza", "AccountKey=", "sk-",
        "sk-ant-", "sk-proj-", "SK", "SG.", "dckr_pat_", "hf_", "hvs.", "postgres://", "u:", "1-", "(0", "030 ",
    ]

    /// A deterministic generator (SplitMix64) so a failure reproduces.
    /// The shared seeded generator (SplitMix64).
    typealias SplitMix = SeededGenerator

    @Test(.timeLimit(.minutes(5)))  // a hang guard; a debug build under the parallel suite takes minutes
    func scannersFinishAndStayInBounds() {
        var random = SplitMix(seed: 20261122)
        for _ in 0..<3000 {
            let count = Int.random(in: 1...24, using: &random)
            let line = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                for detector in BuiltInDetector.allCases {
                    var candidates: [Candidate] = []
                    detector.scanner.scan(buffer, previous: buffer, into: &candidates)
                    for candidate in candidates {
                        for range in [candidate.match, candidate.secret] {
                            #expect(
                                range.lowerBound >= 0 && range.upperBound <= bytes.count && !range.isEmpty,
                                "\(detector.rawValue) on \(line.debugDescription)")
                            if range.upperBound <= bytes.count, range.lowerBound < bytes.count {
                                #expect(!ASCII.isContinuation(bytes[range.lowerBound]))
                                #expect(
                                    range.upperBound == bytes.count || !ASCII.isContinuation(bytes[range.upperBound]))
                            }
                        }
                    }
                }
            }
        }
    }

    @Test(.timeLimit(.minutes(5)))  // a hang guard; a debug build under the parallel suite takes minutes
    func wholeScreensOfNoiseNeverFail() throws {
        var random = SplitMix(seed: 7)
        let rules = try RuleSet.builtIn
        for _ in 0..<40 {
            let text = (0..<24).map { _ in
                (0..<Int.random(in: 0...12, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }
                    .joined()
            }.joined(separator: "\n")
            let layout = try TextLayout(text, cols: 40)
            let result = Redactor(rules: rules).redact(layout.screen)
            #expect(result.failure == nil)
            #expect(result.screen.invariantViolation() == nil)
        }
    }
}
