import Foundation
import VeilLifecycle

extension Scenario {
    /// How long the default scenario of `veil exec -- COMMAND` waits for the program's
    /// output to be quiet before it goes home.
    public static let defaultExecIdle = Duration.milliseconds(500)

    /// The scenario of `veil exec -- COMMAND` with no scenario file: launch the program, wait
    /// until its output has been quiet for ``defaultExecIdle`` (30 s at most), go home (focus
    /// out, background, snapshot, suspend).
    public static func live(command: [String], cols: Int = 80, rows: Int = 24) -> Scenario {
        let base = URL(fileURLWithPath: command.first ?? "program").lastPathComponent
        let safe = String(
            base.unicodeScalars.map {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0))
                    ? Character($0) : "-"
            }
        ).prefix(64)
        var scenario = Scenario(name: safe.isEmpty ? "program" : String(safe), path: command.first ?? "program")
        scenario.screen.cols = cols
        scenario.screen.rows = rows
        scenario.screen.content = .command(command)
        let start = Position(line: 1, column: 1)
        scenario.timeline = [
            TimedStep(step: .event(.launch()), position: start),
            TimedStep(step: .waitIdle(defaultExecIdle, timeout: .seconds(30)), position: start),
            TimedStep(step: .event(.home), position: start),
        ]
        return scenario
    }

    /// The scenario with `command` as its app (replacing `screen.exec`, `file` or `text`).
    /// - Throws: ``InputError`` when the scenario has handlers (a simulated app's).
    public func running(_ command: [String]) throws -> Scenario {
        guard handlers.isEmpty else {
            throw InputError(
                path: path,
                message: "handlers describe a simulated app; with a program as the app (-- COMMAND) leave them out")
        }
        var scenario = self
        scenario.screen.content = .command(command)
        return scenario
    }
}

extension PtyProcess {
    /// Throws ``PtyError`` naming `command` when no file runs it (checked before a run
    /// starts, so a typo is one clear error).
    public static func checkCommand(_ command: [String], environment: [String: String] = environment()) throws {
        guard let name = command.first else { throw PtyError("no command to run") }
        guard CommandPath.resolve(name, path: environment["PATH"]) != nil else { throw PtyError.notFound(name) }
    }
}
