import ArgumentParser

/// `--cols` and `--rows`, shared by every command that builds a screen.
struct ScreenSizeOptions: ParsableArguments {
    @Option(help: "Columns of the terminal screen (1–1000).")
    var cols: Int = 80

    @Option(help: "Rows of the terminal screen (1–1000).")
    var rows: Int = 24

    func validate() throws {
        guard (1...1000).contains(cols), (1...1000).contains(rows) else {
            throw ValidationError("--cols and --rows must be 1…1000 (got \(cols)x\(rows))")
        }
    }
}
