import Foundation
import VeilRender

extension OutputPolicy {
    /// The policy of a command that reads `inputs` (files and folders, as named on the
    /// command line; `-` is standard input): the current folder and every input's tree (a
    /// folder itself, a file its folder) are untrusted, so no link below them is followed when
    /// a file is written there (SECURITY.md, "Where Veil writes"). `roots` adds folders an
    /// input's files are read inside (`veil run --root`).
    public static func reading(
        _ inputs: [String], roots: [String] = [], mode: mode_t = AtomicFile.defaultMode,
        currentFolder: String = FileManager.default.currentDirectoryPath
    ) -> OutputPolicy {
        var trees = [currentFolder]
        for input in inputs where input != "-" && !input.isEmpty {
            let absolute = input.hasPrefix("/") ? input : currentFolder + "/" + input
            var status = stat()
            let isFolder = lstat(absolute, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            trees.append(isFolder ? absolute : (absolute as NSString).deletingLastPathComponent)
        }
        for root in roots { trees.append(root.hasPrefix("/") ? root : currentFolder + "/" + root) }
        var unique: [String] = []
        for tree in trees where !unique.contains(tree) { unique.append(tree) }
        return OutputPolicy(untrustedTrees: unique, mode: mode)
    }
}

extension OutputFolder {
    /// The snapshot folder of `veil run`, `veil exec` and `veil demo`: opened as `policy`
    /// allows, made when missing; `existed` says whether it was there before (a run stopped by
    /// bad input removes a folder it made).
    /// - Throws: ``InputError`` naming `path`.
    public static func openForRun(_ path: String, policy: OutputPolicy) throws -> (folder: OutputFolder, existed: Bool)
    {
        var status = stat()
        let existed = lstat(path, &status) == 0
        do {
            return (try OutputFolder.open(path, policy: policy, creating: true), existed)
        } catch {
            throw InputError(path: path, message: "cannot use it as the output folder: \(error)")
        }
    }
}
