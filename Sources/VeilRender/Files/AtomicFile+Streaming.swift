import Foundation

extension AtomicFile {
    /// Atomically replaces (or creates) the file at `url` with the bytes `produce` hands to
    /// its `write` argument, in as many pieces as it likes (a long output never held whole).
    /// The same checks, temporary file, `fsync`, rename and signal guard as
    /// ``write(_:to:policy:)``; if `produce` throws, the temporary file is removed, the
    /// destination is untouched, and its error is rethrown.
    public static func write(
        to url: URL, policy: OutputPolicy = .standard,
        _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let file = try create(url, policy: policy)
        do {
            try produce { bytes in try file.write(bytes) }
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// Starts the file at `url` to be written piece by piece (``PendingFile``): its folder is
    /// opened as `policy` says and the temporary file made; ``PendingFile/commit()`` puts it
    /// in place.
    /// - Throws: ``AtomicFileError``.
    public static func create(_ url: URL, policy: OutputPolicy = .standard) throws(AtomicFileError) -> PendingFile {
        let (folder, name) = split(url.path)
        return try OutputFolder.open(folder, policy: policy).create(name)
    }
}
