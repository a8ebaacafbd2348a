import FuzzSupport
import VeilRender

/// libFuzzer entry point: the PNG reader either decodes the bytes or throws one of its typed
/// errors; anything else (a trap, a sanitizer report, an untyped error) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let bitmap = try PNGDecoder().decode(bytes)
        require(bitmap.width > 0 && bitmap.height > 0, "decoded an empty bitmap")
        require(bitmap.rgbBytes().count == bitmap.width * bitmap.height * 3, "pixel count does not match the size")
    } catch is PNGChunkError {
    } catch is PNGHeaderError {
    } catch is PNGError {
    } catch {
        fatalError("PNGDecoder threw an untyped error: \(type(of: error))")
    }
    return 0
}

/// The entry point SwiftPM links this executable with (see ``runFuzzer(argc:argv:_:)``).
@_cdecl("fuzz_png_main")
public func fuzzPngMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzPNG)
}
