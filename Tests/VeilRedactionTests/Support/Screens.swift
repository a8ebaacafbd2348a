import VeilScreen
@testable import VeilRedaction

/// Builds test screens from text: CJK and emoji as width-2 cells plus continuations, lines
/// longer than `cols` soft-wrapped (``Screen/wrapped``).
struct TestScreen {
    let layout: TextLayout
    var screen: Screen { layout.screen }

    init(_ text: String, cols: Int? = nil) throws {
        layout = try TextLayout(text, cols: cols)
    }

    /// The characters of the text hidden by `spans`, in text order (newlines dropped).
    func hiddenText(_ spans: [CellSpan]) -> String {
        var cells = Set<Int>()
        for span in spans { for col in span.columns { cells.insert(span.row * screen.cols + col) } }
        let scalars = Array(textScalars)
        var out = String.UnicodeScalarView()
        for (offset, cell) in layout.cells.enumerated() {
            if let cell, cells.contains(cell) { out.append(scalars[offset]) }
        }
        return String(out)
    }

    /// What each finding hides, as text.
    func hidden(_ findings: [Finding]) -> [String] {
        findings.map { hiddenText($0.spans) }
    }

    private var textScalars: [Unicode.Scalar] { layout.textScalars }
}

extension TextLayout {
    /// The laid-out text's characters (rebuilt from the screen, for test messages).
    var textScalars: [Unicode.Scalar] {
        cells.map { cell in
            guard let cell else { return "\n" }
            return screen.cells[cell].scalar
        }
    }
}

/// A detector that always throws: the fail-closed tests inject it.
struct FailingDetector: CustomDetector {
    struct Boom: Error {}
    func matches(in line: String) throws -> [Range<String.Index>] { throw Boom() }
}

/// A detector that returns a range past the end of its line.
struct OutOfRangeDetector: CustomDetector {
    func matches(in line: String) throws -> [Range<String.Index>] {
        let other = line + "0123456789"
        return [other.index(other.endIndex, offsetBy: -3)..<other.endIndex]
    }
}
