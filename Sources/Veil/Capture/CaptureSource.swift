/// Where a capture's bytes come from: a file named on the command line (`-` is standard
/// input), or a file of an audited tree read inside its root (``ConfinedRoot``: no link out
/// of the tree is followed, nothing but a regular file is opened).
public struct CaptureSource: Sendable {
    /// The path messages name.
    public let name: String
    /// The path as given on the command line (`-` is standard input), or nil for a file of an
    /// audited tree.
    let path: String?
    private let openFile: @Sendable () throws -> InputFile

    /// The file at `path` (`-` for standard input), named `name` in messages (default `path`).
    public static func file(_ path: String, name: String? = nil) -> CaptureSource {
        let name = name ?? path
        return CaptureSource(name: name, path: path) { try InputFile(path: path, name: name) }
    }

    /// The file at `relative` inside `root` (a file an audit found), named `name` in messages.
    public static func confined(_ root: ConfinedRoot, relative: [UInt8], name: String) -> CaptureSource {
        CaptureSource(name: name, path: nil) {
            let descriptor: Int32
            do {
                descriptor = try root.open(relative)
            } catch let failure as ConfinedRoot.Failure {
                throw InputError(path: name, message: failure.message)
            }
            return try InputFile(descriptor: descriptor, name: name, closing: true)
        }
    }

    /// Bytes already in memory, named `name` in messages.
    public static func bytes(_ bytes: [UInt8], name: String) -> CaptureSource {
        CaptureSource(name: name, path: nil) { InputFile(bytes: bytes, name: name) }
    }

    /// The path whose name tells what the capture is (`.cast`): as given, else the name.
    var namingPath: String { path ?? name }

    /// Opens the source at its start.
    /// - Throws: ``InputError`` naming the source.
    public func open() throws -> InputFile { try openFile() }
}
