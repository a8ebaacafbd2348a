import VeilScreen

/// Applying a plan to a screen's cells.
enum ScreenRedaction {
    /// What a title span becomes under `solid`.
    static let solidTitleCharacter: Unicode.Scalar = "█"

    /// Every cell a solid mask blank, the title empty, the tables emptied.
    static func privacyCover(of screen: Screen) -> Screen {
        var covered = screen
        covered.cells = Array(repeating: .hidden, count: screen.cells.count)
        covered.wrapped = Array(repeating: false, count: screen.rows)
        covered.title = ""
        covered.clusters = [""]
        covered.links = [""]
        covered.sensitiveReasons = [""]
        covered.cursor.isVisible = false
        return covered
    }

    static func apply(_ plan: RedactionPlan, to screen: Screen) throws -> Screen {
        guard plan.cols == screen.cols, plan.rows == screen.rows else {
            throw RedactionError.sizeMismatch(
                planCols: plan.cols, planRows: plan.rows, cols: screen.cols, rows: screen.rows)
        }
        if plan.coversEverything { return privacyCover(of: screen) }
        var out = screen
        for entry in plan.entries {
            guard entry.row >= 0, entry.row < screen.rows, entry.col >= 0, entry.width >= 1,
                entry.col + entry.width <= screen.cols
            else {
                throw RedactionError.spanOutsideScreen(row: entry.row, col: entry.col, width: entry.width)
            }
            var first = entry.col
            var last = entry.col + entry.width - 1
            // Never leave half of a wide character.
            if screen[entry.row, first].width == 0 && first > 0 { first -= 1 }
            if screen[entry.row, last].width == 2 && last + 1 < screen.cols { last += 1 }
            fill(&out, row: entry.row, columns: first...last, entry: entry)
        }
        if !plan.titleEntries.isEmpty { out.title = try redactTitle(screen.title, plan.titleEntries) }
        // Layer 1 is absolute: any cell the app marked must be gone.
        for (index, cell) in out.cells.enumerated() where cell.sensitiveIndex != 0 {
            throw RedactionError.sensitiveCellVisible(row: index / screen.cols, col: index % screen.cols)
        }
        compactTables(&out)
        if let violation = out.invariantViolation() { throw RedactionError.invariantViolated(violation) }
        return out
    }

    private static func fill(_ screen: inout Screen, row: Int, columns: ClosedRange<Int>, entry: RedactionPlan.Entry) {
        switch entry.style {
        case .solid, .privacyCover:
            for col in columns { screen[row, col] = .hidden }
        case let .mask(character):
            let cell = Cell(scalar: character, width: 1, foreground: RedactionStyle.maskColor)
            for col in columns { screen[row, col] = cell }
        case let .placeholder(label, normalizeLength):
            let text = placeholderText(label, ruleID: entry.ruleID)
            var scalars = text.makeIterator()
            for col in columns {
                if let scalar = scalars.next() {
                    screen[row, col] = Cell(
                        scalar: scalar, width: 1, foreground: RedactionStyle.placeholderTextColor,
                        background: RedactionStyle.maskColor)
                } else {
                    screen[row, col] = normalizeLength ? .blank : .hidden
                }
            }
        }
    }

    /// The label as narrow characters only (a wide one could not be clipped to one cell).
    static func placeholderText(_ label: PlaceholderLabel, ruleID: String) -> [Unicode.Scalar] {
        let text: String
        switch label {
        case let .text(value): text = value
        case .ruleID: text = "[\(ruleID)]"
        }
        return text.unicodeScalars.map { TextLayout.width(of: $0) == 1 ? $0 : "*" }
    }

    /// The title with each span replaced character for character (`█` for solid); a
    /// length-normalized placeholder drops the characters past its label.
    private static func redactTitle(_ title: String, _ entries: [RedactionPlan.Entry]) throws -> String {
        let scalars = Array(title.unicodeScalars)
        // nil: keep; .some(nil): drop; .some(x): replace.
        var replacement = [Unicode.Scalar??](repeating: nil, count: scalars.count)
        for entry in entries {
            guard entry.col >= 0, entry.width >= 1, entry.col + entry.width <= scalars.count else {
                throw RedactionError.spanOutsideScreen(row: entry.row, col: entry.col, width: entry.width)
            }
            for k in 0..<entry.width {
                let character: Unicode.Scalar?
                switch entry.style {
                case .solid, .privacyCover:
                    character = solidTitleCharacter
                case let .mask(mask):
                    character = mask
                case let .placeholder(label, normalizeLength):
                    let text = placeholderText(label, ruleID: entry.ruleID)
                    character = k < text.count ? text[k] : (normalizeLength ? nil : solidTitleCharacter)
                }
                replacement[entry.col + k] = .some(character)
            }
        }
        var out = String.UnicodeScalarView()
        for (scalar, replaced) in zip(scalars, replacement) {
            switch replaced {
            case .none: out.append(scalar)
            case let .some(character): if let character { out.append(character) }
            }
        }
        return String(out)
    }

    /// Drops cluster, link and reason strings no cell references any more, so a hidden
    /// cell's text or hyperlink cannot survive in the tables.
    private static func compactTables(_ screen: inout Screen) {
        if screen.clusters.count <= 1 && screen.links.count <= 1 && screen.sensitiveReasons.count <= 1 { return }
        var clusters = TableCompactor<UInt32>(screen.clusters)
        var links = TableCompactor<UInt16>(screen.links)
        var reasons = TableCompactor<UInt16>(screen.sensitiveReasons)
        for index in screen.cells.indices {
            var cell = screen.cells[index]
            cell.clusterIndex = clusters.keep(cell.clusterIndex)
            cell.linkIndex = links.keep(cell.linkIndex)
            cell.sensitiveIndex = reasons.keep(cell.sensitiveIndex)
            screen.cells[index] = cell
        }
        screen.clusters = clusters.kept
        screen.links = links.kept
        screen.sensitiveReasons = reasons.kept
    }
}

/// Rebuilds a string table with only the entries still referenced, in first-use order
/// (index 0, "none", stays 0).
private struct TableCompactor<Index: FixedWidthInteger> {
    let table: [String]
    var kept = [""]
    var map: [Index: Index] = [0: 0]

    init(_ table: [String]) { self.table = table }

    /// The new index of old `index`, keeping its entry.
    mutating func keep(_ index: Index) -> Index {
        if let mapped = map[index] { return mapped }
        kept.append(table[Int(index)])
        let mapped = Index(kept.count - 1)
        map[index] = mapped
        return mapped
    }
}
