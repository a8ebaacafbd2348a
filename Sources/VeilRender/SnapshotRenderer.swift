import Foundation
import VeilScreen

/// Screen → PNG in one call: rasterizes with the bundled Unifont and encodes with libpng.
///
/// ```swift
/// let renderer = try SnapshotRenderer(theme: .dark, options: RenderOptions(scale: 2))
/// try renderer.write(redactedScreen, to: URL(fileURLWithPath: "snap.png"))
/// ```
///
/// The renderer draws the screen it is given: redaction must already have replaced the
/// sensitive cells (a hidden cell is a blank whose foreground and background are the same
/// colour; it is drawn as a solid rectangle of that colour).
public struct SnapshotRenderer: Sendable {
    /// The rasterizer (font, theme, options).
    public var rasterizer: Rasterizer
    /// The PNG encoder.
    public var encoder: PNGEncoder

    /// A renderer with the bundled Unifont.
    /// - Throws: ``FontError`` when the bundled font cannot be loaded.
    public init(
        theme: Theme = .dark, options: RenderOptions = RenderOptions(),
        compression: PNGCompression = .standard
    ) throws(FontError) {
        self.rasterizer = Rasterizer(font: try BitmapFont.unifont(), theme: theme, options: options)
        self.encoder = PNGEncoder(compression: compression)
    }

    /// The screen's pixels.
    /// - Throws: ``RenderError``.
    public func bitmap(for screen: Screen) throws(RenderError) -> Bitmap {
        try rasterizer.rasterize(screen)
    }

    /// The screen as PNG bytes.
    /// - Throws: ``RenderError`` or ``PNGError``.
    public func png(for screen: Screen) throws -> [UInt8] {
        try encoder.encode(try rasterizer.rasterize(screen))
    }

    /// Writes the screen as a PNG file, atomically, mode 0600 unless told otherwise.
    /// - Throws: ``RenderError``, ``PNGError`` or ``AtomicFileError``.
    public func write(_ screen: Screen, to url: URL, mode: mode_t = AtomicFile.defaultMode) throws {
        try AtomicFile.write(try png(for: screen), to: url, mode: mode)
    }
}
