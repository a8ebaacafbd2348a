/// A rectangle of pixels: `x`, `y` its top-left corner.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// A rectangle from its corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The number of pixels inside.
    public var area: Int { width * height }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
