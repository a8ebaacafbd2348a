extension Screen {
    /// Checks the grid's structural invariants; returns a description of the first
    /// violation, or nil. Tests call it after every operation.
    ///
    /// - the cell array holds exactly `rows × cols` cells and `wrapped` one flag per row;
    /// - the cursor lies inside the screen;
    /// - a wide cell (width 2) is followed by a continuation (width 0) on the same row, and
    ///   every continuation follows a wide cell;
    /// - every table index points into its table.
    public func invariantViolation() -> String? {
        if cells.count != rows * cols { return "cells.count \(cells.count) != \(rows)x\(cols)" }
        if wrapped.count != rows { return "wrapped.count \(wrapped.count) != rows \(rows)" }
        if cursor.row < 0 || cursor.row >= rows || cursor.col < 0 || cursor.col >= cols {
            return "cursor (\(cursor.row), \(cursor.col)) outside \(rows)x\(cols)"
        }
        for row in 0..<rows {
            for col in 0..<cols {
                let cell = self[row, col]
                if cell.width == 2 && (col + 1 >= cols || self[row, col + 1].width != 0) {
                    return "wide cell at (\(row), \(col)) has no continuation"
                }
                if cell.width == 0 && (col == 0 || self[row, col - 1].width != 2) {
                    return "continuation at (\(row), \(col)) does not follow a wide cell"
                }
                if cell.width > 2 { return "cell at (\(row), \(col)) has width \(cell.width)" }
                if Int(cell.clusterIndex) >= clusters.count { return "cluster index out of range at (\(row), \(col))" }
                if Int(cell.sensitiveIndex) >= sensitiveReasons.count {
                    return "sensitive index out of range at (\(row), \(col))"
                }
                if Int(cell.linkIndex) >= links.count { return "link index out of range at (\(row), \(col))" }
            }
        }
        return nil
    }
}
