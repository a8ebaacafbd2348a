import Synchronization
import VeilRedaction
import VeilScreen

/// The program's screen in `veil shell`, and the judge of every frame drawn from it: the
/// program's output only updates the screen model; ``frame()`` judges the rows that changed
/// since the last frame and returns the screen with every sensitive value hidden. Nothing
/// else reaches the user's terminal, so a value is hidden before its cells are first drawn.
///
/// What is found stays hidden: found cells are marked in the live terminal (as the in-band
/// marker marks them), so the mark moves with them (scrolling, insertion, deletion) until the
/// program erases or overwrites them, and every value a rule found is searched for on every
/// changed row from then on, and on the whole screen the moment it is first found (a value
/// found once is hidden everywhere after).
///
/// ```swift
/// var screen = try ShellScreen(cols: 80, rows: 24, rules: .builtIn, style: .solid)
/// screen.feed(Array("token ghp_…\r\n".utf8))
/// let frame = screen.frame()      // frame.screen: redacted; frame.changedRows: what to draw
/// ```
struct ShellScreen {
    /// The program's terminal (its marks included).
    private(set) var terminal: Terminal
    let rules: RuleSet
    let style: RedactionStyle
    /// The values found so far, searched for on every row judged after.
    private(set) var known = KnownValues()
    /// What changed since the last frame, as the terminal reports it.
    private let changes: ShellChanges
    /// The last frame, returned again while nothing changes.
    private var last: Frame?
    /// Titles judged so far (a title is judged once per set of known values).
    private var titles: [String: [RedactionPlan.Entry]] = [:]
    /// Link targets judged so far: true when nothing in them is sensitive.
    private var links: [String: Bool] = [:]
    /// Distinct values hidden so far (the status line's count).
    private(set) var hiddenValues = Set<String>()
    /// Answers to the program's queries, waiting to be written to it.
    private let replies = Replies()
    /// The value being written at the cursor, held back until it is whole.
    private let inProgress: ValueInProgress
    /// The rows of the cells the last frame held back, and the cursor it held them for.
    private var heldRows: [Int] = []
    private var heldCursor = Cursor()

    /// One frame to draw.
    struct Frame {
        /// The screen with every sensitive cell hidden, the title judged, unsafe links dropped.
        var screen: Screen
        /// For each row, whether it may differ from the last frame's (nil: every row).
        var changedRows: [Bool]?
        /// The rows that moved since the last frame (the rows `changedRows` does not flag
        /// hold what the last frame's rows held, moved with them); nil: none, or unknown.
        var scroll: ShellChanges.Scroll?
        /// Whether detection failed on this frame: its changed rows are hidden whole.
        var failed: Bool
    }

    /// The reason marked on cells hidden because detection failed on their rows.
    static let unjudgedReason = "unjudged"
    /// The reason of the cells of a value being written at the cursor (``ValueInProgress``).
    static let inProgressReason = "in progress"

    /// A blank `cols`×`rows` screen judged with `rules`.
    init(cols: Int, rows: Int, rules: RuleSet, style: RedactionStyle) throws {
        terminal = try Terminal(cols: cols, rows: rows)
        // The program is the user's own, in a session that may run for days: no work budget
        // (a file's budget protects against input made to stall veil; a real terminal has none).
        terminal.workBudget = .max
        changes = ShellChanges(rows: rows)
        terminal.observer = changes
        self.rules = rules
        self.style = style
        inProgress = ValueInProgress(rules: rules)
        let replies = self.replies
        terminal.responseHandler = { answer in replies.append(answer) }
    }

    /// Feeds what the program wrote.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        terminal.feed(bytes)
    }

    /// Feeds what the program wrote.
    mutating func feed(_ bytes: [UInt8]) {
        terminal.feed(bytes)
    }

    /// Changes the size (the next frame is judged and drawn whole).
    mutating func resize(cols: Int, rows: Int) throws {
        try terminal.resize(cols: cols, rows: rows)
        last = nil
    }

    /// The colours the terminal reports when the program asks (OSC 10 / OSC 11): the user's
    /// terminal's own, when it told them.
    mutating func setReportedColors(foreground: (UInt8, UInt8, UInt8)?, background: (UInt8, UInt8, UInt8)?) {
        var colors = terminal.reportedColors
        if let foreground { colors.foreground = foreground }
        if let background { colors.background = background }
        terminal.reportedColors = colors
    }

    /// Takes the terminal's answers to the program's queries (to write to the program).
    mutating func takeReplies() -> [UInt8] { replies.take() }

    /// The modes the program set (cursor keys, mouse, bracketed paste, …).
    var modes: TerminalModes { terminal.modes }

    /// The frame to draw now: the rows that changed since the last frame are judged first.
    mutating func frame() -> Frame {
        let taken = changes.take()
        // A held value is judged again once the cursor leaves it.
        if let last, taken.isEmpty, heldRows.isEmpty || terminal.cursor == heldCursor {
            // Nothing to judge: the last frame, with the cursor of now.
            var screen = last.screen
            screen.cursor = terminal.cursor
            let frame = Frame(screen: screen, changedRows: taken.rows, scroll: nil, failed: last.failed)
            self.last = frame
            return frame
        }
        var current = terminal.screen
        let rows = current.rows
        var changed = taken.rows ?? []
        if changed.count != rows { changed = Array(repeating: true, count: rows) }
        let judging = Self.rowsToJudge(changed, wrapped: current.wrapped)
        var failedRows: [Int] = []
        if judging.contains(true) {
            do {
                let before = known.count
                var found = try findings(in: current, judging: judging)
                // Row 0's line goes on from rows that scrolled off: judged with them.
                let cut = judging[0] && !changes.cutLine.isEmpty ? try cutLineFindings(in: current) : nil
                known.remember(found + (cut?.findings ?? []))
                if known.count != before {
                    // A new value: hidden everywhere on screen now, not only where it was found.
                    found = try findings(in: current, judging: nil)
                    titles = [:]
                    links = [:]
                    changed = Array(repeating: true, count: rows)  // marks may land on any row
                }
                // A finding may reach rows that did not change (a private key's header above
                // its body): they are drawn again too.
                for row in mark(found, on: &current) { changed[row] = true }
                for span in cut?.spans ?? [] {
                    try? terminal.markSensitive(
                        row: span.row, col: span.col, width: span.width, height: 1, reason: span.reason)
                    try? current.markSensitive(
                        row: span.row, col: span.col, width: span.width, height: 1, reason: span.reason)
                    changed[span.row] = true
                }
            } catch {
                // Fail closed: the rows are hidden, and judged again next frame.
                failedRows = judging.indices.filter { judging[$0] }
            }
        }
        // The marks just set are no change of the program's.
        _ = changes.take()
        changes.markChanged(failedRows)
        let held = inProgress.held(on: current)
        for row in heldRows + held.map(\.row) where row < rows { changed[row] = true }
        heldRows = held.map(\.row)
        heldCursor = current.cursor
        let screen = redacted(current, hidingRows: failedRows, holding: held)
        let frame = Frame(
            screen: screen, changedRows: last == nil ? nil : changed, scroll: last == nil ? nil : taken.scroll,
            failed: !failedRows.isEmpty)
        last = frame
        return frame
    }

    /// The rows to judge: each changed row's whole line (rows joined by soft wraps) and the
    /// line after it (detectors read the line above a value: a `Password:` label printed
    /// above an unchanged value changes what that value is).
    static func rowsToJudge(_ changed: [Bool], wrapped: [Bool]) -> [Bool] {
        let rows = changed.count
        var judging = [Bool](repeating: false, count: rows)
        var row = 0
        while row < rows {
            // One logical line: row...end.
            var end = row
            while end + 1 < rows && wrapped[end] { end += 1 }
            if changed[row...end].contains(true) {
                for r in row...end { judging[r] = true }
                var next = end + 1
                if next < rows {
                    judging[next] = true
                    while next + 1 < rows && wrapped[next] {
                        next += 1
                        judging[next] = true
                    }
                }
            }
            row = end + 1
        }
        return judging
    }

    /// The findings on `screen` (its title left out: it is judged apart), on the rows
    /// `judging` (nil: every row) with the others as context, known values included.
    private func findings(in screen: Screen, judging: [Bool]?) throws -> [Finding] {
        var lines = screen
        lines.title = ""
        let context = judging.map { $0.map { !$0 } }
        return try rules.findings(in: lines, known: known, contextRows: context)
    }

    /// A cell of row 0's line to hide, and the rule that found it.
    struct CutSpan {
        var row: Int
        var col: Int
        var width: Int
        var reason: String
    }

    /// Row 0's line (rows joined by soft wraps) read after the part of it that scrolled off
    /// the top (``ShellChanges/cutLine``): its findings, and the cells on screen they cover
    /// (the part off screen was never drawn, or is gone from the terminal).
    private func cutLineFindings(in screen: Screen) throws -> (findings: [Finding], spans: [CutSpan]) {
        var end = 0
        while end + 1 < screen.rows && screen.wrapped[end] { end += 1 }
        var text = changes.cutLine
        let offset = text.unicodeScalars.count
        // The cell of each scalar of the line on screen.
        var cells: [(row: Int, col: Int, width: Int)] = []
        for row in 0...end {
            for col in 0..<screen.cols {
                let cell = screen[row, col]
                guard cell.width != 0 else { continue }
                for scalar in screen.text(of: cell).unicodeScalars {
                    text.unicodeScalars.append(scalar)
                    cells.append((row, col, max(1, Int(cell.width))))
                }
            }
        }
        let found = try Self.textFindings(text, rules: rules, known: known).filter { $0.location == .screen }
        // textFindings lays the text out one scalar a cell, `cols` to a row.
        let cols = max(1, min(text.unicodeScalars.count, Screen.maximumSize))
        var spans: [CutSpan] = []
        for finding in found {
            for span in finding.spans {
                for col in span.col..<(span.col + span.width) {
                    let index = span.row * cols + col - offset
                    guard index >= 0 && index < cells.count else { continue }
                    let cell = cells[index]
                    spans.append(CutSpan(row: cell.row, col: cell.col, width: cell.width, reason: finding.ruleID))
                }
            }
        }
        return (found, spans)
    }

    /// Marks the cells of `findings` in the live terminal and in `screen` (its copy); returns
    /// the rows marked.
    private mutating func mark(_ findings: [Finding], on screen: inout Screen) -> Set<Int> {
        var rows = Set<Int>()
        for finding in findings where finding.location == .screen {
            if case .appMarked = finding.source { continue }  // marked already
            if finding.source == .rule { hiddenValues.insert(finding.fingerprint) }
            for span in finding.spans where span.row < screen.rows && span.col + span.width <= screen.cols {
                rows.insert(span.row)
                try? terminal.markSensitive(
                    row: span.row, col: span.col, width: span.width, height: 1, reason: finding.ruleID)
                try? screen.markSensitive(
                    row: span.row, col: span.col, width: span.width, height: 1, reason: finding.ruleID)
            }
        }
        return rows
    }

    /// `screen` with its marked cells hidden (each in its rule's style), `rows` hidden whole,
    /// the value in progress (`held`) hidden, the title's findings hidden and links whose
    /// target holds a finding dropped. Anything that fails gives the privacy cover (fail closed).
    private mutating func redacted(
        _ screen: Screen, hidingRows rows: [Int], holding held: [ValueInProgress.Span]
    ) -> Screen {
        var plan = RedactionPlan(cols: screen.cols, rows: screen.rows)
        let cols = screen.cols
        screen.cells.withUnsafeBufferPointer { cells in
            for row in 0..<screen.rows {
                var col = 0
                while col < cols {
                    let index = cells[row * cols + col].sensitiveIndex
                    guard index != 0 else {
                        col += 1
                        continue
                    }
                    var end = col + 1
                    while end < cols && cells[row * cols + end].sensitiveIndex == index { end += 1 }
                    let reason = screen.sensitiveReasons[Int(index)]
                    plan.entries.append(entry(row: row, col: col, width: end - col, reason: reason))
                    col = end
                }
            }
        }
        for row in rows {
            plan.entries.append(entry(row: row, col: 0, width: cols, reason: Self.unjudgedReason))
        }
        for span in held {
            plan.entries.append(entry(row: span.row, col: span.col, width: span.width, reason: Self.inProgressReason))
        }
        if !screen.title.isEmpty { plan.titleEntries = titleEntries(screen.title) }
        var result = screen
        if !plan.entries.isEmpty || !plan.titleEntries.isEmpty {
            let redaction = Redactor(rules: rules, style: style).redact(screen, using: plan)
            if redaction.failure != nil { return redaction.screen }
            result = redaction.screen
        }
        dropUnsafeLinks(&result)
        result.sensitiveReasons = [""]
        return result
    }

    private func entry(row: Int, col: Int, width: Int, reason: String) -> RedactionPlan.Entry {
        let chosen = rules.rule(withID: reason)?.style ?? style
        return RedactionPlan.Entry(
            row: row, col: col, width: width, ruleID: reason, category: .secret, severity: .block,
            fingerprint: "", style: chosen)
    }

    /// The title's hidden spans (judged once per title and set of known values); a title
    /// that cannot be judged is hidden whole.
    private mutating func titleEntries(_ title: String) -> [RedactionPlan.Entry] {
        if let entries = titles[title] { return entries }
        var screen = try! Screen(cols: 1, rows: 1)
        screen.title = title
        var redactor = Redactor(rules: rules, style: style)
        redactor.known = known
        let entries =
            (try? redactor.plan(for: screen).titleEntries)
            ?? [
                RedactionPlan.Entry(
                    row: 0, col: 0, width: title.unicodeScalars.count, ruleID: Self.unjudgedReason,
                    category: .secret, severity: .block, fingerprint: "", style: style)
            ]
        if titles.count > 1024 { titles = [:] }
        titles[title] = entries
        return entries
    }

    /// Removes the links whose target holds anything the rules find (or that cannot be
    /// judged): their cells are drawn without a link.
    private mutating func dropUnsafeLinks(_ screen: inout Screen) {
        guard screen.links.count > 1 else { return }
        var unsafe = Set<UInt16>()
        for index in 1..<screen.links.count where !isSafeLink(screen.links[index]) { unsafe.insert(UInt16(index)) }
        guard !unsafe.isEmpty else { return }
        for index in screen.cells.indices where unsafe.contains(screen.cells[index].linkIndex) {
            screen.cells[index].linkIndex = 0
        }
        for index in unsafe { screen.links[Int(index)] = "" }
    }

    private mutating func isSafeLink(_ target: String) -> Bool {
        if let verdict = links[target] { return verdict }
        let verdict = (try? Self.textFindings(target, rules: rules, known: known).isEmpty) ?? false
        if links.count > 1024 { links = [:] }
        links[target] = verdict
        return verdict
    }

    /// The findings in one line of text, laid out on a screen of up to 1,000 columns
    /// (soft-wrapped rows for a longer text).
    static func textFindings(_ text: String, rules: RuleSet, known: KnownValues) throws -> [Finding] {
        let scalars = Array(text.unicodeScalars)
        let cols = max(1, min(scalars.count, Screen.maximumSize))
        let rows = min(Screen.maximumSize, max(1, (scalars.count + cols - 1) / cols))
        var screen = try Screen(cols: cols, rows: rows)
        for (index, scalar) in scalars.prefix(cols * rows).enumerated() {
            // One cell per character: what matters is which characters sit next to which.
            screen.cells[index] = Cell(scalar: scalar.value < 0x20 ? " " : scalar)
        }
        for row in 0..<(rows - 1) { screen.wrapped[row] = true }
        return try rules.findings(in: screen, known: known)
    }
}

/// Answers to a program's queries, handed from the terminal's response handler to the loop.
private final class Replies: Sendable {
    private let pending = Mutex<[UInt8]>([])

    func append(_ bytes: [UInt8]) { pending.withLock { $0 += bytes } }

    func take() -> [UInt8] {
        pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
    }
}
