import CVeilPNG

/// Encodes a ``Bitmap`` as PNG through libpng.
///
/// An indexed bitmap becomes a palette PNG with the smallest bit depth that holds its
/// palette (≤ 2 colours: 1 bit, ≤ 4: 2, ≤ 16: 4, ≤ 256: 8); an RGB bitmap becomes 8-bit
/// truecolour. Rows are unfiltered (`PNG_FILTER_NONE`, best for flat-colour images); there
/// is no alpha, no interlacing and no ancillary chunk (no text, no time). libpng writes every
/// chunk; the image data is compressed by libdeflate when it is installed, else by zlib
/// (``PNGCompression``).
///
/// ```swift
/// let png = try PNGEncoder().encode(bitmap)
/// ```
public struct PNGEncoder: Sendable {
    /// The largest width or height accepted.
    public static let maximumDimension = Int(VEIL_PNG_MAX_DIMENSION)
    /// The largest number of pixels accepted.
    public static let maximumPixelCount = Int(VEIL_PNG_MAX_PIXELS)

    /// The deflate settings.
    public var compression: PNGCompression

    /// An encoder with the given deflate settings (``PNGCompression/standard`` by default).
    public init(compression: PNGCompression = .standard) {
        self.compression = compression
    }

    /// Whether libdeflate is installed and compresses the images whose settings ask for it;
    /// the first call opens it.
    public static var isLibdeflateAvailable: Bool { veil_png_libdeflate_load() == 0 }

    /// Why libdeflate could not be opened (the loader's message), or `nil` when it was.
    public static var libdeflateUnavailableReason: String? {
        let reason = String(cString: veil_png_libdeflate_error())
        return reason.isEmpty ? nil : reason
    }

    /// Encodes `bitmap` and returns the PNG bytes.
    /// - Throws: ``PNGError``.
    public func encode(_ bitmap: Bitmap) throws(PNGError) -> [UInt8] {
        let context = try PNGContext()
        try encode(bitmap, into: context)
        return Array(context.output)
    }

    /// Encodes `bitmap` and hands the PNG bytes to `sink` in one write.
    /// - Throws: ``PNGError``; a sink's own error as ``PNGError/sinkFailed(description:)``.
    public func encode<Sink: ByteSink>(_ bitmap: Bitmap, to sink: inout Sink) throws(PNGError) {
        let context = try PNGContext()
        try encode(bitmap, into: context)
        do {
            try sink.write(context.output)
        } catch {
            throw .sinkFailed(description: String(describing: error))
        }
    }

    private func encode(_ bitmap: Bitmap, into context: PNGContext) throws(PNGError) {
        let (width, height) = (bitmap.width, bitmap.height)
        let pixelCount = try Self.checkSize(width: width, height: height)
        guard (0...9).contains(compression.level) else { throw .invalidCompressionLevel(compression.level) }
        let libdeflateLevel = compression.libdeflateLevel ?? Int(VEIL_PNG_LIBDEFLATE_OFF)
        if let level = compression.libdeflateLevel, !PNGCompression.libdeflateLevels.contains(level) {
            throw .invalidLibdeflateLevel(level)
        }
        try context.check(
            veil_png_ctx_set_libdeflate_level(context.pointer, Int32(libdeflateLevel)), width: width, height: height)
        let level = Int32(compression.level)
        let status: Int32
        switch bitmap.pixels {
        case .indexed(let indices, let palette):
            guard indices.count == pixelCount else {
                throw .pixelCountMismatch(expected: pixelCount, actual: indices.count)
            }
            guard (1...256).contains(palette.count) else { throw .invalidPalette(count: palette.count) }
            let paletteBytes = palette.flatMap { [$0.red, $0.green, $0.blue] }
            status = indices.withUnsafeBufferPointer { pixels in
                paletteBytes.withUnsafeBufferPointer { colours in
                    veil_png_encode_indexed(
                        context.pointer, pixels.baseAddress, pixels.count, UInt32(width), UInt32(height),
                        colours.baseAddress, UInt32(palette.count), level, compression.cStrategy)
                }
            }
            try context.check(
                status, width: width, height: height, pixelCount: indices.count,
                paletteCount: palette.count, level: compression.level)
        case .rgb(let bytes):
            guard bytes.count == pixelCount * 3 else {
                throw .pixelCountMismatch(expected: pixelCount, actual: bytes.count / 3)
            }
            status = bytes.withUnsafeBufferPointer { pixels in
                veil_png_encode_rgb(
                    context.pointer, pixels.baseAddress, pixels.count, UInt32(width), UInt32(height),
                    level, compression.cStrategy)
            }
            try context.check(
                status, width: width, height: height, pixelCount: bytes.count / 3,
                level: compression.level)
        }
    }

    /// The guard clauses on a size, in libspng's order: each side, then the product.
    /// Returns the pixel count.
    static func checkSize(width: Int, height: Int) throws(PNGError) -> Int {
        guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, product <= maximumPixelCount else {
            throw .tooManyPixels(width: width, height: height, limit: maximumPixelCount)
        }
        return product
    }
}
