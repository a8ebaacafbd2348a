import Foundation

/// Reads the terminal bytes that `veil snap`, `scan` and `screen` take as INPUT.
public enum TerminalInput {
    /// The largest input accepted, so a mistaken argument cannot exhaust memory.
    public static let maximumBytes = 256 << 20

    /// The bytes of a file, or of standard input when `path` is `-`.
    /// - Throws: ``InputError`` naming the file when it cannot be read or is too large.
    public static func bytes(from path: String) throws -> [UInt8] {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(path: path, message: "no such file")
            }
            guard !isDirectory.boolValue else { throw InputError(path: path, message: "is a directory, not a file") }
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw InputError(path: path, message: "cannot be read (\(error.localizedDescription))")
            }
        }
        guard data.count <= maximumBytes else {
            throw InputError(path: path, message: "is \(data.count) bytes; the limit is \(maximumBytes)")
        }
        return [UInt8](data)
    }
}
