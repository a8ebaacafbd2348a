import Testing
import VeilRedaction
import VeilScreen

@testable import Veil

/// Raw bytes are judged in steps of a line or of at most 64 KiB (bounded memory of copies
/// waiting to be judged), and a value on a long wrapped line is still found whole.
@Suite struct ExposureStepTests {
    static let card = "4111 1111 1111 1111"

    func steps(_ bytes: [UInt8], cooked: Bool) throws -> [CaptureStep] {
        var steps: [CaptureStep] = []
        let layout = TerminalCapture.Layout(mode: cooked ? .cooked : .raw, cols: 80, rows: 24, warnings: [])
        try CaptureInput.raw(bytes, layout: layout).forEachStep { steps.append($0) }
        return steps
    }

    @Test(arguments: [false, true])
    func aLongLineIsFedInStepsOfAtMost64KiB(cooked: Bool) throws {
        let bytes = Array(String(repeating: "y", count: 200_000).utf8) + Array("\nabc\n".utf8)
        var fed: [UInt8] = []
        var next = 0
        for step in try steps(bytes, cooked: cooked) {
            guard case .output(let data, let offset) = step.kind else { Issue.record("not output"); continue }
            #expect(data.count <= CaptureInput.stepLimit)
            #expect(offset == next || (cooked && data.elementsEqual([0x0D, 0x0A]) && offset == next))
            fed += data
            next = offset + (cooked && data.elementsEqual([0x0D, 0x0A]) ? 1 : data.count)
        }
        let expected =
            cooked
            ? Array(String(repeating: "y", count: 200_000).utf8) + Array("\r\nabc".utf8)
            : bytes
        #expect(fed == expected)
    }

    @Test func aValueOnALongWrappedLineAndAcrossAStepIsFound() throws {
        // 100,000 characters on one line (1,000 rows at 100 columns, scrolling), with a card
        // number straddling the first 64 KiB step's end.
        let split = CaptureInput.stepLimit - 8
        let text =
            String(repeating: "a", count: split) + " " + Self.card + " "
            + String(repeating: "b", count: 100_000 - split)
        let layout = TerminalCapture.Layout(mode: .raw, cols: 100, rows: 30, warnings: [])
        let report = try ExposureScanner(rules: RuleSet.builtIn).scan(
            .raw(Array(text.utf8), layout: layout), cols: nil, rows: nil, path: "t.ans")
        let exposure = try #require(report.exposures.first { $0.finding.ruleID == "card.pan" })
        #expect(exposure.firstOffset == split + 1)
    }
}
