import Foundation

#if canImport(MachO)
    import MachO
#endif

/// Locates the data files bundled with Veil (font, default rules, demo scenario).
///
/// They are found from the running executable's own path (symbolic links resolved), first in
/// the installed layout, then where SwiftPM puts them:
///
/// 1. `BIN/../share/veil/`: a release archive, the container image, Homebrew and
///    `Scripts/install` (`PREFIX/bin/veil` beside `PREFIX/share/veil/`);
/// 2. `BIN/Veil_VeilResources.resources/` (`.bundle` on macOS): the build folder
///    (`.build/release/veil`, the test runner).
///
/// On macOS, a program whose executable is elsewhere (the `xctest` tool of `swift test`) then
/// falls back to SwiftPM's `Bundle.module`, which knows the build folder's absolute path. On
/// Linux nothing falls back to the build folder: a `veil` copied without its resources says
/// where it looked instead of reading them from a checkout.
public enum VeilResources {
    /// The folder that holds `Fonts/`, `Rules/` and `Demo/`; when no place has them, the
    /// first place looked in (so that messages name it).
    public static var root: URL { resolvedRoot ?? places.first ?? URL(fileURLWithPath: installedPath) }

    /// The URL of a bundled file, e.g. `url("Rules/default.yml")`, or nil if it is missing.
    public static func url(_ relativePath: String) -> URL? {
        let url = root.appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Where the resources were looked for, for an error message: e.g. "veil looks for its
    /// resources in /opt/veil/share/veil and /opt/veil/bin/Veil_VeilResources.resources; install
    /// the whole release archive, not the binary alone".
    public static var searchDescription: String {
        let names = places.map(\.path)
        guard !names.isEmpty else { return "the path of the running executable is unknown" }
        return
            "veil looks for its resources in \(names.joined(separator: " and ")); install the whole release archive, "
            + "not the binary alone"
    }

    /// The installed layout's folder, relative to the executable's folder.
    static let installedPath = "../share/veil"

    /// The name SwiftPM gives this target's resource bundle on this platform.
    #if canImport(Darwin)
        static let bundleName = "Veil_VeilResources.bundle"
    #else
        static let bundleName = "Veil_VeilResources.resources"
    #endif

    /// A file every complete resources folder has: a folder without it is not Veil's.
    static let markerFile = "Fonts/unifont.veilfont"

    /// The places looked in, in order, for an executable in `executableFolder`.
    static func places(executableFolder: URL) -> [URL] {
        [
            executableFolder.appendingPathComponent(installedPath, isDirectory: true).standardizedFileURL,
            executableFolder.appendingPathComponent(bundleName, isDirectory: true),
        ]
    }

    /// The first of `places` that holds ``markerFile`` (`exists` says whether a path exists),
    /// as the folder that holds `Fonts/`, `Rules/` and `Demo/`.
    static func firstComplete(of places: [URL], exists: (String) -> Bool) -> URL? {
        for place in places {
            let folder = contentsFolder(of: place)
            if exists(folder.appendingPathComponent(markerFile).path) { return folder }
        }
        return nil
    }

    /// The folder inside `place` that holds the resources: a macOS bundle may keep them in
    /// `Contents/Resources`.
    private static func contentsFolder(of place: URL) -> URL {
        #if canImport(Darwin)
            if place.lastPathComponent == bundleName, let bundle = Bundle(path: place.path),
                let resources = bundle.resourceURL
            {
                return resources
            }
        #endif
        return place
    }

    private static let places: [URL] = executableFolder().map { places(executableFolder: $0) } ?? []

    /// Found without creating `Bundle` objects on Linux (≈ 1 ms of `veil snap`'s start-up).
    private static let resolvedRoot: URL? = {
        if let found = firstComplete(of: places, exists: { FileManager.default.fileExists(atPath: $0) }) {
            return found
        }
        #if canImport(Darwin)
            return Bundle.module.resourceURL ?? Bundle.module.bundleURL
        #else
            return nil
        #endif
    }()

    /// The folder of the running executable, symbolic links resolved, or nil if unknown.
    private static func executableFolder() -> URL? {
        #if os(Linux)
            // The kernel's link names the executable itself, whatever link it was started through.
            guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
                return nil
            }
            return URL(fileURLWithPath: path).deletingLastPathComponent()
        #elseif canImport(MachO)
            var size: UInt32 = 0
            _ = _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
            // Homebrew starts veil through a link in its bin folder; the resources are beside the target.
            guard let resolved = realpath(buffer, nil) else { return nil }
            defer { free(resolved) }
            return URL(fileURLWithPath: String(cString: resolved)).deletingLastPathComponent()
        #else
            return nil
        #endif
    }
}
