import Foundation
import Testing

/// Tokens whose example form is clearly a placeholder (`AKIAZZZZ…`, `glpat-xxxx…`) stay
/// visible, and `veil scan --verbose` says why; a token that only looks plain does not.
@Suite struct ExampleTokenTests {
    @Test func placeholderTokensAreVisibleAndVerboseSaysWhy() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = Array("key AKIAZZZZZZZZZZZZZZZZ\r\ngitlab glpat-xxxxxxxxxxxxxxxxxxxx\r\n".utf8)
        let quiet = try CLI.run(["scan", "-"], in: work, stdin: input)
        #expect(quiet.status == 0 && !quiet.stdout.contains("allowlisted"), "\(quiet)")
        let verbose = try CLI.run(["scan", "-", "--verbose"], in: work, stdin: input)
        #expect(verbose.status == 0, "\(verbose)")
        #expect(
            verbose.stdout.contains(
                "allowlisted: aws.access_key at 1:5 ••••••••••••••••••••: placeholder: one character repeated"),
            "\(verbose)")
        #expect(verbose.stdout.contains("allowlisted: gitlab.token at 2:8 "), "\(verbose)")
        #expect(!verbose.stdout.contains("AKIA") && !verbose.stdout.contains("glpat"), "\(verbose)")
    }

    @Test func aRealLookingKeyIsStillFound() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = Array("key AKIAB5WKH7DNSIPZZ7FK\r\n".utf8)
        let result = try CLI.run(["scan", "-"], in: work, stdin: input)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("aws.access_key"), "\(result)")
    }
}
