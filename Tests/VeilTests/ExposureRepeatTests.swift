import Foundation
import Testing
import VeilRedaction
import VeilScreen

@testable import Veil

/// Issue #17: a value found in one frame of a recording is hidden in every later frame,
/// where no label stands beside it any more.
@Suite struct ExposureRepeatTests {
    static let value = "S3cr3t-P@ssw0rd!"

    @Test func aValueFoundInAnEarlierFrameIsExposedAgainInALaterOne() throws {
        let first = "password: \(Self.value)\r\n"
        let second = "\u{1B}[H\u{1B}[2J" + "echo \(Self.value)\r\n"
        let cast = try ExposureTests.cast([(0.5, first), (2.0, second)])
        let report = try ExposureTests.scan(cast)
        let exposure = try ExposureTests.only(report, "password.labelled")
        // The second frame shows the value bare: it is still on the final screen...
        #expect(exposure.stillVisible)
        #expect(exposure.lastSeen == 2.0)
        // ... and the bytes that drew it there are hidden by `veil redact`.
        let repeatStart = first.utf8.count + "\u{1B}[H\u{1B}[2J".utf8.count + "echo ".utf8.count
        for offset in repeatStart..<(repeatStart + Self.value.utf8.count) {
            #expect(report.sensitiveOffsets[offset] == "password.labelled", "offset \(offset)")
        }
        #expect(report.sensitiveOffsets[first.utf8.count + 7] == nil)  // "echo" stays
    }

    @Test func rawBytesToo() throws {
        let bytes = "password: \(Self.value)\r\n\u{1B}[2J\u{1B}[Hprint \(Self.value)\r\n$ "
        let report = try ExposureTests.scan(raw: bytes)
        let exposure = try ExposureTests.only(report, "password.labelled")
        #expect(exposure.stillVisible)
        let start = bytes.utf8.count - "\(Self.value)\r\n$ ".utf8.count
        #expect((start..<(start + 16)).allSatisfy { report.sensitiveOffsets[$0] != nil })
    }
}
