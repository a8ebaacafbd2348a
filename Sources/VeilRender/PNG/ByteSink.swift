/// A destination for encoded bytes, such as memory in tests or a file.
///
/// Requirement: `write` receives the bytes in order, each byte exactly once; a sink that
/// cannot take them throws and the encoder passes the error on.
public protocol ByteSink {
    /// Takes the next bytes.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension Array: ByteSink where Element == UInt8 {
    /// Appends the bytes.
    public mutating func write(_ bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes)
    }
}
