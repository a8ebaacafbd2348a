/// One change a terminal is about to make to its screen, as reported to a
/// ``ScreenObserver`` before the change is made (the observer still sees the cells as they
/// were). Rows and columns are screen positions of the buffer shown.
///
/// Each action of the terminal is reported as one change: ICH is one `scroll` of the
/// cells right of the cursor, not a move and an erase, so an observer never sees a
/// half-made action.
public enum ScreenChange: Hashable, Sendable {
    /// Printing is about to write cells `cols` of `row`. `position` is the input position
    /// (``Terminal/feed(_:at:)-(UnsafeBufferPointer<UInt8>,_)``) of the first byte of the first
    /// cell's character, or -1 when unknown. With `run`, each cell holds a one-byte character
    /// and cell `cols.lowerBound + k` comes from position `position + k`; otherwise the
    /// cells are one character's (a wide character's two cells, or one), or copies of one
    /// character made by REP, all from `position` (where the printed text before the REP ended).
    case write(row: Int, cols: Range<Int>, position: Int, run: Bool)
    /// Every cell of the rectangle is about to be filled with one character (DECFRA) read
    /// from the control sequence at input position `position` (-1 when unknown).
    case fill(ScreenRect, position: Int)
    /// The cells of the rectangle are about to stop showing what they show: blanked (ED,
    /// EL, ECH, DECERA, a cleared buffer), or hidden (the right half of a row made double
    /// width). With `keepingProtected` (DECSED, DECSEL, DECSERA) cells protected by DECSCA
    /// stay as they are.
    case erase(ScreenRect, keepingProtected: Bool)
    /// The cells of the rectangle are about to change in place without being written: a
    /// combining mark joins a character, a sensitive mark is set, the rendition changes
    /// (DECCARA, DECRARA), or cells hidden past the half of a double-size row show again.
    case modify(ScreenRect)
    /// The cells of the rectangle are about to move `down` rows (negative: up) or `right`
    /// columns (negative: left), one of the two 0. Cells moved past the rectangle's edge
    /// leave; blank cells enter on the other side. LF, IND and RI at a margin, IL, DL, SU
    /// and SD move whole rows (the rectangle spans every column); ICH, DCH, DECIC, DECDC,
    /// SL and SR move columns; with left and right margins set the rectangle is theirs.
    /// Rows moving up out of a rectangle that starts at the top of the main buffer and spans
    /// it whole are the ones a real terminal keeps in its scrollback (libvterm's
    /// `sb_pushline`).
    case scroll(ScreenRect, down: Int, right: Int)
    /// The cells of the rectangle are about to be copied to the rectangle of the same size
    /// whose top-left cell is (`toRow`, `toCol`), clipped to the screen (DECCRA). The source
    /// keeps its cells; what the destination showed is lost.
    case copy(ScreenRect, toRow: Int, toCol: Int)
    /// The other buffer (main or alternate) is about to be shown.
    case switchBuffer
    /// The window title is about to change.
    case title
    /// The terminal is about to take a new size: the cells keep their position from the
    /// top-left, after the `droppingTop` top rows of the shown buffer leave (so that the
    /// cursor stays on the screen).
    case resize(cols: Int, rows: Int, droppingTop: Int)
    /// Every cell may be about to look different without changing: the palette or a dynamic
    /// colour was set or reset, or reverse video (DECSCNM) was switched.
    case appearance
    /// The side-table indices cells hold (combining clusters, sensitive reasons, links) are
    /// about to be renumbered: an observer that keeps copies of cells resolves them against
    /// ``ScreenView/clusters``, ``ScreenView/sensitiveReasons`` and ``ScreenView/links`` now.
    case renumberTables

    /// The cells the change may make look different on a screen of `cols` × `rows` (after
    /// a resize, the new size): what a consumer that redraws (a shell, an animation
    /// encoder) draws again. A change to cells also takes the cell on each side of them (a
    /// wide character cut by the change loses its other half). Empty for a title and for
    /// renumbered tables.
    public func damage(cols: Int, rows: Int) -> ScreenRect {
        let none = ScreenRect(rows: 0..<0, cols: 0..<0)
        let all = ScreenRect(rows: 0..<rows, cols: 0..<cols)
        func clipped(_ rect: ScreenRect) -> ScreenRect {
            guard !rect.isEmpty else { return none }
            return ScreenRect(
                rows: rect.rows.clamped(to: 0..<rows),
                cols: (rect.cols.lowerBound - 1..<rect.cols.upperBound + 1).clamped(to: 0..<cols))
        }
        switch self {
        case .write(let row, let range, _, _):
            return clipped(ScreenRect(rows: row..<(row + 1), cols: range))
        case .fill(let rect, _), .erase(let rect, _), .modify(let rect), .scroll(let rect, _, _):
            return clipped(rect)
        case .copy(let rect, let toRow, let toCol):
            return clipped(
                ScreenRect(
                    rows: toRow..<(toRow + rect.rows.count), cols: toCol..<(toCol + rect.cols.count)))
        case .switchBuffer, .appearance:
            return all
        case .resize(let newCols, let newRows, _):
            return ScreenRect(rows: 0..<newRows, cols: 0..<newCols)
        case .title, .renumberTables:
            return none
        }
    }
}
