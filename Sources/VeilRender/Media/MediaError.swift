import CVeilMedia

/// Errors of the GIF and WebP codecs.
public enum MediaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The library a format needs is not installed (or too old); `reason` is the loader's.
    case missingLibrary(MediaLibrary, reason: String)
    /// A canvas side of 0 or above ``MediaLimits/maximumDimension``, or too many pixels.
    case invalidSize(width: Int, height: Int)
    /// A frame rectangle outside the canvas.
    case frameOutsideCanvas
    /// A palette of 0 or more than 256 colours, or an index past it.
    case invalidPalette
    /// The data is not a file of `format`, or is damaged; `detail` is the library's word.
    case notDecodable(format: String, detail: String)
    /// A decoding limit (pixels, frames) was reached.
    case limitReached(format: String)
    /// The library reported an error.
    case library(format: String, message: String)
    /// Memory ran out inside the codec.
    case outOfMemory
    /// A call out of order or an argument out of range (a bug in the caller).
    case misuse(String)

    public var description: String {
        switch self {
        case let .missingLibrary(library, reason):
            return
                "\(library.format) needs \(library.rawValue), which could not be loaded (\(reason)); install it (Debian/Ubuntu: apt-get install \(library.debianPackages); Homebrew: brew install \(library.homebrewFormula))"
        case let .invalidSize(width, height):
            return "image size \(width)x\(height) is out of range (each side 1…\(MediaLimits.maximumDimension))"
        case .frameOutsideCanvas:
            return "a frame lies outside the canvas"
        case .invalidPalette:
            return "a palette has no colours, more than 256, or an index past its end"
        case let .notDecodable(format, detail):
            return "not a readable \(format) file" + (detail.isEmpty ? "" : " (\(detail))")
        case let .limitReached(format):
            return
                "the \(format) is larger than Veil decodes (at most \(MediaLimits.maximumPixels) pixels a frame, \(MediaLimits.maximumFrames) frames)"
        case let .library(format, message):
            return "\(format) codec: \(message)"
        case .outOfMemory:
            return "out of memory while encoding or decoding an image"
        case let .misuse(what):
            return "image codec misused: \(what)"
        }
    }

    /// The error a status stands for; nil for `VEIL_MEDIA_OK` and `VEIL_MEDIA_END`.
    static func from(
        _ status: Int32, format: String, library: MediaLibrary, message: String, width: Int = 0, height: Int = 0
    ) -> MediaError? {
        switch UInt32(bitPattern: status) {
        case VEIL_MEDIA_OK.rawValue, VEIL_MEDIA_END.rawValue: return nil
        case VEIL_MEDIA_ENOLIB.rawValue:
            return .missingLibrary(library, reason: String(cString: veil_media_library_error(library.code)))
        case VEIL_MEDIA_ESIZE.rawValue: return .invalidSize(width: width, height: height)
        case VEIL_MEDIA_ERECT.rawValue: return .frameOutsideCanvas
        case VEIL_MEDIA_EPALETTE.rawValue: return .invalidPalette
        case VEIL_MEDIA_ENOMEM.rawValue: return .outOfMemory
        case VEIL_MEDIA_EFORMAT.rawValue: return .notDecodable(format: format, detail: message)
        case VEIL_MEDIA_ELIMIT.rawValue: return .limitReached(format: format)
        case VEIL_MEDIA_ELIBRARY.rawValue: return .library(format: format, message: message)
        default: return .misuse(String(cString: veil_media_strerror(status)))
        }
    }
}

/// The limits of the codecs (`VEIL_MEDIA_*` in `cveilmedia.h`).
public enum MediaLimits {
    /// The largest canvas side.
    public static let maximumDimension = Int(VEIL_MEDIA_MAX_DIMENSION)
    /// The most pixels of a canvas (and of one GIF frame).
    public static let maximumPixels = Int(VEIL_MEDIA_MAX_PIXELS)
    /// The most frames a decoder reads unless told fewer.
    public static let maximumFrames = Int(VEIL_MEDIA_MAX_FRAMES)
}
