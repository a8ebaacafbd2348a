import VeilScreen

/// The wording of a work-budget error (SECURITY.md "Work budgets"), one place for every input kind.
enum WorkBudgetMessage {
    /// The terminal's work budget ran out by byte `byte` of `what`.
    static func screen(atByte byte: Int, of what: String) -> String {
        """
        work budget exceeded by byte \(byte) of \(what): the escape sequences (and resizes) make the \
        screen do more than \(Terminal.defaultWorkBudget) units of work (rows scrolled or erased, cells \
        rewritten or copied; see SECURITY.md "Work budgets")
        """
    }
}
