import Foundation
import Testing

/// `veil rules list|show|lint`: the rules in effect, one rule in full, and the examples check.
@Suite struct RulesCommandTests {
    static let orders = """
        extend: {useDefault: false}
        rules:
          - id: order.id
            description: Order number.
            regex: 'ORD-[0-9]{6}'
            examples:
              - "order ↓ORD-123456↓"

        """

    @Test func listShowsTheBuiltInRulesWithTheirColumns() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["rules", "list"], in: work)
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID") == true && lines.first?.contains("SEVERITY") == true, "\(result)")
        #expect(lines.contains { $0.hasPrefix("card.pan ") && $0.contains(" block ") }, "\(result)")
    }

    @Test func showPrintsOneRuleAndAnUnknownIdExitsTwo() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let shown = try CLI.run(["rules", "show", "card.pan"], in: work)
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.hasPrefix("id: card.pan\n"), "\(shown)")
        #expect(shown.stdout.contains("validate: luhn"), "\(shown)")
        let unknown = try CLI.run(["rules", "show", "nope"], in: work)
        #expect(unknown.status == 2, "\(unknown)")
        #expect(unknown.stderr.contains("no rule 'nope' in Rules/default.yml"), "\(unknown)")
        #expect(unknown.stdout.isEmpty)
        // A near miss names the id it is near; nothing near, the list to look in.
        let near = try CLI.run(["rules", "show", "card.pna"], in: work)
        #expect(near.status == 2, "\(near)")
        #expect(near.stderr.contains("no rule 'card.pna' in Rules/default.yml; did you mean 'card.pan'?"), "\(near)")
        #expect(unknown.stderr.contains("(see 'veil rules list')"), "\(unknown)")
    }

    /// Every id `rules list` shows can be shown: regions too.
    @Test func showPrintsARegionThatListShows() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        try """
        regions:
          - id: app.pin
            description: The PIN field.
            label: "PIN:"
            width: 6
          - id: app.banner
            row: 0
            col: 2
            width: 10
        """.write(to: work.appendingPathComponent("regions.yml"), atomically: true, encoding: .utf8)
        let list = try CLI.run(["rules", "list", "--config", "regions.yml"], in: work)
        #expect(list.stdout.contains("app.pin "), "\(list)")
        let pin = try CLI.run(["rules", "show", "app.pin", "--config", "regions.yml"], in: work)
        #expect(pin.status == 0, "\(pin)")
        #expect(pin.stdout.hasPrefix("id: app.pin\nkind: region\ndescription: The PIN field.\n"), "\(pin)")
        #expect(pin.stdout.contains("label: PIN:\nwidth: 6\n"), "\(pin)")
        let banner = try CLI.run(["rules", "show", "app.banner", "--config", "regions.yml"], in: work)
        #expect(banner.stdout.contains("rectangle: row 0, col 2, 10×1 cells (0-based)"), "\(banner)")
        let near = try CLI.run(["rules", "show", "app.pni", "--config", "regions.yml"], in: work)
        #expect(near.stderr.contains("did you mean 'app.pin'?"), "\(near)")
    }

    /// A misspelt command gets the nearest one (ArgumentParser alone says only "unexpected").
    @Test func aMisspeltCommandGetsTheNearestOne() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let scan = try CLI.run(["scna", "x.ans"], in: work)
        #expect(scan.status == 2, "\(scan)")
        #expect(scan.stderr.hasPrefix("Error: unknown command 'scna'; did you mean 'veil scan'?\n"), "\(scan)")
        let show = try CLI.run(["rules", "shwo", "card.pan"], in: work)
        #expect(show.status == 2, "\(show)")
        #expect(show.stderr.contains("did you mean 'veil rules show'?"), "\(show)")
        let far = try CLI.run(["xyzzy"], in: work)
        #expect(far.status == 2, "\(far)")
        #expect(!far.stderr.contains("did you mean"), "\(far)")
        // Options and real commands pass through untouched.
        #expect(try CLI.run(["rules", "show", "card.pan"], in: work).status == 0)
    }

    @Test func lintPassesOnTheBuiltInRulesAndFailsOnABadExample() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let builtIn = try CLI.run(["rules", "lint"], in: work)
        #expect(builtIn.status == 0, "\(builtIn)")
        #expect(builtIn.stdout.hasSuffix(": all pass\n"), "\(builtIn)")
        try Self.orders.write(to: work.appendingPathComponent("good.yml"), atomically: true, encoding: .utf8)
        let good = try CLI.run(["rules", "lint", "--config", "good.yml"], in: work)
        #expect(good.status == 0, "\(good)")
        #expect(good.stdout.hasPrefix("1 rule, 1 example in "), "\(good)")
        let bad = Self.orders.replacingOccurrences(of: "↓ORD-123456↓", with: "↓ORD-12345↓")
        try bad.write(to: work.appendingPathComponent("bad.yml"), atomically: true, encoding: .utf8)
        let failing = try CLI.run(["rules", "lint", "--config", "bad.yml"], in: work)
        #expect(failing.status == 1, "\(failing)")
        #expect(failing.stdout.contains("bad.yml:7:"), "\(failing)")
        #expect(failing.stdout.contains("in 1 rule, 1 example"), "\(failing)")
    }

    @Test func anInvalidRulesFileExitsTwoNamingItsPosition() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        try "rules:\n  - id: x\n    regx: 'a'\n".write(
            to: work.appendingPathComponent(".veil.yml"), atomically: true, encoding: .utf8)
        for command in [["rules", "list"], ["rules", "lint"], ["rules", "show", "x"]] {
            let result = try CLI.run(command, in: work)
            #expect(result.status == 2, "\(command): \(result)")
            #expect(
                result.stderr.contains(".veil.yml:3:5: unknown key 'regx' in a rule (did you mean 'regex'?)"),
                "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
        }
    }
}
