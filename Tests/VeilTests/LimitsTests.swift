import Foundation
import Testing
import Veil

/// Input files are read with a bound: a stream stops one chunk past the limit, a regular file
/// above it is refused by its size.
@Suite struct InputLimitsTests {
    @Test func anEndlessStreamStopsAtTheLimit() {
        // /dev/zero never ends: without the bound this would exhaust memory.
        #expect {
            try InputFile.bytes(from: "/dev/zero", limit: 100_000)
        } throws: { error in
            (error as? InputError)?.description == "/dev/zero: is over; the limit is 100000 bytes"
        }
    }

    @Test func aFileAtTheLimitIsReadAndOneByteMoreIsNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("in.ans")
        try Data(repeating: 0x41, count: 4096).write(to: file)
        #expect(try InputFile.bytes(from: file.path, limit: 4096).count == 4096)
        #expect {
            try InputFile.bytes(from: file.path, limit: 4095)
        } throws: { error in
            (error as? InputError)?.message == "is 4096 bytes; the limit is 4095 bytes"
        }
        #expect(throws: InputError(path: folder.path, message: "is a directory, not a file")) {
            try InputFile.bytes(from: folder.path)
        }
        #expect(throws: InputError(path: folder.appendingPathComponent("none").path, message: "no such file")) {
            try InputFile.bytes(from: folder.appendingPathComponent("none").path)
        }
    }
}
