/// The one rule for whether veil colours what it prints (audit reports, the lifecycle log):
///
/// 1. `NO_COLOR` set to anything but the empty string: never (no-color.org);
/// 2. else `CLICOLOR_FORCE` set to anything but the empty string or `0`: always, even into a
///    pipe or a file (bixense.com/clicolors);
/// 3. else `CI` set: never (a CI log is read through a viewer, whatever its terminal);
/// 4. else only on a terminal.
public enum TerminalColour {
    /// Whether output to a destination that `isTerminal` (or not) is coloured in
    /// `environment`.
    public static func wanted(isTerminal: Bool, environment: [String: String]) -> Bool {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        if environment["CI"] != nil { return false }
        return isTerminal
    }
}
