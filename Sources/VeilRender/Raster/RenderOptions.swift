/// How a screen is drawn, beyond its colours.
public struct RenderOptions: Hashable, Sendable {
    /// Pixels per font pixel: 1, 2 or 3 (nearest neighbour). A cell is 8·scale × 16·scale.
    public var scale: Int
    /// Whether to draw a visible cursor (as an inverted cell). Off for snapshots.
    public var drawCursor: Bool
    /// Background-coloured margin around the grid on every side, in font pixels.
    public var padding: Int
    /// Whether to draw a title bar with the screen's title above the grid.
    public var windowFrame: Bool

    /// Options; the defaults give exactly the grid, cols·8 × rows·16 pixels, no cursor.
    public init(scale: Int = 1, drawCursor: Bool = false, padding: Int = 0, windowFrame: Bool = false) {
        self.scale = scale
        self.drawCursor = drawCursor
        self.padding = padding
        self.windowFrame = windowFrame
    }

    /// The scales the rasterizer supports.
    public static let scales = 1...3
    /// The largest padding accepted, in font pixels.
    public static let maximumPadding = 256
}
