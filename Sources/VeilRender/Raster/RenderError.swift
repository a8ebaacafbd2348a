/// Errors of the rasterizer: options it cannot honour.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A scale outside ``RenderOptions/scales``.
    case invalidScale(Int)
    /// A padding below 0 or above ``RenderOptions/maximumPadding``.
    case invalidPadding(Int)
    /// The screen's cell array does not hold rows × cols cells.
    case inconsistentScreen(cells: Int, cols: Int, rows: Int)
    /// The image would exceed ``PNGEncoder/maximumPixelCount`` pixels.
    case imageTooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case let .invalidScale(scale):
            return "scale \(scale) is not one of 1, 2, 3"
        case let .invalidPadding(padding):
            return "padding \(padding) is not 0…\(RenderOptions.maximumPadding)"
        case let .inconsistentScreen(cells, cols, rows):
            return "screen has \(cells) cells, not \(cols)x\(rows)"
        case let .imageTooLarge(width, height):
            return "image \(width)x\(height) would exceed \(PNGEncoder.maximumPixelCount) pixels"
        }
    }
}
