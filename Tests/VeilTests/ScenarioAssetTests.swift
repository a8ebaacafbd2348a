import Foundation
import Testing
@testable import Veil

/// Files a scenario names as its screen (`screen.file`, `show`) are its assets: a folder
/// audit plays them inside the scenario, covered as the scenario covers them, and does not
/// audit them a second time as bare captures.
@Suite struct ScenarioAssetTests {
    static let card = "Veil Bank\r\nCard  4111 1111 1111 1111\r\n"

    static func tree(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-assets-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder.path
    }

    /// A scenario that shows `screens/card.ans` and marks the card before every snapshot.
    static let coveringScenario = """
        name: app
        screen:
          size: 40x4
          file: ../screens/card.ans
        handlers:
          applicationWillResignActive:
            - mark: {rect: {row: 1, col: 6, width: 19}, reason: card}
          applicationDidBecomeActive:
            - show: ./../screens/later.ans
        timeline:
          - launch
          - wait: 1s
          - home
        """

    static func audit(_ folder: String, paths: [String] = ["."]) async -> AuditOutcome {
        let options = AuditOptions(
            paths: paths, jobs: 1, currentFolder: folder,
            tool: AuditReport.Tool(version: "0.0.0-test"), timing: false)
        return await AuditEngine(options: options).run()
    }

    @Test func aScenarioThatCoversItsScreenPasses() async throws {
        let folder = try Self.tree([
            "app/app.veil.yml": Self.coveringScenario, "screens/card.ans": Self.card,
            "screens/later.ans": Self.card, "screens/other.ans": Self.card,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = await Self.audit(folder)
        // The scenario's screens are audited once, inside it; an unrelated capture still is.
        #expect(outcome.report.inputs.map(\.path) == ["app/app.veil.yml", "screens/other.ans"])
        #expect(outcome.report.findings.filter { !$0.isSuppressed }.map(\.inputPath) == ["screens/other.ans"])
        #expect(
            outcome.skipped.contains("screens/card.ans: a screen of the scenario app/app.veil.yml, audited with it"))
        #expect(
            outcome.skipped.contains("screens/later.ans: a screen of the scenario app/app.veil.yml, audited with it"))
    }

    @Test func aScreenNamedOnTheCommandLineIsStillAudited() async throws {
        let folder = try Self.tree([
            "app/app.veil.yml": Self.coveringScenario, "screens/card.ans": Self.card,
            "screens/later.ans": Self.card,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = await Self.audit(folder, paths: [".", "screens/card.ans"])
        #expect(outcome.report.inputs.map(\.path) == ["app/app.veil.yml", "screens/card.ans"])
        #expect(outcome.report.exitCode == 1)
    }
}
