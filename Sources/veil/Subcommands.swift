import ArgumentParser

extension VeilCommand {
    /// Every subcommand, in the order `veil --help` lists them.
    static let subcommandTypes: [any ParsableCommand.Type] = [
        DemoCommand.self,
        SnapCommand.self,
        RecordCommand.self,
        ShellCommand.self,
        RunCommand.self,
        ExecCommand.self,
        ScanCommand.self,
        ScreenCommand.self,
        RulesCommand.self,
        AuditCommand.self,
        RedactCommand.self,
        CompletionsCommand.self,
        ManualCommand.self,
    ]
}
