import VeilScreen

/// What changed on the program's screen since the last frame, as the terminal reports it
/// (``ScreenObserver``, libvterm's damage and moverect): the rows that may look different,
/// shifted along with the scrolls that moved them, and the scroll itself when every row move
/// was the same region's, so that the user's terminal is scrolled the same way rather than
/// drawn again (tmux's `tty_cmd_scrollup`).
final class ShellChanges: ScreenObserver {
    /// Rows `rows` moved `up` rows (down when negative): each row that stayed inside holds
    /// what the row `up` below it held (the rows that entered are among the changed rows).
    struct Scroll: Hashable, Sendable {
        var rows: Range<Int>
        var up: Int
    }

    /// What changed between two ``take()`` calls.
    struct Taken {
        /// For each row, whether it may look different (nil: any row may).
        var rows: [Bool]?
        /// The one region's scroll, when rows moved (rows outside `rows` flags hold what they
        /// held, moved with it).
        var scroll: Scroll?
        /// Whether the window title was set.
        var titleChanged: Bool

        /// Whether nothing changed but, maybe, the cursor.
        var isEmpty: Bool { rows != nil && !rows!.contains(true) && !titleChanged }
    }

    /// The text of the rows that scrolled off the top of the screen and whose line goes on at
    /// row 0 (a long line soft-wrapped over the top edge): row 0's line is judged with it, so
    /// the rest of a value cut by the edge is hidden though its start was never drawn. Empty
    /// when row 0 starts its line, or was written since.
    private(set) var cutLine = ""
    /// The most characters of ``cutLine`` kept (its end).
    static let cutLineLimit = 4096

    private var damaged: [Bool]
    private var everything = true
    private var scroll: Scroll?
    private var titleChanged = false

    /// Nothing known yet: the first take says every row changed.
    init(rows: Int) {
        damaged = Array(repeating: false, count: rows)
    }

    /// What changed since the last call; starts again from nothing.
    func take() -> Taken {
        let taken = Taken(
            rows: everything ? nil : damaged, scroll: everything ? nil : scroll,
            titleChanged: titleChanged)
        for row in damaged.indices where damaged[row] { damaged[row] = false }
        everything = false
        scroll = nil
        titleChanged = false
        return taken
    }

    /// Counts `rows` as changed (rows to judge again).
    func markChanged(_ rows: [Int]) {
        for row in rows where row < damaged.count { damaged[row] = true }
    }

    func screen(_ screen: ScreenView, willChange change: ScreenChange) -> Int {
        if damaged.count != screen.rows { damaged = Array(repeating: false, count: screen.rows) }
        switch change {
        case .scroll(let rect, let down, let right) where right == 0 && down != 0 && rect.cols == 0..<screen.cols:
            if rect.rows.lowerBound == 0 {
                if down < 0 { cut(screen, up: -down, height: rect.rows.count) } else { cutLine = "" }
            }
            shift(rect.rows, up: -down)
            if let current = scroll, current.rows != rect.rows {
                // Two regions moved: no one scroll says how, so every row is compared.
                everything = true
            }
            scroll = Scroll(rows: rect.rows, up: (scroll?.up ?? 0) - down)
            return rect.rows.count
        case .title:
            titleChanged = true
        case .switchBuffer:
            cutLine = ""
            everything = true
        case .appearance:
            everything = true
        case .resize(_, let rows, _):
            damaged = Array(repeating: false, count: rows)
            cutLine = ""
            everything = true
        case .renumberTables:
            break
        case .modify(let rect):
            // Cells marked, joined by a combining mark, restyled: their text stays.
            for row in rect.rows.clamped(to: 0..<damaged.count) { damaged[row] = true }
        default:
            let rows = change.damage(cols: screen.cols, rows: screen.rows).rows
            if rows.contains(0) { cutLine = "" }
            for row in rows { damaged[row] = true }
        }
        return 0
    }

    /// Rows 0..<`up` of a region of `height` rows at the top are about to leave the screen:
    /// keeps the text of the line that goes on at the new row 0, if one does.
    private func cut(_ screen: ScreenView, up: Int, height: Int) {
        guard up < height, screen.isWrapped(up - 1) else {
            cutLine = ""
            return
        }
        var first = up - 1
        while first > 0 && screen.isWrapped(first - 1) { first -= 1 }
        var text = first == 0 ? cutLine : ""
        let clusters = screen.clusters
        for row in first..<up {
            for cell in screen.cells(ofRow: row) where cell.width != 0 {
                if cell.clusterIndex == 0 || Int(cell.clusterIndex) >= clusters.count {
                    text.unicodeScalars.append(cell.scalar)
                } else {
                    text += clusters[Int(cell.clusterIndex)]
                }
            }
        }
        if text.unicodeScalars.count > Self.cutLineLimit {
            text = String(String.UnicodeScalarView(text.unicodeScalars.suffix(Self.cutLineLimit)))
        }
        cutLine = text
    }

    /// The flags of `rows` move `up` rows with their cells; the rows that enter are changed.
    private func shift(_ rows: Range<Int>, up: Int) {
        let rows = rows.clamped(to: 0..<damaged.count)
        guard !rows.isEmpty else { return }
        let old = Array(damaged[rows])
        for row in rows {
            let source = row + up - rows.lowerBound
            damaged[row] = source >= 0 && source < old.count ? old[source] : true
        }
    }
}
