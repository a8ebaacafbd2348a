import ArgumentParser

/// `--cols` and `--rows`, shared by every command that builds a screen: a capture's, a
/// scenario's, or a live program's terminal.
struct ScreenSizeOptions: ParsableArguments {
    @Option(
        name: .customLong("cols"),
        help:
            "Columns of the terminal screen, 1–1000 (default: the input's own: a .cast recording's, a scenario's screen.size, for record the terminal veil runs in; else 80, or a capture's widest line up to 300)."
    )
    var explicitCols: Int?

    @Option(
        name: .customLong("rows"),
        help:
            "Rows of the terminal screen, 1–1000 (default: the input's own: a .cast recording's, a scenario's screen.size, for record the terminal veil runs in; else 24, or the lowest row a capture's cursor addressing draws on)."
    )
    var explicitRows: Int?

    /// The columns to use when the input has no size of its own.
    var cols: Int { explicitCols ?? 80 }
    /// The rows to use when the input has no size of its own.
    var rows: Int { explicitRows ?? 24 }

    func validate() throws {
        for (name, value) in [("--cols", explicitCols), ("--rows", explicitRows)] {
            if let value, !(1...1000).contains(value) {
                throw ValidationError("\(name) must be 1…1000 (got \(value))")
            }
        }
    }
}
