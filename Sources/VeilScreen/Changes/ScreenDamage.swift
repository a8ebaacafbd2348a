/// A ``ScreenObserver`` that keeps which cells may look different since it was last taken:
/// what a consumer that redraws needs (a shell drawing the damaged rows on the outer
/// terminal, an animation encoder re-encoding the changed rectangle of each frame), as
/// libvterm's screen layer merges damage until it is flushed.
///
/// ```swift
/// var terminal = try Terminal(cols: 80, rows: 24)
/// let damage = ScreenDamage()
/// terminal.observer = damage
/// terminal.feed("\u{1B}[5;10Hhello")
/// let changed = damage.take()   // rows [4], bounds rows 4..<5, columns 8..<15
/// ```
public final class ScreenDamage: ScreenObserver {
    /// What changed between two ``ScreenDamage/take()`` calls.
    public struct Region: Sendable, Hashable {
        /// The rows with a cell that may look different, top to bottom.
        public var rows: [Int]
        /// The smallest rectangle holding every such cell (empty when none).
        public var bounds: ScreenRect
        /// Whether the window title changed.
        public var titleChanged: Bool
        /// Whether nothing changed.
        public var isEmpty: Bool { rows.isEmpty && !titleChanged }
    }

    private var damaged: [Bool] = []
    private var count = 0
    private var bounds = ScreenRect(rows: 0..<0, cols: 0..<0)
    private var titleChanged = false
    /// Flushes seen (``Terminal/flush()``).
    public private(set) var flushes = 0

    /// A consumer with nothing damaged yet (set it on a fresh terminal, or draw the whole
    /// screen once).
    public init() {}

    public func screen(_ screen: ScreenView, willChange change: ScreenChange) -> Int {
        if case .title = change { titleChanged = true }
        var size = (cols: screen.cols, rows: screen.rows)
        if case .resize(let cols, let rows, _) = change {
            size = (cols, rows)
            damaged = Array(repeating: false, count: rows)
            count = 0
            bounds = ScreenRect(rows: 0..<0, cols: 0..<0)
        }
        let rect = change.damage(cols: size.cols, rows: size.rows)
        guard !rect.isEmpty else { return 0 }
        if damaged.count != size.rows { damaged = Array(repeating: false, count: size.rows) }
        bounds = bounds.union(rect)
        if count < damaged.count {
            for row in rect.rows where !damaged[row] {
                damaged[row] = true
                count += 1
            }
        }
        return 0
    }

    public func screenDidFlush(_ screen: ScreenView) -> Int {
        flushes += 1
        return 0
    }

    /// What changed since the last call (and starts again from nothing).
    public func take() -> Region {
        let rows = damaged.indices.filter { damaged[$0] }
        let region = Region(rows: rows, bounds: bounds, titleChanged: titleChanged)
        for row in rows { damaged[row] = false }
        count = 0
        bounds = ScreenRect(rows: 0..<0, cols: 0..<0)
        titleChanged = false
        return region
    }
}
