import Foundation

/// Locates the data files bundled with Veil (font, default rules, demo scenario).
public enum VeilResources {
    /// The folder that holds `Fonts/`, `Rules/` and `Demo/`.
    public static var root: URL { resolvedRoot }

    /// The URL of a bundled file, e.g. `url("Rules/default.yml")`, or nil if it is missing.
    public static func url(_ relativePath: String) -> URL? {
        let url = root.appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The name SwiftPM gives this target's resource bundle.
    static let bundleName = "Veil_VeilResources.resources"

    /// The bundle folder beside the executable, where `Bundle.module` looks first, found
    /// without creating `Bundle` objects (≈ 1 ms of `veil snap`'s start-up); else wherever
    /// `Bundle.module` finds it (e.g. the build folder, for tests).
    private static let resolvedRoot: URL = {
        if let folder = executableFolder() {
            let candidate = folder.appendingPathComponent(bundleName, isDirectory: true)
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
            if exists && isDirectory.boolValue { return candidate }
        }
        return Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }()

    /// The folder of the running executable (as `Bundle.main` sees it on Linux), or nil
    /// elsewhere.
    private static func executableFolder() -> URL? {
        #if os(Linux)
        let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        guard let path else { return nil }
        return URL(fileURLWithPath: path).deletingLastPathComponent()
        #else
        return nil
        #endif
    }
}
