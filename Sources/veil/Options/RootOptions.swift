import ArgumentParser

/// `--allow-outside-root`, for the commands that read scenarios (and the files they name).
struct OutsideRootOption: ParsableArguments {
    @Flag(
        name: .customLong("allow-outside-root"),
        help: """
            Let scenarios read files outside their root (absolute paths, '..', symbolic links out). \
            Risky on untrusted input: a scenario could then put any file the process can read (e.g. \
            /proc/self/environ, ~/.ssh) into a snapshot or a report. See SECURITY.md.
            """)
    var allowOutsideRoot = false
}

/// `--root` and `--allow-outside-root`: the folder the files a scenario names must lie in.
struct RootOptions: ParsableArguments {
    @Option(
        help: "Folder the files the scenario names must lie inside (default: the scenario's folder).",
        completion: .directory)
    var root: String?

    @OptionGroup var outside: OutsideRootOption

    /// Whether files outside the root may be read.
    var allowsOutside: Bool { outside.allowOutsideRoot }
}
