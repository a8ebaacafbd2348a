import Foundation
import Testing
import VeilTestSupport

@testable import VeilRedaction

/// The Airtable token's native scanner finds exactly what the rule's former pattern found:
/// ICU's matches of that pattern are the reference, on lines built around real-shaped tokens
/// and their near misses.
@Suite struct AirtableTokenTests {
    /// The pattern `airtable.token` had before its scanner.
    static let formerPattern = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9_.-])(?:pat[A-Za-z0-9]{14}\.[a-f0-9]{64})(?![A-Za-z0-9_+/=-])"#)

    static func regexMatches(_ line: String) -> [String] {
        let text = line as NSString
        return formerPattern.matches(in: line, range: NSRange(location: 0, length: text.length)).map {
            text.substring(with: $0.range)
        }
    }

    static func scannerMatches(_ line: String) -> [String] {
        let bytes = Array(line.utf8)
        var candidates: [Candidate] = []
        bytes.withUnsafeBufferPointer { buffer in
            ServiceTokenScanner(service: .airtable).scan(
                buffer, previous: UTF8Line(rebasing: buffer[0..<0]), into: &candidates)
        }
        return candidates.map { String(decoding: bytes[$0.match], as: UTF8.self) }
    }

    /// A token, or a near miss of one (a character short or long, upper-case hex, no dot).
    static func token(using random: inout SeededGenerator) -> String {
        let alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        var middle = random.string(alnum, count: 14)
        var hex = random.string("0123456789abcdef", count: 64)
        var dot = "."
        switch Int.random(in: 0..<8, using: &random) {
        case 0: middle += "x"
        case 1: middle.removeLast()
        case 2: hex = hex.uppercased()
        case 3: hex.removeLast()
        case 4: hex += "a"
        case 5: dot = random.pick(["_", "-", ""])
        default: break
        }
        return "pat" + middle + dot + hex
    }

    @Test func theScannerFindsWhatTheFormerPatternFound() {
        var random = SeededGenerator(seed: 0xA17)
        let neighbours = [
            "", " ", ".", "-", "+", "/", "=", "_", "a", "Z", "7", ":", "\"", "'", "说明", "🙂", "pat", "TOKEN=", "x.",
        ]
        var lines: [String] = []
        for _ in 0..<3000 {
            var line = ""
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                line += random.pick(neighbours) + Self.token(using: &random) + random.pick(neighbours)
            }
            lines.append(line)
        }
        var found = 0
        var mismatches: [String] = []
        for line in lines {
            let expected = Self.regexMatches(line)
            found += expected.count
            if Self.scannerMatches(line) != expected { mismatches.append(line) }
        }
        #expect(found > 200, "the lines hold tokens")
        #expect(found < 3000, "and near misses")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }

    /// A screen of `path`, `pattern` and `patch` runs the scanner (its keyword is there) but
    /// compiles no pattern: the reason it is not a regular expression.
    @Test func pathsAndPatternsCompileNothing() throws {
        let rules = try EverydayScreenRegexTests.freshRules()
        let findings = try rules.findings(
            in: try ContextRowsTests.screen([
                "PATH=/usr/local/bin:/usr/bin:/bin", "git apply fix.patch  # the pattern matched 3 paths",
            ]))
        #expect(findings.isEmpty)
        #expect(
            EverydayScreenRegexTests.compiledRules(rules).isEmpty, "\(EverydayScreenRegexTests.compiledRules(rules))")
    }
}
