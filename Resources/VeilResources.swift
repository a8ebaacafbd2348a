import Foundation

/// Locates the data files bundled with Veil (font, default rules, demo scenario).
public enum VeilResources {
    /// The folder that holds `Fonts/`, `Rules/` and `Demo/`.
    public static var root: URL { Bundle.module.resourceURL ?? Bundle.module.bundleURL }

    /// The URL of a bundled file, e.g. `url("Rules/default.yml")`, or nil if it is missing.
    public static func url(_ relativePath: String) -> URL? {
        let url = root.appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
