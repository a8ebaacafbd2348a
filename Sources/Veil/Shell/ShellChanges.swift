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
            shift(rect.rows, up: -down)
            if let current = scroll, current.rows != rect.rows {
                // Two regions moved: no one scroll says how, so every row is compared.
                everything = true
            }
            scroll = Scroll(rows: rect.rows, up: (scroll?.up ?? 0) - down)
            return rect.rows.count
        case .title:
            titleChanged = true
        case .switchBuffer, .appearance:
            everything = true
        case .resize(_, let rows, _):
            damaged = Array(repeating: false, count: rows)
            everything = true
        case .renumberTables:
            break
        default:
            for row in change.damage(cols: screen.cols, rows: screen.rows).rows { damaged[row] = true }
        }
        return 0
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
