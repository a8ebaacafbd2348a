#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CaptureSource {
    /// Calls `body` with each line of the source (without its line feed) and its 1-based
    /// number, reading 64 KiB at a time: memory holds one chunk and one line, never the file.
    /// `body` returns false to stop.
    /// - Throws: ``InputError`` naming the source when it cannot be opened or read.
    func forEachLine(_ body: (ArraySlice<UInt8>, Int) throws -> Bool) throws {
        let descriptor = try open()
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line: [UInt8] = []
        var number = 1
        while true {
            let got = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw InputError(path: name, message: "cannot be read (errno \(errno))") }
            if got == 0 { break }
            var start = 0
            while start < got {
                let end = chunk[start..<got].firstIndex(of: 0x0A)
                line.append(contentsOf: chunk[start..<(end ?? got)])
                guard let end else { break }
                guard try body(line[...], number) else { return }
                line.removeAll(keepingCapacity: true)
                number += 1
                start = end + 1
            }
        }
        if !line.isEmpty { _ = try body(line[...], number) }
    }
}

extension ArraySlice<UInt8> {
    /// Whether `needle` occurs in these bytes.
    func contains(bytes needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return needle.isEmpty }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first), found + needle.count <= endIndex {
            if self[found..<(found + needle.count)].elementsEqual(needle) { return true }
            start = found + 1
        }
        return false
    }
}
