import VeilScreen

/// The detection run on plain text: the same rule scan (keyword index, built-in detectors,
/// patterns, validators, context, allowlists, overlap pass) as a screen, over the lines of
/// a text instead of the logical lines of a grid.
extension DetectionRun {
    /// The screen a text run is built with: no cell of it is read (app marks and declared
    /// regions belong to screens and are not run on text).
    static let noScreen: Screen = {
        guard let screen = try? Screen(cols: 1, rows: 1) else { preconditionFailure("1x1 is a valid screen size") }
        return screen
    }()

    /// Rule findings in `lines` (location ``Finding/Location/text``) and `preset` ones (a
    /// private key block continued from an earlier piece of a stream), overlaps removed,
    /// then the other occurrences of their values and of `known` ones (the indices of
    /// these repeats in `repeats`).
    static func textFindings(
        _ rules: RuleSet, in lines: TextLines, known: KnownValues = KnownValues(), preset: [Finding] = []
    ) throws -> (findings: [Finding], repeats: Set<Int>) {
        var run = DetectionRun(rules: rules, screen: noScreen, allowance: RegexAllowance())
        run.findings = preset
        run.findingRanks = preset.map { _ in -1 }
        try run.scanRules(in: lines.text, location: .text)
        try run.removeCoveredFindings()
        let repeats = run.addRepeats(of: known, in: lines.text, location: .text)
        return (run.findings, Set(repeats))
    }

    /// The characters of a private key block in plain text: from the header to the end of
    /// its line, whole lines below it while they can be its body
    /// (``PrivateKeyScanner/Body``), and the END line up to its marker.
    func textPrivateKeyBlock(from start: Int, lineNumber: Int, text: ScreenText) -> ([CellSpan], String) {
        let header = text.lines[lineNumber]
        var spans = text.cellSpans(for: start..<header.range.upperBound)
        var content = [text.string(start..<header.range.upperBound)]
        var body = PrivateKeyScanner.Body()
        text.bytes.withUnsafeBufferPointer { all in
            for line in text.lines[(lineNumber + 1)...] {
                let buf = UnsafeBufferPointer(rebasing: all[line.range])
                let verdict = body.read(buf)
                if verdict == .outside { return }
                if case .end(let end) = verdict {
                    let range = line.range.lowerBound..<(line.range.lowerBound + end)
                    spans += text.cellSpans(for: range)
                    content.append(text.string(range))
                    return
                }
                spans += text.cellSpans(for: line.range)
                content.append(text.string(line.range))
            }
        }
        return (spans, content.joined(separator: "\n"))
    }
}
