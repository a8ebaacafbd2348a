import Testing
import Veil
import VeilRedaction
import VeilScreen

/// Passwords typed on a command line (`mysql -p…`, `docker login -p …`, `--password …`): found
/// as typed at a prompt, key by key, and in every later place the recording shows them.
@Suite struct CommandLinePasswordTests {
    /// Each command as a user types it, the rule that must find it, and its password.
    static let commands: [(line: String, rule: String, password: String)] = [
        ("mysql -u root -pHunter2Secret! -h db.prod", "mysql.password", "Hunter2Secret!"),
        ("sshpass -p 'Tr0ub4dor 3xyz' ssh root@10.0.0.7", "sshpass.password", "Tr0ub4dor 3xyz"),
        ("docker login -u bob -p Xk7pQ2mLw9Rt registry.acme.dev", "login.password", "Xk7pQ2mLw9Rt"),
        (
            "oc login -u kubeadmin -p Gx7kQ-2pLm9-zTq4 https://api.crc.testing:6443", "login.password",
            "Gx7kQ-2pLm9-zTq4"
        ),
        ("redis-cli -h cache -a q7Rv9wLmK2sB ping", "redis.password", "q7Rv9wLmK2sB"),
        ("htpasswd -bc /etc/nginx/.htpasswd admin hX4mP9qLw2Rt", "htpasswd.password", "hX4mP9qLw2Rt"),
        ("smbclient //fs/share -U bob%Sw0rdf1shK9x", "cli.short_password", "Sw0rdf1shK9x"),
        ("zip -P kT9wR2xLq7Zm -r backup.zip data/", "cli.short_password", "kT9wR2xLq7Zm"),
        ("helm repo add acme https://charts.acme.dev --password Pq8Vn2Lp5Xc7", "cli.password_option", "Pq8Vn2Lp5Xc7"),
        ("gpg --batch --passphrase \"Zq8 Vn2 Lp5\" -c notes.txt", "cli.password_option", "Zq8 Vn2 Lp5"),
        (
            "subprocess.run([\"mysql\", \"-u\", \"root\", \"-pHunter2Secret!\", \"shop\"])", "mysql.password",
            "Hunter2Secret!"
        ),
        ("redis-server --requirepass \"q7Rv9wLmK2sB\" --appendonly yes", "redis.requirepass", "q7Rv9wLmK2sB"),
        ("machine github.com login octocat password Tr0ub4dor3xyz", "netrc.password", "Tr0ub4dor3xyz"),
    ]

    /// What the screen shows of a value: its cells, in the order of the line.
    static func shown(_ screen: Screen, _ finding: Finding) -> String {
        finding.spans.map { span in
            String(screen.rowText(span.row).dropFirst(span.col).prefix(span.width))
        }.joined()
    }

    @Test(arguments: commands.map(\.line))
    func aPasswordOnACommandLineIsItsRulesFindingAndOnlyThePassword(line: String) throws {
        let expected = try #require(Self.commands.first { $0.line == line })
        var terminal = try Terminal(cols: 100, rows: 3)
        terminal.feed("$ " + line)
        let screen = terminal.screen
        let findings = try RuleSet.builtIn.findings(in: screen)
        let finding = try #require(findings.first { $0.ruleID == expected.rule }, "\(findings.map(\.ruleID))")
        #expect(findings.count == 1, "\(findings.map(\.ruleID))")
        #expect(Self.shown(screen, finding) == expected.password)
    }

    /// Typed key by key at a prompt, run, and shown again by `history`: the redacted recording
    /// holds none of the password's bytes, and judged again it exposes nothing.
    @Test(arguments: commands.map(\.line))
    func aTypedCommandsPasswordLeavesNoByteInTheRedactedRecording(line: String) throws {
        let expected = try #require(Self.commands.first { $0.line == line })
        var events: [(Double, String)] = [(0.1, "$ ")]
        for (index, character) in line.enumerated() { events.append((0.2 + Double(index) / 100, String(character))) }
        events.append((1.5, "\r\nok\r\n$ history | tail -1\r\n  501  \(line)\r\n$ "))
        let original = try ExposureTests.cast(events, cols: 100, rows: 8)
        let rules = try RuleSet.builtIn
        let (bytes, report) = try CaptureRedactor(rules: rules).redact(
            .recording(original), cols: nil, rows: nil, path: "t.cast")
        #expect(report.exposures.contains { $0.finding.ruleID == expected.rule }, "\(report.exposures.map(\.finding))")
        // No piece of four characters of the password in what the recording prints, its
        // events joined (the keys were typed one event each).
        let redacted = try Asciicast(bytes: bytes, path: "r.cast")
        var printed: [UInt8] = []
        for event in redacted.events { if case .output(let output) = event.kind { printed += output } }
        let text = String(decoding: printed, as: UTF8.self)
        #expect(text.contains("history"))
        let password = Array(expected.password)
        for start in 0...(password.count - 4) {
            let piece = String(password[start..<start + 4])
            #expect(!text.contains(piece), "the redacted recording prints \(piece.count) characters of the password")
        }
        let again = try ExposureScanner(rules: rules).scan(.recording(redacted), cols: nil, rows: nil, path: "r.cast")
        #expect(again.exposures.isEmpty, "\(again.exposures.map(\.finding))")
    }

    /// Help texts and manual pages name these options without a password: nothing is found.
    @Test func helpTextsAndManualPagesShowNoPassword() throws {
        let lines = [
            "  -p, --password string   Password",
            "  -u, --username string   Username",
            "      --password-stdin    Take the password from stdin",
            "  --password TEXT  The account's password.",
            "       --change-passphrase user-id",
            "           Security considerations similar to those with --http-password pertain here as well.",
            "       openssl pkcs12 [-help] [-passin arg] [-passout arg] [-password arg] [-twopass]",
            "  -W, --password           force password prompt (should happen automatically)",
            "Usage: htpasswd -b[cmBdpsDv] [-C cost] passwordfile username password",
            "  -a <password>      Password to use when connecting to the server.",
            "mysql -u root -p shop < dump.sql",
            "ssh -p 2222 deploy@bastion && docker run -p 8080:80 nginx",
            "sshpass -p \"$SSHPASS\" ssh host",
        ]
        var terminal = try Terminal(cols: 100, rows: lines.count + 1)
        terminal.feed(lines.joined(separator: "\r\n"))
        let findings = try RuleSet.builtIn.findings(in: terminal.screen)
        #expect(findings.isEmpty, "\(findings.map { "\($0.ruleID) row \($0.spans[0].row)" })")
    }
}
