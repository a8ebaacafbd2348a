/// A recording's timeline strip: its whole length, a bar per value from the moment it first
/// showed for as long as it stayed, a tick per value in the recording's other channels (typed
/// input, markers, escape strings) at its time; each mark links to its finding.
extension HTMLAuditReporter {
    /// The strip's width in SVG units (it is stretched to the page's width).
    static let timelineWidth = 1000.0

    static func timeline(
        _ findings: ArraySlice<AuditFinding>, firstNumber: Int, length: Double, path: String, into page: inout HTMLPage
    ) {
        let scale = length > 0 ? timelineWidth / length : 0
        var marks: [String] = []
        for (offset, finding) in findings.enumerated() {
            let number = firstNumber + offset
            let start: Double
            var width = 4.0
            var title = "\(finding.ruleID)"
            if let exposure = finding.exposure, let first = exposure.firstSeconds {
                start = first
                let visible = exposure.visibleSeconds ?? 0
                width = max(width, visible * scale)
                title += " " + shown(exposure)
            } else if let seconds = finding.medium?.seconds {
                start = seconds
                title += " in the " + (finding.medium?.description ?? "recording")
            } else {
                continue
            }
            let x = min(max(0, start * scale), timelineWidth - 4)
            width = min(width, timelineWidth - x)
            marks.append(
                "<a href=\"#finding-\(number)\"><rect class=\"mark \(state(of: finding).key)\" x=\"\(format(x))\" "
                    + "y=\"4\" width=\"\(format(width))\" height=\"22\"><title>\(HTMLText.text(title))</title></rect></a>"
            )
        }
        guard !marks.isEmpty else { return }
        let label = "Timeline of \(path), \(AuditExposure.seconds(length)) long: \(count(marks.count, "mark"))"
        page.line("<figure class=\"timeline\">")
        page.line(
            "<svg viewBox=\"0 0 \(Int(timelineWidth)) 30\" preserveAspectRatio=\"none\" role=\"img\" "
                + "aria-label=\"\(HTMLText.attribute(label))\">")
        page.line("<rect class=\"track\" x=\"0\" y=\"13\" width=\"\(Int(timelineWidth))\" height=\"4\" />")
        for mark in marks { page.line(mark) }
        page.line("</svg>")
        page.line("<figcaption><span>0 s</span><span>\(AuditExposure.seconds(length))</span></figcaption>")
        page.line("</figure>")
    }

    /// A coordinate with at most two decimals.
    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return fraction == 0 ? "\(hundredths / 100)" : "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
