import Testing

@testable import VeilRedaction

/// The built-in rules' keywords keep ICU out of an everyday screen: a password label, a login
/// banner, archives, libraries and database daemons in a process list select no rule whose
/// pattern needs ICU, so its regex engine (about 2 ms to set up in a fresh process) is never
/// started. A command that types a password (`mysql -u root -p…`) does select its rule.
@Suite struct EverydayScreenRegexTests {
    static let everyday = [
        "Last login: Sat Nov 28 16:01:49 2026 from 10.0.0.2",
        "DB_PASSWORD=s3cr3t-Pa55",
        "export AWS_ACCESS_KEY_ID=AKIAB5WKH7DNSIPZZ7FK",
        "-rw-r--r--  1 dev dev 12302 Nov 21 18:31 backup.zip",
        "-rw-r--r--  1 dev dev  4096 Nov 21 18:31 photos.7z  notes.rar",
        "mysql     812  0.3  2.1 /usr/sbin/mysqld --daemonize",
        "mongodb   640  0.1  1.0 /usr/bin/mongod --config /etc/mongod.conf",
        "Compiling libraries: openssl 3.0.15, zlib 1.3, libssh2",
        "login successful; password changed 3 days ago",
        "Card: 4111 1111 1111 1111  exp 12/29",
        "  812 dev       20   0   19.3M  /usr/lib/systemd/systemd --user",
        "$ sudo -u postgres psql -c 'select 1'",
        "$ git push -u origin main && pip install --user requests",
        "$ sort -u names.txt | diff -u - expected.txt",
        "PATH=/usr/local/bin:/usr/bin  # a path, a pattern, a patch",
    ]

    /// A fresh copy of the built-in rules whose patterns compile on first use.
    static func freshRules() throws -> RuleSet {
        var compiler = RuleFileCompiler(file: RuleSet.builtInFileName)
        compiler.defersRegexCompilation = true
        return try compiler.compile(RawRuleFile.builtIn(), base: { nil })
    }

    static func compiledRules(_ rules: RuleSet) -> [String] {
        rules.rules.compactMap { rule -> String? in
            if case let .pattern(pattern) = rule.matcher, pattern.isCompiled { return rule.id }
            return nil
        }
    }

    @Test func anEverydayScreenCompilesNoRulePattern() throws {
        let rules = try Self.freshRules()
        let findings = try rules.findings(in: try ContextRowsTests.screen(Self.everyday))
        #expect(Set(findings.map(\.ruleID)) == ["password.labelled", "aws.access_key", "card.pan"])
        #expect(Self.compiledRules(rules).isEmpty, "\(Self.compiledRules(rules))")
    }

    /// A curl command's password on a continuation line is found by the line's start (an
    /// anchored keyword), where `-u` is not `sudo -u`'s.
    @Test func curlsUserOnAContinuationLineIsFound() throws {
        let rules = try Self.freshRules()
        let findings = try rules.findings(
            in: try ContextRowsTests.screen([
                "$ curl -X POST https://ci.acme.dev/api \\", "    -H 'Accept: application/json' \\",
                "    -u deploy:GifhXnftZxRW \\", "\t--proxy-user squid:Kx7pQ2mLw9Rt", "$ sudo -u admin:Qw8rTy5uIo0p ls",
            ]))
        #expect(findings.map(\.ruleID) == ["curl.user", "curl.user"])
        #expect(Self.compiledRules(rules) == ["curl.user"])
    }

    @Test func aTypedPasswordSelectsItsRule() throws {
        let rules = try Self.freshRules()
        let findings = try rules.findings(
            in: try ContextRowsTests.screen(["$ mysql -u root -pHunter2Secret! -h db.prod"]))
        #expect(findings.map(\.ruleID) == ["mysql.password"])
        #expect(Self.compiledRules(rules).contains("mysql.password"))
    }
}
