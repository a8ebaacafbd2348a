import ArgumentParser
import Veil

/// `--group-above` of `veil scan` and `veil audit`: when a rule's values are one group.
struct GroupAboveOption: ParsableArguments {
    @Option(
        name: .customLong("group-above"),
        help: ArgumentHelp(
            "Report the values of a rule as one group (a flood: one text line and one SARIF result with the count, the first and last place and a sample) when an input shows more than N of them; 0 lists every value.",
            valueName: "n")
    )
    var groupAbove: Int = ScanReport.defaultGroupAbove

    func validate() throws {
        guard groupAbove >= 0 else { throw ValidationError("--group-above must be 0 or more (got \(groupAbove))") }
    }
}
