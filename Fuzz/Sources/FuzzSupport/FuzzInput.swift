/// Reads a fuzzer's input front to back: small control values first, the rest as payload.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    /// Wraps the bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// Wraps bytes directly (regression tests replay inputs this way).
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte, or 0 once the input is used up.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A value in `range` taken from the next byte.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % (range.count)
    }

    /// Everything not read yet.
    public var rest: ArraySlice<UInt8> { bytes[min(offset, bytes.count)...] }
}
