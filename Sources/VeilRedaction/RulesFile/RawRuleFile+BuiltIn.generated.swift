// GENERATED FILE: do not edit. Made by Scripts/generate-builtin-rules from
// Resources/Rules/default.yml; after changing that file run `Scripts/generate-builtin-rules`.
// The test "generated built-in rules equal default.yml read by the YAML loader" fails
// while the two differ.
// swift-format-ignore-file

extension RawRuleFile {
    /// `Resources/Rules/default.yml` as ``RawRuleFile/init(yaml:file:)`` reads it, without parsing YAML.
    static func builtIn() -> RawRuleFile {
        var raw = RawRuleFile(position: p(1, 1))
        raw.description = s("Veil built-in rules", 12, 14)
        raw.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(15, 5))
                a.description = s("the screen says the value is already hidden", 15, 18)
                a.regexes = [s("^[*•●]+$", 16, 15)]
                return a
            }(),
        ]
        raw.rules = [rule0(), rule1(), rule2(), rule3(), rule4(), rule5(), rule6(), rule7(), rule8(), rule9(), rule10(), rule11(), rule12(), rule13(), rule14(), rule15(), rule16(), rule17()]
        return raw
    }

    private static func rule0() -> RawRule {
        var r = RawRule(position: p(23, 5))
        r.id = s("cn.resident_id", 23, 9)
        r.name = s("Chinese resident ID number", 24, 11)
        r.description = s("Chinese resident identity card number (居民身份证) with a real past birth date and ISO 7064 MOD 11-2 check.", 25, 18)
        r.detector = s("cn.resident_id", 26, 15)
        r.validate = [s("cn-resident-id", 27, 15)]
        r.category = s("pii", 28, 15)
        r.severity = s("block", 29, 15)
        r.tags = [s("identity", 30, 12), s("china", 30, 22)]
        r.examples = [s("身份证号：↓11010519491231002X↓", 32, 9), s("ID ↓360426199101010071↓", 33, 9), s("证件号码↓44030619850712345x↓（已实名）", 34, 9), s("↓62010219900315123X↓", 35, 9)]
        r.negativeExamples = [s("身份证号：110105194912310021（校验位错误）", 37, 9), s("110105209912310029 (birth date in the future)", 38, 9), s("110105194902310026 (no 31 February)", 39, 9), s("990105194912310021 (no such province)", 40, 9), s("Order 20240101123456789012", 41, 9), s("tracking 110105194912310020A", 42, 9)]
        return r
    }

    private static func rule1() -> RawRule {
        var r = RawRule(position: p(44, 5))
        r.id = s("card.pan", 44, 9)
        r.name = s("Payment card number", 45, 11)
        r.description = s("Payment card number (PAN) with a known issuer, length and Luhn checksum.", 46, 18)
        r.detector = s("card.pan", 47, 15)
        r.validate = [s("luhn", 48, 15)]
        r.category = s("pii", 49, 15)
        r.severity = s("block", 50, 15)
        r.tags = [s("pci", 51, 12), s("finance", 51, 17)]
        r.context = [s("卡号", 52, 15), s("银行卡", 52, 19), s("信用卡", 52, 24), s("借记卡", 52, 29), s("card", 52, 34)]
        r.examples = [s("Card: ↓4111 1111 1111 1111↓  exp 12/29", 54, 9), s("MC ↓5555-5555-5555-4444↓", 55, 9), s("Mastercard 2-series ↓2221000000000009↓", 56, 9), s("Amex ↓3782 822463 10005↓", 57, 9), s("Discover ↓6011111111111117↓ JCB ↓3530 1113 3330 0000↓", 58, 9), s("Diners ↓3056 9309 0259 04↓", 59, 9), s("UnionPay 银联 ↓6212 3456 7890 1232↓", 60, 9), s("UnionPay 19 ↓6234567890123456780↓", 61, 9), s("卡号：↓6212 3456 7890 1231↓", 62, 9), s("付款卡↓4568123456789011↓已绑定", 63, 9), s("银行卡号 ↓628292194307155177↓", 64, 9)]
        r.negativeExamples = [s("Card: 4111 1111 1111 1112  (wrong check digit)", 66, 9), s("Luhn-valid, no issuer: 1234 5678 9012 3452", 67, 9), s("Luhn-valid, no issuer: 9999999999999995", 68, 9), s("Mixed separators 4111-1111 1111-1111", 69, 9), s("Odd grouping 41 1111 1111 1111 11", 70, 9), s("Order #4000 1234 5678 9010 shipped", 71, 9), s("timestamp 1700000000000 ms", 72, 9), s("Ref 6212 3456 7890 1231 (UnionPay-like, failing Luhn, no context)", 73, 9), s("order id 4111111111111111111111", 74, 9), s("version 4.1111111111111111", 75, 9), s("身份证号：628292194307155177（校验失败）", 76, 9)]
        return r
    }

    private static func rule2() -> RawRule {
        var r = RawRule(position: p(78, 5))
        r.id = s("iban", 78, 9)
        r.name = s("IBAN", 79, 11)
        r.description = s("International bank account number with the country's length and a valid mod-97 check.", 80, 18)
        r.detector = s("iban", 81, 15)
        r.validate = [s("iban-mod97", 82, 15)]
        r.category = s("pii", 83, 15)
        r.severity = s("block", 84, 15)
        r.tags = [s("finance", 85, 12)]
        r.examples = [s("IBAN: ↓DE89 3704 0044 0532 0130 00↓", 87, 9), s("Pay to ↓GB29NWBK60161331926819↓ by Friday", 88, 9), s("↓FR14 2004 1010 0505 0001 3M02 606↓", 89, 9), s("账户 ↓NL91ABNA0417164300↓ 已验证", 90, 9), s("ES: ↓ES91 2100 0418 4502 0005 1332↓, CH: ↓CH93 0076 2011 6238 5295 7↓", 91, 9)]
        r.negativeExamples = [s("IBAN: DE89 3704 0044 0532 0130 01 (wrong check digits)", 93, 9), s("DE89 3704 0044 0532 0130 (too short for DE)", 94, 9), s("XX89 3704 0044 0532 0130 00 (no such country)", 95, 9), s("Build DE123456789 shipped", 96, 9), s("de89370400440532013000", 97, 9)]
        return r
    }

    private static func rule3() -> RawRule {
        var r = RawRule(position: p(99, 5))
        r.id = s("email", 99, 9)
        r.name = s("E-mail address", 100, 11)
        r.description = s("E-mail address (reserved example domains, SSH addresses and @2x image names excepted).", 101, 18)
        r.detector = s("email", 102, 15)
        r.category = s("pii", 103, 15)
        r.severity = s("block", 104, 15)
        r.tags = [s("contact", 105, 12)]
        r.keywords = [s("@", 106, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(108, 9))
                a.description = s("reserved example and test domains (RFC 2606)", 108, 22)
                a.regexTarget = s("match", 109, 22)
                a.regexes = [s("(?i)@(?:[a-z0-9-]+\\.)*example\\.(?:com|net|org)$", 111, 13), s("(?i)\\.(?:test|example|invalid|localhost)$", 112, 13)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(113, 9))
                a.description = s("image assets such as icon@2x.png", 113, 22)
                a.regexTarget = s("match", 114, 22)
                a.regexes = [s("(?i)@[1-4]x\\.(?:png|jpe?g|gif|webp|pdf|svg)$", 115, 19)]
                return a
            }(),
        ]
        r.examples = [s("From: ↓jane.doe@acme-corp.io↓", 117, 9), s("联系邮箱：↓wang.fang+veil@mail.cn-north.net↓", 118, 9), s("<↓ops_team@veil-demo.dev↓>", 119, 9)]
        r.negativeExamples = [s("Contact user@example.com for help", 121, 9), s("ci@runner.test", 122, 9), s("git clone git@github.com:veil/veil.git", 123, 9), s("root@build-01.lan:~$ ls", 124, 9), s("Image AppIcon@2x.png", 125, 9), s("npm i left-pad@1.3.0", 126, 9), s("@scope/package", 127, 9)]
        return r
    }

    private static func rule4() -> RawRule {
        var r = RawRule(position: p(129, 5))
        r.id = s("phone.cn_mobile", 129, 9)
        r.name = s("Chinese mobile number", 130, 11)
        r.description = s("Chinese mobile number, 11 digits starting 13–19, optionally +86 and 3-4-4 groups.", 131, 18)
        r.detector = s("phone.cn_mobile", 132, 15)
        r.category = s("pii", 133, 15)
        r.severity = s("block", 134, 15)
        r.tags = [s("contact", 135, 12), s("china", 135, 21)]
        r.examples = [s("手机：↓13812345678↓", 137, 9), s("Call ↓+86 138 1234 5678↓", 138, 9), s("电话 ↓138-1234-5678↓ 张三", 139, 9), s("↓8619912345678↓", 140, 9)]
        r.negativeExamples = [s("12812345678 (second digit 2)", 142, 9), s("138123456789 (12 digits)", 143, 9), s("SN13812345678X", 144, 9), s("3.13812345678", 145, 9), s("total 1381234567", 146, 9)]
        return r
    }

    private static func rule5() -> RawRule {
        var r = RawRule(position: p(148, 5))
        r.id = s("phone.intl", 148, 9)
        r.name = s("Phone number", 149, 11)
        r.description = s("International phone number (+country code, 8–15 digits); a North American number without + only next to a phone word.", 150, 18)
        r.detector = s("phone.intl", 151, 15)
        r.category = s("pii", 152, 15)
        r.severity = s("warn", 153, 15)
        r.tags = [s("contact", 154, 12)]
        r.context = [s("phone", 155, 15), s("tel", 155, 22), s("mobile", 155, 27), s("cell", 155, 35), s("fax", 155, 41), s("call", 155, 46), s("电话", 155, 52), s("手机", 155, 56), s("联系", 155, 60)]
        r.examples = [s("Phone: ↓+1 415 555 0132↓", 157, 9), s("London ↓+44 20 7946 0958↓", 158, 9), s("Berlin ↓+49 (30) 901820↓", 159, 9), s("Tel: ↓(415) 555-0132↓", 160, 9), s("mobile ↓415.555.0132↓", 161, 9)]
        r.negativeExamples = [s("(415) 555-0132 ext", 163, 9), s("+1 2 3", 164, 9), s("version 1.2.3.4567890", 165, 9), s("+12  34  56  78  90", 166, 9), s("Total: +12.50", 167, 9), s("2024-01-15 10:30:00", 168, 9)]
        return r
    }

    private static func rule6() -> RawRule {
        var r = RawRule(position: p(170, 5))
        r.id = s("us.ssn", 170, 9)
        r.name = s("US social security number", 171, 11)
        r.description = s("US social security number in valid ranges; the bare 9-digit form only next to an SSN word.", 172, 18)
        r.detector = s("us.ssn", 173, 15)
        r.validate = [s("ssn", 174, 15)]
        r.category = s("pii", 175, 15)
        r.severity = s("block", 176, 15)
        r.tags = [s("identity", 177, 12), s("us", 177, 22)]
        r.context = [s("ssn", 178, 15), s("social security", 178, 20), s("social sec", 178, 37), s("taxpayer", 178, 49), s("tin", 178, 59)]
        r.examples = [s("SSN: ↓536-22-8714↓", 180, 9), s("Employee ↓412 73 5520↓ onboarding", 181, 9), s("Social Security No. ↓536228714↓", 182, 9)]
        r.negativeExamples = [s("000-12-3456", 184, 9), s("666-12-3456", 185, 9), s("912-34-5678", 186, 9), s("536-00-8714", 187, 9), s("536-22-0000", 188, 9), s("078-05-1120", 189, 9), s("536228714", 190, 9), s("536-22 8714", 191, 9), s("Phone 1-536-22-8714", 192, 9)]
        return r
    }

    private static func rule7() -> RawRule {
        var r = RawRule(position: p(195, 5))
        r.id = s("jwt", 195, 9)
        r.name = s("JSON Web Token", 196, 11)
        r.description = s("A JSON Web Token whose header and payload decode to JSON objects and whose header names an algorithm (alg).", 197, 18)
        r.detector = s("jwt", 198, 15)
        r.validate = [s("jwt", 199, 15)]
        r.category = s("secret", 200, 15)
        r.severity = s("block", 201, 15)
        r.tags = [s("token", 202, 12)]
        r.keywords = [s("eyJ", 203, 16)]
        r.examples = [s("Authorization: Bearer ↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.Ehh2FDEEtfjgVvVqE1SkHbn8x6kwXoIIXGvOoNZYW2m↓", 205, 9), s("token=↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.↓", 206, 9)]
        r.negativeExamples = [s("eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.c2ln", 208, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 alone", 209, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJub3QganNvbiBhdCBhbGwgISEh.sig", 210, 9)]
        return r
    }

    private static func rule8() -> RawRule {
        var r = RawRule(position: p(212, 5))
        r.id = s("aws.access_key", 212, 9)
        r.name = s("AWS access key", 213, 11)
        r.description = s("AWS access key id, and the 40-character secret access key after its label.", 214, 18)
        r.detector = s("aws.access_key", 215, 15)
        r.entropy = d(3.0, 216, 14)
        r.category = s("secret", 217, 15)
        r.severity = s("block", 218, 15)
        r.tags = [s("cloud", 219, 12), s("aws", 219, 19)]
        r.keywords = [s("AKIA", 220, 16), s("ASIA", 220, 22), s("ABIA", 220, 28), s("ACCA", 220, 34), s("A3T", 220, 40), s("secret_access_key", 220, 45), s("secret-access-key", 220, 64), s("secretaccesskey", 220, 83)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(222, 9))
                a.description = s("AWS documentation keys end in EXAMPLE", 222, 22)
                a.regexes = [s("EXAMPLE", 223, 19)]
                return a
            }(),
        ]
        r.examples = [s("aws_access_key_id = ↓AKIAB5WKH7DNSIPZZ7FK↓", 225, 9), s("export AWS_ACCESS_KEY_ID=↓ASIA4ZRI3R2WYOJFLJOO↓", 226, 9), s("aws_secret_access_key = ↓b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG↓", 227, 9)]
        r.negativeExamples = [s("aws_access_key_id = AKIAIOSFODNN7EXAMPLE", 229, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 230, 9), s("\"integrity\": \"sha512-Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7ZkuQ29uZ3JhdHM+kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp==\"", 231, 9), s("golang.org/x/text v0.3.7 h1:olpwvP2KacW1ZWvsR7uQhoyTYvKAupfQrRGBFM352Gk=", 232, 9), s("<img src=\"data:image/png;base64,kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGpDz/TddJ8HyS5SUkCnD8zRA9a9Skp\">", 233, 9), s("AKIAAAAAAAAAAAAAAAAA", 234, 9), s("AKIA1234567890123456", 235, 9), s("b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG without a label", 236, 9)]
        return r
    }

    private static func rule9() -> RawRule {
        var r = RawRule(position: p(238, 5))
        r.id = s("github.token", 238, 9)
        r.name = s("GitHub token", 239, 11)
        r.description = s("GitHub personal access, OAuth, app and refresh tokens.", 240, 18)
        r.detector = s("github.token", 241, 15)
        r.entropy = d(3.0, 242, 14)
        r.category = s("secret", 243, 15)
        r.severity = s("block", 244, 15)
        r.tags = [s("token", 245, 12), s("github", 245, 19)]
        r.keywords = [s("ghp_", 246, 16), s("gho_", 246, 22), s("ghu_", 246, 28), s("ghs_", 246, 34), s("ghr_", 246, 40), s("github_pat_", 246, 46)]
        r.examples = [s("GITHUB_TOKEN=↓ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d↓", 248, 9), s("oauth ↓gho_KLzdocJ2isAjIhKtJ0RlgLKOmxgJTeKdNnFR↓", 249, 9), s("↓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↓", 250, 9)]
        r.negativeExamples = [s("ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 252, 9), s("ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8 (35 characters)", 253, 9), s("ghx_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d", 254, 9)]
        return r
    }

    private static func rule10() -> RawRule {
        var r = RawRule(position: p(256, 5))
        r.id = s("slack.token", 256, 9)
        r.name = s("Slack token", 257, 11)
        r.description = s("Slack bot, user and app tokens, and incoming webhook URLs.", 258, 18)
        r.detector = s("slack.token", 259, 15)
        r.entropy = d(3.0, 260, 14)
        r.category = s("secret", 261, 15)
        r.severity = s("block", 262, 15)
        r.tags = [s("token", 263, 12), s("slack", 263, 19)]
        r.keywords = [s("xox", 264, 16), s("hooks.slack.com", 264, 21)]
        r.examples = [s("SLACK_BOT_TOKEN=↓xoxb-9398671228-502018727951-Ehh2FDEEtfjgVvVqE1SkHbn8↓", 266, 9), s("https://hooks.slack.com/services/↓T8HxjSI6bW/BHtP3fS2qH/x6kwXoIIXGvOoNZYW2mZp0zV↓", 267, 9)]
        r.negativeExamples = [s("xoxb-your-token-here", 269, 9), s("xoxb-0000000000-0000000000-xxxxxxxxxxxxxxxxxxxxxxxx", 270, 9), s("https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", 271, 9), s("see hooks.slack.com/docs", 272, 9)]
        return r
    }

    private static func rule11() -> RawRule {
        var r = RawRule(position: p(274, 5))
        r.id = s("private_key", 274, 9)
        r.name = s("Private key", 275, 11)
        r.description = s("A private key block (PEM, OpenSSH, PGP), hidden from its header to its END line, or while the lines below it can be its body.", 276, 18)
        r.detector = s("private_key", 277, 15)
        r.category = s("secret", 278, 15)
        r.severity = s("block", 279, 15)
        r.tags = [s("key", 280, 12)]
        r.keywords = [s("-----BEGIN", 281, 16)]
        r.examples = [s("$ cat id_rsa\n↓-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAz5r1pY4OjE2jBMptUsGr7CmY+uCu3ZR1zTOlUcR64cXQLioD\nhx2jIclHkCiHp6bR1IqfEouHgxzNNAL5wIScGebcy8F5n3/YNBDRzrZSgqbjG3uh\n-----END RSA PRIVATE KEY-----↓\n$ ls", 283, 9), s("↓-----BEGIN OPENSSH PRIVATE KEY-----\nkWKFLf6xuI5aHUQPFeNBTxaQWk8JzFalHlsZfYcMMDktXP/tKsf2rcDkdfrUnW5g↓", 290, 9), s("key: ↓-----BEGIN PGP PRIVATE KEY BLOCK-----↓", 293, 9), s("key = \"↓-----BEGIN PRIVATE KEY----- MIIEvQIBADANBgkqhkiG9w0BAQEFAASC -----END PRIVATE KEY-----↓\" # one line", 294, 9), s("↓-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5xkFT7dPsSpDnoAoGCCqGSM49↓\nTotal: 3 files", 295, 9)]
        r.negativeExamples = [s("-----BEGIN PUBLIC KEY-----", 300, 9), s("-----BEGIN CERTIFICATE-----", 301, 9), s("-----BEGIN private key-----", 302, 9), s("grep 'BEGIN RSA PRIVATE KEY' *.pem", 303, 9)]
        return r
    }

    private static func rule12() -> RawRule {
        var r = RawRule(position: p(305, 5))
        r.id = s("password.labelled", 305, 9)
        r.name = s("Password", 306, 11)
        r.description = s("A value right of a password, secret, API key, token or credentials label (db_password, DB_PASS, client_secret, access_token, 密码…), after `:` `=` `:=` `=>` `==` a table cell's bar or `found:`.", 307, 18)
        r.detector = s("password.labelled", 308, 15)
        r.category = s("secret", 309, 15)
        r.severity = s("block", 310, 15)
        r.tags = [s("password", 311, 12)]
        r.keywords = [s("pass", 312, 16), s("pwd", 312, 22), s("secret", 312, 27), s("token", 312, 35), s("apikey", 312, 42), s("api_key", 312, 50), s("api-key", 312, 59), s("auth", 312, 68), s("creds", 312, 74), s("credential", 312, 81), s("private", 312, 93), s("密码", 312, 102), s("口令", 312, 106), s("密钥", 312, 110), s("私钥", 312, 114), s("令牌", 312, 118)]
        r.examples = [s("Password: ↓hunter22↓", 314, 9), s("密码：↓abc12345↓", 315, 9), s("DB_PASSWORD=↓s3cr3t-Pa55↓", 316, 9), s("api_key = ↓k3y-Valu3-9f8e↓", 317, 9), s("{\"password\": \"↓Tr0ub4dor&3↓\"}", 318, 9), s("userPassword: ↓correct-horse↓", 319, 9), s("支付密码 = ↓839201↓", 320, 9), s("令牌：↓令牌值九八七↓", 321, 9), s("access_token=↓7fd2c0a9e1b3&user=jo↓", 322, 9), s("db_password := ↓q7Rv-9wLm↓", 323, 9), s("'api_key' => '↓b5e1f0c9-live↓'", 324, 9), s("if password == \"↓Sw0rdf1sh!↓\":", 325, 9), s("SECRET_KEY_BASE=↓9f3ab21c7de4↓", 326, 9), s("DB_PASS=↓pg-Pa55w0rd↓", 327, 9), s("│ Password │ ↓hunter2↓ │", 328, 9), s("Password found: ↓pswd↓", 329, 9), s("client_secret: ↓Gx7-kQ2p-Lm9z↓", 330, 9)]
        r.negativeExamples = [s("Password: ********", 332, 9), s("password: ${DB_PASSWORD}", 333, 9), s("secret: {{.Values.secret}}", 334, 9), s("token=$GITHUB_TOKEN", 335, 9), s("password=$(pass show db/prod)", 336, 9), s("api_key: <your-api-key>", 337, 9), s("Password: changeme", 338, 9), s("passwordless: true", 339, 9), s("grep: /etc/passwd: Permission denied", 340, 9), s("Password: abc", 341, 9), s("Enter password:", 342, 9), s("密码：●●●●●●", 343, 9), s("tokens: 4096", 344, 9), s("publicToken: pk_9f8e7d6c5b4a", 345, 9), s("password: real_key", 346, 9), s("token_type: bearer", 347, 9), s("max_tokens=4096", 348, 9), s("[sudo] password for alice:", 349, 9)]
        return r
    }

    private static func rule13() -> RawRule {
        var r = RawRule(position: p(352, 5))
        r.id = s("generic.entropy", 352, 9)
        r.name = s("High-entropy string", 353, 11)
        r.description = s("A long random-looking string (base64 above 4.5 bits per character, hex above 3.0); block next to a key word.", 354, 18)
        r.detector = s("generic.entropy", 355, 15)
        r.category = s("secret", 356, 15)
        r.severity = s("warn", 357, 15)
        r.context = [s("key", 358, 15), s("secret", 358, 20), s("token", 358, 28), s("password", 358, 35), s("passwd", 358, 45), s("auth", 358, 53), s("credential", 358, 59), s("bearer", 358, 71), s("api", 358, 79), s("apikey", 358, 84), s("private", 358, 92), s("session", 358, 101), s("cookie", 358, 110), s("密钥", 358, 118), s("令牌", 358, 122)]
        r.contextSeverity = s("block", 359, 22)
        r.tags = [s("entropy", 360, 12)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(362, 9))
                a.description = s("documentation keys and placeholders (AWS's …EXAMPLEKEY, sample, dummy)", 362, 22)
                a.regexes = [s("EXAMPLE", 363, 19), s("(?i)(?:sample|dummy|placeholder|changeme|xxxxxxxx)", 363, 30)]
                return a
            }(),
        ]
        r.examples = [s("blob ↓Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zku↓ end", 365, 9), s("SESSION=↓kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp↓", 366, 9), s("id ↓a8d41bed440e50454f31af3176813e02ea68ef78↓", 367, 9)]
        r.negativeExamples = [s("request 123e4567-e89b-12d3-a456-426614174000", 369, 9), s("commit a8d41bed440e50454f31af3176813e02ea68ef78", 370, 9), s("image sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", 371, 9), s("/usr/local/lib/node_modules/typescript/bin/tsc", 372, 9), s("abcdefghijklmnopqrstuvwxyz0123456789", 373, 9), s("https://github.com/veil/veil/blob/main/Sources/VeilRedaction/Model/Rule.swift", 374, 9), s("ThisIsAVeryLongIdentifierNameForSomething", 375, 9), s("--------------------------------------------", 376, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 377, 9)]
        return r
    }

    private static func rule14() -> RawRule {
        var r = RawRule(position: p(380, 5))
        r.id = s("url.credentials", 380, 9)
        r.name = s("Password in a URL", 381, 11)
        r.description = s("The password in a URL with credentials (scheme://user:password@host).", 382, 18)
        r.regex = s("(?i)[a-z][a-z0-9+.-]*://[^\\s:/@]+:([^\\s/@]+)@[a-z0-9.-]+", 383, 12)
        r.secretGroup = i(1, 384, 18)
        r.keywords = [s("://", 385, 16)]
        r.category = s("secret", 386, 15)
        r.severity = s("block", 387, 15)
        r.enabled = b(false, 388, 14)
        r.examples = [s("postgres://app:↓Zq8-pw3d↓@db.internal:5432/app", 390, 9)]
        r.negativeExamples = [s("https://veil.dev/docs", 392, 9), s("ssh://git@github.com/veil/veil", 393, 9)]
        return r
    }

    private static func rule15() -> RawRule {
        var r = RawRule(position: p(395, 5))
        r.id = s("ipv4", 395, 9)
        r.name = s("IPv4 address", 396, 11)
        r.description = s("IPv4 address.", 397, 18)
        r.regex = s("(?<![0-9.])(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}(?![0-9.])", 398, 12)
        r.keywords = [s(".", 399, 16)]
        r.category = s("pii", 400, 15)
        r.severity = s("warn", 401, 15)
        r.enabled = b(false, 402, 14)
        r.examples = [s("client ↓203.0.113.42↓ connected", 404, 9)]
        r.negativeExamples = [s("version 1.2.3", 406, 9), s("999.1.1.1", 407, 9)]
        return r
    }

    private static func rule16() -> RawRule {
        var r = RawRule(position: p(409, 5))
        r.id = s("mac.address", 409, 9)
        r.name = s("MAC address", 410, 11)
        r.description = s("MAC address.", 411, 18)
        r.regex = s("(?i)(?<![0-9a-f:])(?:[0-9a-f]{2}[-\\:]){5}[0-9a-f]{2}(?![0-9a-f:])", 412, 12)
        r.category = s("pii", 413, 15)
        r.severity = s("warn", 414, 15)
        r.enabled = b(false, 415, 14)
        r.examples = [s("ether ↓3c:22:fb:7a:01:9e↓", 417, 9)]
        r.negativeExamples = [s("time 12:30:45", 419, 9)]
        return r
    }

    private static func rule17() -> RawRule {
        var r = RawRule(position: p(421, 5))
        r.id = s("btc.address", 421, 9)
        r.name = s("Bitcoin address", 422, 11)
        r.description = s("Bitcoin address (legacy base58 or bech32).", 423, 18)
        r.regex = s("(?<![A-Za-z0-9])(?:[13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[02-9ac-hj-np-z]{11,71})(?![A-Za-z0-9])", 424, 12)
        r.category = s("pii", 425, 15)
        r.severity = s("warn", 426, 15)
        r.enabled = b(false, 427, 14)
        r.examples = [s("pay to ↓bc1quauvt7txunf9zeu2qyrzv0pa5uvwjlq9a369s5↓", 429, 9)]
        r.negativeExamples = [s("order 1234567890", 431, 9)]
        return r
    }

    private static let file = "Rules/default.yml"
    private static func p(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(file: file, line: line, column: column)
    }
    private static func s(_ value: String, _ line: Int, _ column: Int) -> Located<String> {
        Located(value: value, position: p(line, column))
    }
    private static func b(_ value: Bool, _ line: Int, _ column: Int) -> Located<Bool> {
        Located(value: value, position: p(line, column))
    }
    private static func i(_ value: Int, _ line: Int, _ column: Int) -> Located<Int> {
        Located(value: value, position: p(line, column))
    }
    private static func d(_ value: Double, _ line: Int, _ column: Int) -> Located<Double> {
        Located(value: value, position: p(line, column))
    }
}
