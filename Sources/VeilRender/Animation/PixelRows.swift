/// Pixels addressed by their place on the canvas: the whole canvas, or a copy of one
/// rectangle of it (its rows one after another), read without copying them back.
struct PixelRows {
    private let base: UnsafePointer<UInt32>
    private let left: Int
    private let top: Int
    private let stride: Int

    /// The whole canvas, `width` pixels a row.
    init(canvas: UnsafePointer<UInt32>, width: Int) {
        base = canvas
        left = 0
        top = 0
        stride = width
    }

    /// The pixels of `rect`, `rows` holding them row after row.
    init(_ rows: UnsafePointer<UInt32>, of rect: PixelRect) {
        base = rows
        left = rect.x
        top = rect.y
        stride = rect.width
    }

    /// The pixel at (`x`, `y`) and those after it in its row (inside the pixels held).
    @inline(__always)
    func at(x: Int, y: Int) -> UnsafePointer<UInt32> { base + ((y - top) * stride + (x - left)) }
}
