import CVeilPNG

/// Owns one `veil_png_ctx` for the length of one operation and turns its status codes into
/// ``PNGError``s.
final class PNGContext {
    private let ctx: OpaquePointer

    init() throws(PNGError) {
        guard let ctx = veil_png_ctx_new() else { throw .outOfMemory }
        self.ctx = ctx
    }

    deinit { veil_png_ctx_free(ctx) }

    var pointer: OpaquePointer { ctx }

    /// The output of the last successful call.
    var output: UnsafeRawBufferPointer {
        var length = 0
        guard let base = veil_png_ctx_output(ctx, &length), length > 0 else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: base, count: length)
    }

    var width: Int { Int(veil_png_ctx_width(ctx)) }
    var height: Int { Int(veil_png_ctx_height(ctx)) }

    /// Throws the error a status stands for; returns on `VEIL_PNG_OK`.
    func check(_ status: Int32, width: Int, height: Int, pixelCount: Int = 0, paletteCount: Int = 0, level: Int = 0)
        throws(PNGError)
    {
        switch UInt32(bitPattern: status) {
        case VEIL_PNG_OK.rawValue: return
        case VEIL_PNG_EWIDTH.rawValue, VEIL_PNG_EHEIGHT.rawValue:
            throw .invalidDimensions(width: width, height: height)
        case VEIL_PNG_EOVERFLOW.rawValue:
            throw .tooManyPixels(width: width, height: height, limit: PNGEncoder.maximumPixelCount)
        case VEIL_PNG_EBUFSIZ.rawValue:
            throw .pixelCountMismatch(expected: width * height, actual: pixelCount)
        case VEIL_PNG_EPALETTE.rawValue: throw .invalidPalette(count: paletteCount)
        case VEIL_PNG_EINDEX.rawValue: throw .paletteIndexOutOfRange(paletteCount: paletteCount)
        case VEIL_PNG_ELEVEL.rawValue: throw .invalidCompressionLevel(level)
        case VEIL_PNG_ENOMEM.rawValue: throw .outOfMemory
        case VEIL_PNG_ESIGNATURE.rawValue: throw .notPNG
        case VEIL_PNG_ETRUNCATED.rawValue: throw .truncated
        default:
            let message = String(cString: veil_png_ctx_message(ctx))
            throw .libpng(message: message.isEmpty ? String(cString: veil_png_strerror(status)) : message)
        }
    }
}
