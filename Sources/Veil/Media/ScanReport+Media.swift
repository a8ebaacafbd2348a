import VeilRedaction

extension ScanReport {
    /// The values a capture holds but no screen shows (``RecordingChannels``), in `format`:
    /// for text, a table after the screens' (`LINE:COL  RULE  CATEGORY  SEVERITY  WHERE
    /// TEXT`, nothing when there are none); for JSON, the items of the `media` list.
    public static func renderMedia(_ findings: [MediaFinding], as format: Format, showingLast: Int) -> String {
        switch format {
        case .json:
            let items = findings.map { item in
                let finding = item.finding
                var fields = [
                    #""rule":\#(ScreenDump.quoted(finding.ruleID))"#,
                    #""category":"\#(finding.category.rawValue)""#,
                    #""severity":"\#(finding.severity.rawValue)""#,
                    #""kind":"\#(item.place.kind.rawValue)""#,
                    #""name":\#(ScreenDump.quoted(item.place.name))"#,
                    #""masked":\#(ScreenDump.quoted(finding.masked(showingLast: showingLast)))"#,
                    #""line":\#(item.place.line)"#,
                    #""column":\#(item.place.column)"#,
                ]
                if let seconds = item.place.seconds { fields.append(#""seconds":\#(seconds)"#) }
                if let event = item.place.event { fields.append(#""event":\#(event)"#) }
                return "{" + fields.joined(separator: ",") + "}"
            }
            return items.joined(separator: ",")
        case .text:
            guard !findings.isEmpty else { return "" }
            var out = "Not on any screen, but in the file:\n"
            for item in findings {
                let finding = item.finding
                out +=
                    "  \(item.place.line):\(item.place.column)  \(finding.ruleID)  \(finding.category.rawValue)  "
                    + "\(finding.severity.rawValue)  \(DisplayText.escaped(item.place.description))  "
                    + finding.masked(showingLast: showingLast) + "\n"
            }
            let block = findings.filter { $0.finding.severity == .block }.count
            out += "\(findings.count) in the file: \(block) block, \(findings.count - block) warn\n"
            return out
        }
    }
}
