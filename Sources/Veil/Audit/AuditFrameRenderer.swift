import VeilRedaction
import VeilRender
import VeilScreen

/// Draws the HTML report's frames as `veil snap` and `veil run` draw snapshots by default
/// (``SnapshotSettings``: the dark theme, scale 1, solid style), and says where cells land on
/// them.
struct AuditFrameRenderer: Sendable {
    /// The snapshot defaults.
    static let settings = (theme: Theme.dark, scale: 1, style: RedactionStyle.solid)

    let renderer: SnapshotRenderer

    /// - Throws: ``FontError`` when the bundled font cannot be loaded.
    init() throws {
        renderer = try SnapshotRenderer(theme: Self.settings.theme, options: RenderOptions(scale: Self.settings.scale))
    }

    /// The frame of a screen already redacted: `png` when it was drawn already (a scenario's
    /// snapshot), else drawn now.
    /// - Throws: ``RenderError`` or ``PNGError``.
    func frame(of redacted: Screen, png: [UInt8]? = nil, moment: String, command: String? = nil) throws -> AuditFrame {
        let size = try renderer.rasterizer.imageSize(cols: redacted.cols, rows: redacted.rows)
        return AuditFrame(
            png: try png ?? renderer.png(for: redacted), width: size.width, height: size.height, moment: moment,
            command: command)
    }

    /// The pixels of `spans` on the drawing of `screen`, one box per span that is drawn.
    func outline(_ spans: [ScreenSpan], on screen: Screen) -> [PixelRect] {
        spans.compactMap { span in
            try? renderer.rasterizer.pixelRect(row: span.row, col: span.col, width: span.width, in: screen)
        }.sorted { ($0.y, $0.x, $0.height, $0.width) < ($1.y, $1.x, $1.height, $1.width) }
    }
}
