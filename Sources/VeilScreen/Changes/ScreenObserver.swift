/// Learns what changes on a ``Terminal``'s screen as it happens: the one interface through
/// which anything outside the terminal follows its screen (exposure over time, a shell that
/// redraws another terminal, an encoder that re-encodes what changed), as libvterm's screen
/// layer reports `damage`, `moverect` and `sb_pushline` to its callbacks. The terminal knows
/// nothing of who listens: it reports, and never waits for or asks anything of an observer.
///
/// Set one with ``Terminal/observer``. Every change is reported *before* it is made, with a
/// read-only view of the screen as it still is (so cells about to be destroyed can be read),
/// then made; ``Terminal/flush()`` says the screen as it is now is shown (a frame of a
/// recording, a redraw). An observer that only wants damage marks ``ScreenChange/damage(cols:rows:)``
/// in `screen(_:willChange:)` and reads the screen in `screenDidFlush(_:)`
/// (``ScreenDamage`` does this).
///
/// Requirements, which a test can check:
/// - The view is valid only during the call: an observer copies what it keeps (``ScreenView/screen``,
///   ``ScreenView/cells(ofRow:)``), never the view.
/// - The return value is the work the observer did, in the terminal's work units (about one
///   per row walked or cell copied); it is charged to ``Terminal/workBudget``, so input
///   that makes an observer do unbounded work is refused like input that makes the screen
///   do it. Return 0 for constant work. An observer that must stop the input (it holds too
///   much) returns ``ScreenObserver/exhaustsBudget``.
/// - It makes no assumption about which changes follow each other: a program may do
///   anything in any order.
///
/// ```swift
/// final class RowsChanged: ScreenObserver {
///     var rows: Set<Int> = []
///     func screen(_ screen: ScreenView, willChange change: ScreenChange) -> Int {
///         rows.formUnion(change.damage(cols: screen.cols, rows: screen.rows).rows)
///         return 0
///     }
/// }
/// var terminal = try Terminal(cols: 80, rows: 24)
/// let changed = RowsChanged()
/// terminal.observer = changed
/// terminal.feed("\u{1B}[3Hhello")
/// #expect(changed.rows == [2])
/// ```
///
/// A terminal is a value: a copy of it reports to the same observer. Give a copy its own
/// observer (or none) before feeding both. Observers are called on the thread that feeds
/// the terminal.
public protocol ScreenObserver: AnyObject {
    /// `change` is about to be made to `screen` (the cells as they are before it); returns
    /// the work spent, in work units.
    func screen(_ screen: ScreenView, willChange change: ScreenChange) -> Int

    /// The screen as it is now is shown (``Terminal/flush()``); returns the work spent.
    func screenDidFlush(_ screen: ScreenView) -> Int
}

extension ScreenObserver {
    /// Ignores flushes.
    public func screenDidFlush(_ screen: ScreenView) -> Int { 0 }

    /// The work an observer returns to spend the terminal's whole budget: the terminal stops
    /// and its caller refuses the input ("work budget exceeded").
    public static var exhaustsBudget: Int { Int.max / 4 }
}
