import CVeilMedia

/// A shared library Veil opens only when a format needs it, so the rest of Veil runs
/// without it.
public enum MediaLibrary: String, Hashable, Sendable, CaseIterable {
    /// giflib: GIF encoding and decoding.
    case giflib
    /// libwebp with its animation parts (libwebpmux, libwebpdemux): animated WebP.
    case libwebp

    /// What the library is for, in a message ("GIF", "WebP").
    public var format: String {
        switch self {
        case .giflib: "GIF"
        case .libwebp: "WebP"
        }
    }

    /// The Debian/Ubuntu packages that install it.
    public var debianPackages: String {
        switch self {
        case .giflib: "libgif7"
        case .libwebp: "libwebp7 libwebpmux3 libwebpdemux2"
        }
    }

    /// The Homebrew formula that installs it.
    public var homebrewFormula: String {
        switch self {
        case .giflib: "giflib"
        case .libwebp: "webp"
        }
    }

    var code: Int32 {
        switch self {
        case .giflib: Int32(VEIL_MEDIA_GIFLIB.rawValue)
        case .libwebp: Int32(VEIL_MEDIA_LIBWEBP.rawValue)
        }
    }

    /// Whether the library can be loaded (it is loaded once, on the first ask).
    public var isAvailable: Bool { veil_media_library_load(code) == 0 }

    /// Loads the library.
    /// - Throws: ``MediaError/missingLibrary(_:reason:)`` naming the library and its package.
    public func load() throws(MediaError) {
        guard veil_media_library_load(code) != 0 else { return }
        throw .missingLibrary(self, reason: String(cString: veil_media_library_error(code)))
    }
}
