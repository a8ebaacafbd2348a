import ArgumentParser

/// `-v/--verbose` of a command that reads rules and has nothing more to say with it: which
/// rules file applied, on standard error (`scan` and `audit` have their own, which say more).
struct VerboseOption: ParsableArguments {
    @Flag(name: [.short, .long], help: "Say on standard error which rules file applied.")
    var verbose = false
}
