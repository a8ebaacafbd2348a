import Foundation
import VeilRedaction
import VeilRender
import VeilResources

/// The bundled demo: the banking app of `Resources/Demo/bank.veil.yml` played on the virtual
/// clock, its redacted snapshots written to a folder.
public enum DemoSession {
    /// The bundled demo scenario file.
    /// - Throws: ``InputError`` if the resource bundle lacks it.
    public static func scenarioPath() throws -> String {
        guard let url = VeilResources.url("Demo/bank.veil.yml") else {
            throw InputError(
                path: "Demo/bank.veil.yml",
                message: "the bundled demo scenario is missing (\(VeilResources.searchDescription))")
        }
        return url.path
    }

    /// Runs the demo (by default with the built-in rules), writing snapshots to `outputFolder`
    /// (made when missing) as `policy` allows.
    public static func run(
        outputFolder: URL, settings: SnapshotSettings? = nil, policy: OutputPolicy = .standard
    ) async throws -> ScenarioRunner.Result {
        let scenario = try Scenario.load(path: try scenarioPath())
        let settings = try settings ?? SnapshotSettings(rules: .builtIn)
        let runner = ScenarioRunner(scenario: scenario, snapshotter: try Snapshotter(settings: settings))
        return try await runner.run(writingInto: outputFolder.relativePath, policy: policy)
    }
}
