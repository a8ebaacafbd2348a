import CVeilSignals
import Foundation
import Testing
@testable import VeilRender
import VeilScreen

/// PNG dimensions are bounded when writing and reading; atomic writes name their temporary
/// files after the writer, sweep stale ones and register in-flight ones with the signal guard.
@Suite struct LimitsFaultTests {
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let length = UInt32(data.count), crc = CRC32.checksum(body[...])
        return withUnsafeBytes(of: length.bigEndian, Array.init) + body + withUnsafeBytes(of: crc.bigEndian, Array.init)
    }

    /// A 60-byte PNG that declares a `width`×`height` RGB image.
    static func declaring(width: UInt32, height: UInt32) -> [UInt8] {
        let header =
            withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init)
            + [8, 2, 0, 0, 0]
        return PNGChunks.signature + chunk("IHDR", header)
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + chunk("IEND", [])
    }

    @Test func aDecompressionBombIsRefusedBeforeItsPixelsAreAllocated() {
        // 16000×16000 RGB is within the pixel limit (768 MB decoded) but cannot come from 60 bytes.
        let bomb = Self.declaring(width: 16_000, height: 16_000)
        do {
            _ = try PNGDecoder().decode(bomb)
            Issue.record("decoded")
        } catch {
            #expect("\(error)".contains("too small for the image size it declares"), "\(error)")
        }
    }

    @Test func declaredSizesBeyondTheLimitsAreRefused() {
        for (width, height) in [(UInt32(2_000_000), UInt32(1)), (30_000, 30_000)] {
            #expect(throws: (any Error).self) { try PNGDecoder().decode(Self.declaring(width: width, height: height)) }
        }
    }

    @Test func aSnapshotTooLargeToDrawIsAClearErrorBeforeAnyPixel() throws {
        let renderer = try SnapshotRenderer(options: RenderOptions(scale: 3))
        let screen = try Terminal(cols: 1000, rows: 1000).screen
        #expect(throws: RenderError.imageTooLarge(width: 24_000, height: 48_000)) { try renderer.bitmap(for: screen) }
    }

    @Test func encodingBeyondTheDimensionLimitIsAnError() {
        let encoder = PNGEncoder()
        #expect(PNGEncoder.maximumDimension == 1_000_000 && PNGEncoder.maximumPixelCount == 1 << 28)
        #expect(throws: PNGError.self) {
            try encoder.encode(
                Bitmap(
                    width: PNGEncoder.maximumDimension + 1, height: 1,
                    pixels: .indexed([], palette: [RGBColor(0, 0, 0)])))
        }
    }

    // MARK: Temporary files

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("veil-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    /// A pid that no process has: a child that has exited and been reaped.
    static func deadPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func temporaryNamesCarryTheWriterPID() {
        #expect(StaleTemporaries.writerPID(of: ".veil-1234-abc9z.tmp") == 1234)
        for name in [
            ".veil-abc.tmp", ".veil-12-.tmp", ".veil--x.tmp", ".veil-12-AB.tmp", "veil-12-ab.tmp",
            ".veil-12-ab.tmp.png",
            ".veil-0-ab.tmp", ".veil-1-2-3.tmp",
        ] {
            #expect(StaleTemporaries.writerPID(of: name) == nil, "\(name)")
        }
    }

    @Test func staleTemporariesOfDeadWritersAreSweptAndNothingElse() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dead = try Self.deadPID()
        let names = [
            ".veil-\(dead)-stale1.tmp", ".veil-\(getpid())-mine.tmp", ".veil-1-init.tmp", ".veil-notours.tmp",
            "keep.png",
        ]
        for name in names { try Data([1]).write(to: folder.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".veil-\(dead)-dir.tmp"), withIntermediateDirectories: false)
        #expect(StaleTemporaries.remove(in: folder.path) == [".veil-\(dead)-stale1.tmp"])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            left
                == [
                    ".veil-\(dead)-dir.tmp", ".veil-\(getpid())-mine.tmp", ".veil-1-init.tmp", ".veil-notours.tmp",
                    "keep.png",
                ].sorted())
    }

    @Test func theFirstWriteIntoAFolderSweepsIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stale = folder.appendingPathComponent(".veil-\(try Self.deadPID())-left.tmp")
        try Data([1, 2]).write(to: stale)
        try AtomicFile.write([9] as [UInt8], to: folder.appendingPathComponent("snap.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["snap.png"])
    }

    @Test func aLargeFolderIsSweptBesideTheWriteAndBeforeItsCommit() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Enough entries for the folder to be swept on another thread, whatever the file
        // system counts in a folder's size.
        var status = stat()
        var count = 0
        while stat(folder.path, &status) == 0, Int(status.st_size) <= StaleTemporaries.sweptBesideFromBytes {
            for _ in 0..<256 {
                let name = "entry-\(count)-" + String(repeating: "x", count: 40)
                #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil))
                count += 1
            }
            try #require(count < 40_000, "the folder's size does not grow with its entries")
        }
        let stale = ".veil-\(try Self.deadPID())-left.tmp"
        try Data([1, 2]).write(to: folder.appendingPathComponent(stale))
        try AtomicFile.write([9] as [UInt8], to: folder.appendingPathComponent("snap.png"))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(!left.contains(stale))
        #expect(left.contains("snap.png"))
        #expect(left.count == count + 1)
    }

    @Test func theSignalGuardRegistersAndForgetsPaths() {
        let before = veil_tempguard_count()
        let slot = veil_tempguard_register("/tmp/.veil-1-x.tmp")
        #expect(slot >= 0)
        #expect(veil_tempguard_count() == before + 1)
        veil_tempguard_unregister(slot)
        #expect(veil_tempguard_count() == before)
        #expect(veil_tempguard_register(String(repeating: "p", count: Int(VEIL_TEMPGUARD_PATH_MAX))) == -1)
    }

    @Test func aMissingOrNonFolderDestinationIsRefusedBeforeATemporaryExists() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain")
        try Data([1]).write(to: file)
        #expect(throws: AtomicFileError.folder(path: file.path, errno: ENOTDIR)) {
            try AtomicFile.write([1] as [UInt8], to: file.appendingPathComponent("x.png"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["plain"])
    }
}
