import Testing
@testable import VeilRedaction

/// Issue #17: the pieces behind the breadth corpus's cases (Fixtures/breadth), tested alone.
@Suite struct DetectorBreadthTests {
    @Test func topLevelDomainsComeFromIANAsList() {
        func delegated(_ tld: String) -> Bool {
            Array(tld.utf8).withUnsafeBufferPointer { TopLevelDomain.isDelegated($0) }
        }
        #expect(TopLevelDomain.all.count > 1400)
        for tld in ["com", "IO", "dev", "de", "cn", "xn--p1ai", "рф", "中国", "xn--fiqs8s"] {
            #expect(delegated(tld), "\(tld)")
        }
        for tld in ["tS", "x", "tt1", "localdomain", "invalid-tld", "e"] { #expect(!delegated(tld), "\(tld)") }
    }

    @Test func contextWordsMatchWholeWords() {
        func has(_ word: String, _ line: String) -> Bool {
            Array(line.utf8).withUnsafeBufferPointer { $0.containsWord(Array(word.utf8)) }
        }
        #expect(has("tin", "TIN: 536228714"))
        #expect(!has("tin", "settings 536228714"))
        #expect(!has("tel", "intel core"))
        #expect(has("tel", "tel. 415 555 0132"))
        #expect(has("key", "api_key=abc"))
        #expect(has("key", "apiKey=abc"))
        #expect(has("key", "keys: abc"))
        #expect(!has("key", "keyboard"))
        #expect(has("sha", "sha256sum"))
        #expect(has("密钥", "的密钥是"))
    }

    @Test func placeholdersSayWhatTheyAre() {
        #expect(Placeholder.reason("$(pass show db)") == "a command substitution $(…)")
        #expect(Placeholder.reason("`cat key`") == "a command substitution `…`")
        #expect(Placeholder.reason("${DB_PASSWORD}") == "a variable ${…}")
        #expect(Placeholder.reason("$GITHUB_TOKEN") == "a variable $NAME")
        #expect(Placeholder.reason("%API_KEY%") == "a variable %NAME%")
        #expect(Placeholder.reason("{{ .Values.secret }}") == "a template {{…}}")
        #expect(Placeholder.reason("<your-token>") == "a placeholder <…>")
        #expect(Placeholder.reason("********") == "a mask, already hidden")
        #expect(Placeholder.reason("XXXXXXXX") == "a mask, already hidden")
        #expect(Placeholder.reason("changeme") == "a stand-in word (changeme)")
        #expect(Placeholder.reason("your_api_key") == "a stand-in word (your_…)")
        #expect(Placeholder.reason("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY") != nil)
        for value in ["hunter22", "$2b$12$abcdefghij", "S3cr3t-P@ssw0rd!", "4111 1111 1111 1111", "<b>x", "your_"] {
            #expect(Placeholder.reason(value) == nil, "\(value)")
        }
    }

    @Test func aKeyBlockBodyEndsAtTheFirstLineThatCannotBeBody() {
        func verdicts(_ lines: [String]) -> [PrivateKeyScanner.Body.Verdict] {
            var body = PrivateKeyScanner.Body()
            return lines.map { line in Array(line.utf8).withUnsafeBufferPointer { body.read($0) } }
        }
        let base64 = "MIIEowIBAAKCAQEAz5r1pY4OjE2jBMptUsGr7CmY+uCu3ZR1zTOlUcR64cXQLioD"
        #expect(
            verdicts([
                "Proc-Type: 4,ENCRYPTED", "DEK-Info: AES-128-CBC,3F17", "", base64, "  " + base64, "=Xy9Q",
                "-----END RSA PRIVATE KEY----- trailing", base64,
            ]) == [
                .body, .body, .body, .body, .body, .body, .end(29), .outside,
            ])
        #expect(verdicts([base64, "$ ls -la", base64]) == [.body, .outside, .outside])
        #expect(verdicts([base64, "", "", base64]) == [.body, .body, .outside, .outside])
        #expect(verdicts([base64, "Proc-Type: 4,ENCRYPTED"]) == [.body, .outside])
        #expect(verdicts([String(repeating: "A", count: 129)]) == [.outside])
        // Base64 that the line goes on after (a log message, a closing bracket) ends the block there.
        #expect(verdicts([base64, "mn0EkIdRMwHs2GSZZWY825ck) /api/v1/orders"]) == [.body, .end(24)])
        #expect(verdicts([base64, "AwE9oU) ok"]) == [.body, .end(6)])
        #expect(verdicts([base64, "Total: 3 files"]) == [.body, .outside])
    }

    @Test func labelsAreKeysWithASecretWord() {
        func words(_ key: String) -> [String] {
            Array(key.utf8).withUnsafeBufferPointer { LabelledPasswordScanner.words($0, 0..<$0.count) }
        }
        #expect(words("DB_PASSWORD") == ["db", "password"])
        #expect(words("userPassword") == ["user", "password"])
        #expect(words("x-api-key") == ["x", "api", "key"])
        #expect(words("spring.datasource.password") == ["spring", "datasource", "password"])
        for key in [
            "db_password", "password_prod", "secret_key_base", "DB_PASS", "private_key", "creds", "client_secret",
            "access_token", "auth", "passwd", "pwd", "PGPASSWORD", "apiKey", "x-api-key",
        ] {
            #expect(LabelledPasswordScanner.isLabel(words(key)), "\(key)")
        }
        for key in [
            "publicToken", "public_key", "token_type", "max_tokens", "password_file", "passwordless", "author",
            "keyboard", "aws_access_key_id", "secret_name", "token_count", "key",
        ] {
            #expect(!LabelledPasswordScanner.isLabel(words(key)), "\(key)")
        }
    }

    @Test func identifiersAreNotValuesButGeneratedPasswordsAre() {
        for value in ["real_key", "self.password", "os.environ", "getpass()", #"os.getenv("DB_PASS")"#, "DB_PASSWORD"] {
            #expect(LabelledPasswordScanner.isIdentifier(value), "\(value)")
        }
        for value in ["hunter22", "mzemibKei", "mUZQs_CWx", "Tr0ub4dor&3", "correct-horse", "eOUkSKbDnNJU"] {
            #expect(!LabelledPasswordScanner.isIdentifier(value), "\(value)")
        }
    }
}
