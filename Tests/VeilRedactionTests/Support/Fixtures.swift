import Foundation

/// The test target's `Fixtures/` folder.
enum Fixtures {
    static var root: URL {
        (Bundle.module.resourceURL ?? Bundle.module.bundleURL).appendingPathComponent("Fixtures")
    }

    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The files of a fixture folder with the given extension, sorted by name.
    static func files(in folder: String, extension ext: String) -> [URL] {
        let urls =
            (try? FileManager.default.contentsOfDirectory(at: url(folder), includingPropertiesForKeys: nil)) ?? []
        return urls.filter { $0.pathExtension == ext }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The file names of a fixture folder, for `@Test(arguments:)`.
    static func names(in folder: String, extension ext: String) -> [String] {
        files(in: folder, extension: ext).map(\.lastPathComponent)
    }
}
