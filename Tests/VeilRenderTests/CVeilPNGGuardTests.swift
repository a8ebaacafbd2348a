import CVeilPNG
import Testing

/// The C API's guard clauses, called directly (the Swift layer checks first, so these
/// paths are otherwise never taken): each gives its status code, never a crash.
@Suite struct CVeilPNGGuardTests {
    static func code(_ status: veil_png_status) -> Int32 { Int32(bitPattern: status.rawValue) }

    @Test func nullArgumentsGiveEINVAL() {
        let pixel: [UInt8] = [0, 0, 0]
        let context = veil_png_ctx_new()
        defer { veil_png_ctx_free(context) }
        #expect(veil_png_encode_indexed(nil, pixel, 1, 1, 1, pixel, 1, 6, 0) == Self.code(VEIL_PNG_EINVAL))
        #expect(veil_png_encode_indexed(context, nil, 1, 1, 1, pixel, 1, 6, 0) == Self.code(VEIL_PNG_EINVAL))
        #expect(veil_png_encode_indexed(context, pixel, 1, 1, 1, nil, 1, 6, 0) == Self.code(VEIL_PNG_EINVAL))
        #expect(veil_png_encode_rgb(context, nil, 3, 1, 1, 6, 0) == Self.code(VEIL_PNG_EINVAL))
        #expect(veil_png_decode_rgb(context, nil, 8) == Self.code(VEIL_PNG_EINVAL))
        #expect(veil_png_ctx_set_libdeflate_level(nil, 10) == Self.code(VEIL_PNG_EINVAL))
        var length = 99
        #expect(veil_png_ctx_output(nil, &length) == nil && length == 0)
        #expect(String(cString: veil_png_ctx_message(nil)).isEmpty)
        veil_png_ctx_free(nil)
    }

    @Test func sizesAndBuffersAreCheckedInOrder() {
        let context = veil_png_ctx_new()
        defer { veil_png_ctx_free(context) }
        let pixels = [UInt8](repeating: 0, count: 12)
        let palette: [UInt8] = [1, 2, 3]
        func indexed(
            _ width: UInt32, _ height: UInt32, _ length: Int = 12, colours: UInt32 = 1, level: Int32 = 6,
            strategy: Int32 = 0
        ) -> Int32 {
            veil_png_encode_indexed(context, pixels, length, width, height, palette, colours, level, strategy)
        }
        #expect(indexed(0, 1) == Self.code(VEIL_PNG_EWIDTH))
        #expect(indexed(1_000_001, 1) == Self.code(VEIL_PNG_EWIDTH))
        #expect(indexed(1, 0) == Self.code(VEIL_PNG_EHEIGHT))
        #expect(indexed(1_000_000, 1_000_000) == Self.code(VEIL_PNG_EOVERFLOW))
        #expect(indexed(4, 4) == Self.code(VEIL_PNG_EBUFSIZ))
        #expect(indexed(4, 3, colours: 0) == Self.code(VEIL_PNG_EPALETTE))
        #expect(indexed(4, 3, colours: 257) == Self.code(VEIL_PNG_EPALETTE))
        #expect(indexed(4, 3, level: 10) == Self.code(VEIL_PNG_ELEVEL))
        #expect(indexed(4, 3, strategy: 9) == Self.code(VEIL_PNG_ELEVEL))
        // The libdeflate level: 0 (off) or 1...12, kept for later calls.
        for level: Int32 in [-1, 13] {
            #expect(veil_png_ctx_set_libdeflate_level(context, level) == Self.code(VEIL_PNG_ELEVEL))
        }
        for level: Int32 in [0, 1, 12] {
            #expect(veil_png_ctx_set_libdeflate_level(context, level) == Self.code(VEIL_PNG_OK))
        }
        #expect(veil_png_encode_rgb(context, pixels, 12, 2, 3, 6, 0) == Self.code(VEIL_PNG_EBUFSIZ))
        #expect(veil_png_encode_rgb(context, pixels, 12, 2, 2, 6, 0) == Self.code(VEIL_PNG_OK))
        #expect(indexed(4, 3) == Self.code(VEIL_PNG_OK))
        var length = 0
        #expect(veil_png_ctx_output(context, &length) != nil && length > 8)
    }

    @Test func decodeGuardsAndStatusTexts() {
        let context = veil_png_ctx_new()
        defer { veil_png_ctx_free(context) }
        let short: [UInt8] = [0x89, 0x50]
        #expect(veil_png_decode_rgb(context, short, short.count) == Self.code(VEIL_PNG_ETRUNCATED))
        let notPNG = [UInt8]("GIF89a, not a PNG".utf8)
        #expect(veil_png_decode_rgb(context, notPNG, notPNG.count) == Self.code(VEIL_PNG_ESIGNATURE))
        let signatureOnly: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(veil_png_decode_rgb(context, signatureOnly, signatureOnly.count) == Self.code(VEIL_PNG_ETRUNCATED))
        #expect(veil_png_ctx_width(context) == 0 && veil_png_ctx_height(context) == 0)
        #expect(String(cString: veil_png_strerror(Self.code(VEIL_PNG_EINDEX))) == "pixel palette index out of range")
        #expect(String(cString: veil_png_strerror(999)) == "unknown status")
    }
}
