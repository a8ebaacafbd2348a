import Foundation
import Testing

@testable import VeilResources

/// Where `veil` finds its font, rules and demo: from its own executable's folder, the
/// installed layout (`../share/veil`) before SwiftPM's bundle beside it.
@Suite struct ResourceLookupTests {
    /// A scratch prefix with `bin/` and the given resource folders, each holding the marker file
    /// unless it is in `incomplete`.
    private func prefix(with folders: [String], incomplete: Set<String> = []) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("veil-resources-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        for folder in folders {
            let place = root.appendingPathComponent(folder, isDirectory: true)
            try FileManager.default.createDirectory(
                at: place.appendingPathComponent("Fonts"), withIntermediateDirectories: true)
            if !incomplete.contains(folder) {
                try Data("font".utf8).write(to: place.appendingPathComponent(VeilResources.markerFile))
            }
        }
        return root
    }

    private func found(in root: URL) -> String? {
        let places = VeilResources.places(executableFolder: root.appendingPathComponent("bin", isDirectory: true))
        return VeilResources.firstComplete(of: places) { FileManager.default.fileExists(atPath: $0) }?
            .standardizedFileURL.path
    }

    @Test func theInstalledLayoutComesFirst() throws {
        let root = try prefix(with: ["share/veil", "bin/\(VeilResources.bundleName)"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(found(in: root) == root.appendingPathComponent("share/veil").standardizedFileURL.path)
    }

    @Test func theBuildFolderBundleIsFoundBesideTheExecutable() throws {
        let root = try prefix(with: ["bin/\(VeilResources.bundleName)"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(found(in: root)?.hasSuffix("/bin/\(VeilResources.bundleName)") == true)
    }

    @Test func aFolderWithoutTheFontIsNotVeils() throws {
        let root = try prefix(with: ["share/veil", "bin/\(VeilResources.bundleName)"], incomplete: ["share/veil"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(found(in: root)?.hasSuffix("/bin/\(VeilResources.bundleName)") == true)
    }

    @Test func nothingIsFoundWithoutResources() throws {
        let root = try prefix(with: [])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(found(in: root) == nil)
    }

    @Test func thePlacesAreRelativeToTheExecutable() {
        let places = VeilResources.places(
            executableFolder: URL(fileURLWithPath: "/opt/veil-0.1.0/bin", isDirectory: true))
        #expect(
            places.map(\.path) == ["/opt/veil-0.1.0/share/veil", "/opt/veil-0.1.0/bin/\(VeilResources.bundleName)"])
    }

    @Test func thisProcessFindsTheBundledFont() throws {
        let url = try #require(VeilResources.url("Fonts/unifont.veilfont"))
        #expect(try Data(contentsOf: url).count > 100_000)
        #expect(VeilResources.searchDescription.contains(VeilResources.bundleName))
    }
}
