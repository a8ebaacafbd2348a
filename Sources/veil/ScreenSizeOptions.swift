import ArgumentParser

/// `--cols` and `--rows`, shared by every command that builds a screen.
struct ScreenSizeOptions: ParsableArguments {
    @Option(
        name: .customLong("cols"),
        help:
            "Columns of the terminal screen, 1–1000 (default: a .cast recording's own; else 80, or the capture's widest line up to 300)."
    )
    var explicitCols: Int?

    @Option(
        name: .customLong("rows"),
        help:
            "Rows of the terminal screen, 1–1000 (default: a .cast recording's own; else 24, or the lowest row cursor addressing draws on)."
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
