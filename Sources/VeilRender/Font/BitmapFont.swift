#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import VeilResources

/// A bitmap font in Veil's format, memory-mapped: opening costs one `mmap`, a lookup is two
/// array reads, and only the pages of glyphs that are drawn are ever read from disk.
///
/// The format (written by `Scripts/generate-font`): a 32-byte header, a first-level table
/// of 4,352 `u16` page numbers (one per 256 code points), 256-entry pages of `u32` glyph
/// entries (present, wide, combining flag, combining offset, bitmap offset), then the
/// bitmaps, 16 or 32 bytes each.
///
/// `BitmapFont` is immutable after loading, so it is safe to share between threads.
public final class BitmapFont: @unchecked Sendable {
    /// The number of glyphs in the font.
    public let glyphCount: Int
    /// The path the font was loaded from.
    public let path: String

    private let base: UnsafeRawPointer
    private let length: Int
    private let firstLevel: UnsafePointer<UInt16>
    private let pages: UnsafePointer<UInt32>
    private let pageCount: Int
    private let bitmaps: UnsafePointer<UInt8>
    private let bitmapBytes: Int

    private static let headerBytes = 32
    private static let firstLevelCount = 0x110000 / 256

    /// Maps the font file at `path`.
    /// - Throws: ``FontError``.
    public init(path: String) throws(FontError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, errno: errno) }
        let length = Int(status.st_size)
        guard length >= Self.headerBytes else { throw .badMagic(path: path) }
        guard let mapping = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else {
            throw .unreadable(path: path, errno: errno)
        }
        let base = UnsafeRawPointer(mapping)
        func field(_ offset: Int) -> Int {
            Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        let magic = Array(UnsafeRawBufferPointer(start: base, count: 8))
        guard magic == Array("VEILFNT1".utf8), field(8) == 1, field(24) == Self.firstLevelCount else {
            munmap(mapping, length)
            throw .badMagic(path: path)
        }
        let pageCount = field(12), bitmapBytes = field(20)
        let expected = Self.headerBytes + 2 * Self.firstLevelCount + 1024 * pageCount + bitmapBytes
        guard expected == length else {
            munmap(mapping, length)
            throw .inconsistentSize(path: path, expected: expected, actual: length)
        }
        self.path = path
        self.base = base
        self.length = length
        self.glyphCount = field(16)
        self.pageCount = pageCount
        self.bitmapBytes = bitmapBytes
        firstLevel = (base + Self.headerBytes).assumingMemoryBound(to: UInt16.self)
        pages = (base + Self.headerBytes + 2 * Self.firstLevelCount).assumingMemoryBound(to: UInt32.self)
        bitmaps = (base + Self.headerBytes + 2 * Self.firstLevelCount + 1024 * pageCount).assumingMemoryBound(
            to: UInt8.self)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), length) }

    /// The glyph of `scalar`, or nil when the font has none (control characters never have one).
    public func glyph(for scalar: UInt32) -> Glyph? {
        bits(for: scalar).map { Glyph(font: self, bits: $0) }
    }

    /// The rows of `scalar`'s glyph in place, valid while this font lives.
    @inline(__always)
    func bits(for scalar: UInt32) -> GlyphBits? {
        guard scalar < 0x110000 else { return nil }
        let page = Int(UInt16(littleEndian: firstLevel[Int(scalar >> 8)]))
        guard page != 0, page <= pageCount else { return nil }
        let entry = UInt32(littleEndian: pages[(page - 1) * 256 + Int(scalar & 0xFF)])
        guard entry & 0x8000_0000 != 0 else { return nil }
        let wide = entry & 0x4000_0000 != 0
        let offset = Int(entry & 0x00FF_FFFF) * 16
        guard offset + (wide ? 32 : 16) <= bitmapBytes else { return nil }
        let combining: Int? = entry & 0x2000_0000 != 0 ? -Int((entry >> 24) & 0x1F) : nil
        return GlyphBits(pointer: bitmaps + offset, pixelWidth: wide ? 16 : 8, combiningOffset: combining)
    }

    /// The glyph of `scalar`.
    public func glyph(for scalar: Unicode.Scalar) -> Glyph? { glyph(for: scalar.value) }

    /// GNU Unifont 15, bundled in `VeilResources` (see `Resources/Fonts/NOTICE.md`), loaded
    /// once on first use and shared by every thread.
    /// - Throws: ``FontError`` when the resource is missing or damaged.
    public static func unifont() throws(FontError) -> BitmapFont {
        try bundledUnifont.get()
    }

    static let unifontResourceName = "Fonts/unifont.veilfont"

    /// Swift runs a global's initializer exactly once, thread-safely, on first access.
    private static let bundledUnifont: Result<BitmapFont, FontError> = {
        guard let url = VeilResources.url(unifontResourceName) else {
            return .failure(.missingResource(name: unifontResourceName))
        }
        do throws(FontError) {
            return .success(try BitmapFont(path: url.path))
        } catch {
            return .failure(error)
        }
    }()
}
