import ArgumentParser

/// `--allow-outside-root`, for the commands that load scenarios.
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
