import ArgumentParser
import Foundation
import Veil

extension AuditCommand {
    /// `veil audit --review`: runs the audit, then asks about each finding not in the baseline
    /// on the terminal (``ReviewPrompt``) and writes the baseline atomically. Needs a terminal
    /// on standard input and output; without one it says so and exits 2 before auditing.
    /// Exit codes: 0 every blocking finding is now in the baseline; 1 some still fail the
    /// audit (a real leak, skipped or not reached); 2 an error.
    func runReview() async throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            Self.standardError(
                """
                veil audit: --review needs a terminal (standard input and output are not both one); \
                in CI use --update-baseline and review the file's statuses and reasons instead
                """)
            throw ExitCode(2)
        }
        let currentFolder = FileManager.default.currentDirectoryPath
        let options = options(currentFolder: currentFolder)
        let outcome = await AuditEngine(options: options).run(progress: .standardError())
        guard var review = outcome.review else {
            for error in outcome.report.configurationErrors { Self.standardError("error: \(error)") }
            throw ExitCode(2)
        }
        for error in outcome.report.inputs.compactMap(\.error) { Self.standardError("error: \(error)") }
        if review.items.isEmpty {
            print("veil audit --review: every finding is in the baseline already; nothing to review")
            throw ExitCode(outcome.report.exitCode)
        }
        let prompt = ReviewPrompt(
            readLine: { Swift.readLine(strippingNewline: true) },
            write: { text in
                FileHandle.standardOutput.write(Data(text.utf8))
            })
        prompt.run(&review)
        let accepted = review.count(.accept)
        let leaks = review.count(.realLeak)
        let unreviewed = review.items.count - review.decisions.count
        print(
            """
            veil audit --review: \(accepted) accepted, \(leaks) real leaks, \(review.count(.skip)) skipped, \
            \(unreviewed) not reviewed
            """)
        if accepted > 0 {
            do {
                try review.write(currentFolder: currentFolder, policy: options.outputPolicy)
                Self.standardError("veil audit: wrote baseline \(review.path)")
            } catch {
                Self.standardError("veil audit: cannot write \(review.path): \(error)")
                throw ExitCode(2)
            }
        }
        let stillFailing = review.items.indices.contains { index in
            review.decisions[index] != .accept && review.items[index].finding.fails
        }
        let lifecycle = outcome.report.findings.contains { $0.category == .lifecycle && $0.fails }
        let errors = outcome.report.exitCode == 2
        throw ExitCode(errors ? 2 : (stillFailing || lifecycle) ? 1 : 0)
    }
}
