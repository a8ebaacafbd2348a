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
        r.description = s("Chinese resident identity card number (居民身份证) with a real past birth date and ISO 7064 MOD 11-2 check.", 24, 18)
        r.detector = s("cn.resident_id", 25, 15)
        r.validate = [s("cn-resident-id", 26, 15)]
        r.category = s("pii", 27, 15)
        r.severity = s("block", 28, 15)
        r.tags = [s("identity", 29, 12), s("china", 29, 22)]
        r.examples = [s("身份证号：↓11010519491231002X↓", 31, 9), s("ID ↓360426199101010071↓", 32, 9), s("证件号码↓44030619850712345x↓（已实名）", 33, 9), s("↓62010219900315123X↓", 34, 9)]
        r.negativeExamples = [s("身份证号：110105194912310021（校验位错误）", 36, 9), s("110105209912310029 (birth date in the future)", 37, 9), s("110105194902310026 (no 31 February)", 38, 9), s("990105194912310021 (no such province)", 39, 9), s("Order 20240101123456789012", 40, 9), s("tracking 110105194912310020A", 41, 9)]
        return r
    }

    private static func rule1() -> RawRule {
        var r = RawRule(position: p(43, 5))
        r.id = s("card.pan", 43, 9)
        r.description = s("Payment card number (PAN) with a known issuer, length and Luhn checksum.", 44, 18)
        r.detector = s("card.pan", 45, 15)
        r.validate = [s("luhn", 46, 15)]
        r.category = s("pii", 47, 15)
        r.severity = s("block", 48, 15)
        r.tags = [s("pci", 49, 12), s("finance", 49, 17)]
        r.context = [s("卡号", 50, 15), s("银行卡", 50, 19), s("信用卡", 50, 24), s("借记卡", 50, 29), s("card", 50, 34)]
        r.examples = [s("Card: ↓4111 1111 1111 1111↓  exp 12/29", 52, 9), s("MC ↓5555-5555-5555-4444↓", 53, 9), s("Mastercard 2-series ↓2221000000000009↓", 54, 9), s("Amex ↓3782 822463 10005↓", 55, 9), s("Discover ↓6011111111111117↓ JCB ↓3530 1113 3330 0000↓", 56, 9), s("Diners ↓3056 9309 0259 04↓", 57, 9), s("UnionPay 银联 ↓6212 3456 7890 1232↓", 58, 9), s("UnionPay 19 ↓6234567890123456780↓", 59, 9), s("卡号：↓6212 3456 7890 1231↓", 60, 9), s("付款卡↓4568123456789011↓已绑定", 61, 9), s("银行卡号 ↓628292194307155177↓", 62, 9)]
        r.negativeExamples = [s("Card: 4111 1111 1111 1112  (wrong check digit)", 64, 9), s("Luhn-valid, no issuer: 1234 5678 9012 3452", 65, 9), s("Luhn-valid, no issuer: 9999999999999995", 66, 9), s("Mixed separators 4111-1111 1111-1111", 67, 9), s("Odd grouping 41 1111 1111 1111 11", 68, 9), s("Order #4000 1234 5678 9010 shipped", 69, 9), s("timestamp 1700000000000 ms", 70, 9), s("Ref 6212 3456 7890 1231 (UnionPay-like, failing Luhn, no context)", 71, 9), s("order id 4111111111111111111111", 72, 9), s("version 4.1111111111111111", 73, 9), s("身份证号：628292194307155177（校验失败）", 74, 9)]
        return r
    }

    private static func rule2() -> RawRule {
        var r = RawRule(position: p(76, 5))
        r.id = s("iban", 76, 9)
        r.description = s("International bank account number with the country's length and a valid mod-97 check.", 77, 18)
        r.detector = s("iban", 78, 15)
        r.validate = [s("iban-mod97", 79, 15)]
        r.category = s("pii", 80, 15)
        r.severity = s("block", 81, 15)
        r.tags = [s("finance", 82, 12)]
        r.examples = [s("IBAN: ↓DE89 3704 0044 0532 0130 00↓", 84, 9), s("Pay to ↓GB29NWBK60161331926819↓ by Friday", 85, 9), s("↓FR14 2004 1010 0505 0001 3M02 606↓", 86, 9), s("账户 ↓NL91ABNA0417164300↓ 已验证", 87, 9), s("ES: ↓ES91 2100 0418 4502 0005 1332↓, CH: ↓CH93 0076 2011 6238 5295 7↓", 88, 9)]
        r.negativeExamples = [s("IBAN: DE89 3704 0044 0532 0130 01 (wrong check digits)", 90, 9), s("DE89 3704 0044 0532 0130 (too short for DE)", 91, 9), s("XX89 3704 0044 0532 0130 00 (no such country)", 92, 9), s("Build DE123456789 shipped", 93, 9), s("de89370400440532013000", 94, 9)]
        return r
    }

    private static func rule3() -> RawRule {
        var r = RawRule(position: p(96, 5))
        r.id = s("email", 96, 9)
        r.description = s("E-mail address (reserved example domains, SSH addresses and @2x image names excepted).", 97, 18)
        r.detector = s("email", 98, 15)
        r.category = s("pii", 99, 15)
        r.severity = s("block", 100, 15)
        r.tags = [s("contact", 101, 12)]
        r.keywords = [s("@", 102, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(104, 9))
                a.description = s("reserved example and test domains (RFC 2606)", 104, 22)
                a.regexTarget = s("match", 105, 22)
                a.regexes = [s("(?i)@(?:[a-z0-9-]+\\.)*example\\.(?:com|net|org)$", 107, 13), s("(?i)\\.(?:test|example|invalid|localhost)$", 108, 13)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(109, 9))
                a.description = s("image assets such as icon@2x.png", 109, 22)
                a.regexTarget = s("match", 110, 22)
                a.regexes = [s("(?i)@[1-4]x\\.(?:png|jpe?g|gif|webp|pdf|svg)$", 111, 19)]
                return a
            }(),
        ]
        r.examples = [s("From: ↓jane.doe@acme-corp.io↓", 113, 9), s("联系邮箱：↓wang.fang+veil@mail.cn-north.net↓", 114, 9), s("<↓ops_team@veil-demo.dev↓>", 115, 9)]
        r.negativeExamples = [s("Contact user@example.com for help", 117, 9), s("ci@runner.test", 118, 9), s("git clone git@github.com:veil/veil.git", 119, 9), s("root@build-01.lan:~$ ls", 120, 9), s("Image AppIcon@2x.png", 121, 9), s("npm i left-pad@1.3.0", 122, 9), s("@scope/package", 123, 9)]
        return r
    }

    private static func rule4() -> RawRule {
        var r = RawRule(position: p(125, 5))
        r.id = s("phone.cn_mobile", 125, 9)
        r.description = s("Chinese mobile number, 11 digits starting 13–19, optionally +86 and 3-4-4 groups.", 126, 18)
        r.detector = s("phone.cn_mobile", 127, 15)
        r.category = s("pii", 128, 15)
        r.severity = s("block", 129, 15)
        r.tags = [s("contact", 130, 12), s("china", 130, 21)]
        r.examples = [s("手机：↓13812345678↓", 132, 9), s("Call ↓+86 138 1234 5678↓", 133, 9), s("电话 ↓138-1234-5678↓ 张三", 134, 9), s("↓8619912345678↓", 135, 9)]
        r.negativeExamples = [s("12812345678 (second digit 2)", 137, 9), s("138123456789 (12 digits)", 138, 9), s("SN13812345678X", 139, 9), s("3.13812345678", 140, 9), s("total 1381234567", 141, 9)]
        return r
    }

    private static func rule5() -> RawRule {
        var r = RawRule(position: p(143, 5))
        r.id = s("phone.intl", 143, 9)
        r.description = s("International phone number (+country code, 8–15 digits); a North American number without + only next to a phone word.", 144, 18)
        r.detector = s("phone.intl", 145, 15)
        r.category = s("pii", 146, 15)
        r.severity = s("warn", 147, 15)
        r.tags = [s("contact", 148, 12)]
        r.context = [s("phone", 149, 15), s("tel", 149, 22), s("mobile", 149, 27), s("cell", 149, 35), s("fax", 149, 41), s("call", 149, 46), s("电话", 149, 52), s("手机", 149, 56), s("联系", 149, 60)]
        r.examples = [s("Phone: ↓+1 415 555 0132↓", 151, 9), s("London ↓+44 20 7946 0958↓", 152, 9), s("Berlin ↓+49 (30) 901820↓", 153, 9), s("Tel: ↓(415) 555-0132↓", 154, 9), s("mobile ↓415.555.0132↓", 155, 9)]
        r.negativeExamples = [s("(415) 555-0132 ext", 157, 9), s("+1 2 3", 158, 9), s("version 1.2.3.4567890", 159, 9), s("+12  34  56  78  90", 160, 9), s("Total: +12.50", 161, 9), s("2024-01-15 10:30:00", 162, 9)]
        return r
    }

    private static func rule6() -> RawRule {
        var r = RawRule(position: p(164, 5))
        r.id = s("us.ssn", 164, 9)
        r.description = s("US social security number in valid ranges; the bare 9-digit form only next to an SSN word.", 165, 18)
        r.detector = s("us.ssn", 166, 15)
        r.validate = [s("ssn", 167, 15)]
        r.category = s("pii", 168, 15)
        r.severity = s("block", 169, 15)
        r.tags = [s("identity", 170, 12), s("us", 170, 22)]
        r.context = [s("ssn", 171, 15), s("social security", 171, 20), s("social sec", 171, 37), s("taxpayer", 171, 49), s("tin", 171, 59)]
        r.examples = [s("SSN: ↓536-22-8714↓", 173, 9), s("Employee ↓412 73 5520↓ onboarding", 174, 9), s("Social Security No. ↓536228714↓", 175, 9)]
        r.negativeExamples = [s("000-12-3456", 177, 9), s("666-12-3456", 178, 9), s("912-34-5678", 179, 9), s("536-00-8714", 180, 9), s("536-22-0000", 181, 9), s("078-05-1120", 182, 9), s("536228714", 183, 9), s("536-22 8714", 184, 9), s("Phone 1-536-22-8714", 185, 9)]
        return r
    }

    private static func rule7() -> RawRule {
        var r = RawRule(position: p(188, 5))
        r.id = s("jwt", 188, 9)
        r.description = s("JSON Web Token whose header and payload decode to JSON objects, the header with an alg.", 189, 18)
        r.detector = s("jwt", 190, 15)
        r.validate = [s("jwt", 191, 15)]
        r.category = s("secret", 192, 15)
        r.severity = s("block", 193, 15)
        r.tags = [s("token", 194, 12)]
        r.keywords = [s("eyJ", 195, 16)]
        r.examples = [s("Authorization: Bearer ↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.Ehh2FDEEtfjgVvVqE1SkHbn8x6kwXoIIXGvOoNZYW2m↓", 197, 9), s("token=↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.↓", 198, 9)]
        r.negativeExamples = [s("eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.c2ln", 200, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 alone", 201, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJub3QganNvbiBhdCBhbGwgISEh.sig", 202, 9)]
        return r
    }

    private static func rule8() -> RawRule {
        var r = RawRule(position: p(204, 5))
        r.id = s("aws.access_key", 204, 9)
        r.description = s("AWS access key id, and the 40-character secret access key after its label.", 205, 18)
        r.detector = s("aws.access_key", 206, 15)
        r.entropy = d(3.0, 207, 14)
        r.category = s("secret", 208, 15)
        r.severity = s("block", 209, 15)
        r.tags = [s("cloud", 210, 12), s("aws", 210, 19)]
        r.keywords = [s("AKIA", 211, 16), s("ASIA", 211, 22), s("ABIA", 211, 28), s("ACCA", 211, 34), s("A3T", 211, 40), s("secret_access_key", 211, 45), s("secret-access-key", 211, 64), s("secretaccesskey", 211, 83)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(213, 9))
                a.description = s("AWS documentation keys end in EXAMPLE", 213, 22)
                a.regexes = [s("EXAMPLE", 214, 19)]
                return a
            }(),
        ]
        r.examples = [s("aws_access_key_id = ↓AKIAB5WKH7DNSIPZZ7FK↓", 216, 9), s("export AWS_ACCESS_KEY_ID=↓ASIA4ZRI3R2WYOJFLJOO↓", 217, 9), s("aws_secret_access_key = ↓b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG↓", 218, 9)]
        r.negativeExamples = [s("aws_access_key_id = AKIAIOSFODNN7EXAMPLE", 220, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 221, 9), s("\"integrity\": \"sha512-Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7ZkuQ29uZ3JhdHM+kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp==\"", 222, 9), s("golang.org/x/text v0.3.7 h1:olpwvP2KacW1ZWvsR7uQhoyTYvKAupfQrRGBFM352Gk=", 223, 9), s("<img src=\"data:image/png;base64,kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGpDz/TddJ8HyS5SUkCnD8zRA9a9Skp\">", 224, 9), s("AKIAAAAAAAAAAAAAAAAA", 225, 9), s("AKIA1234567890123456", 226, 9), s("b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG without a label", 227, 9)]
        return r
    }

    private static func rule9() -> RawRule {
        var r = RawRule(position: p(229, 5))
        r.id = s("github.token", 229, 9)
        r.description = s("GitHub personal access, OAuth, app and refresh tokens.", 230, 18)
        r.detector = s("github.token", 231, 15)
        r.entropy = d(3.0, 232, 14)
        r.category = s("secret", 233, 15)
        r.severity = s("block", 234, 15)
        r.tags = [s("token", 235, 12), s("github", 235, 19)]
        r.keywords = [s("ghp_", 236, 16), s("gho_", 236, 22), s("ghu_", 236, 28), s("ghs_", 236, 34), s("ghr_", 236, 40), s("github_pat_", 236, 46)]
        r.examples = [s("GITHUB_TOKEN=↓ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d↓", 238, 9), s("oauth ↓gho_KLzdocJ2isAjIhKtJ0RlgLKOmxgJTeKdNnFR↓", 239, 9), s("↓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↓", 240, 9)]
        r.negativeExamples = [s("ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 242, 9), s("ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8 (35 characters)", 243, 9), s("ghx_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d", 244, 9)]
        return r
    }

    private static func rule10() -> RawRule {
        var r = RawRule(position: p(246, 5))
        r.id = s("slack.token", 246, 9)
        r.description = s("Slack bot, user and app tokens, and incoming webhook URLs.", 247, 18)
        r.detector = s("slack.token", 248, 15)
        r.entropy = d(3.0, 249, 14)
        r.category = s("secret", 250, 15)
        r.severity = s("block", 251, 15)
        r.tags = [s("token", 252, 12), s("slack", 252, 19)]
        r.keywords = [s("xox", 253, 16), s("hooks.slack.com", 253, 21)]
        r.examples = [s("SLACK_BOT_TOKEN=↓xoxb-9398671228-502018727951-Ehh2FDEEtfjgVvVqE1SkHbn8↓", 255, 9), s("https://hooks.slack.com/services/↓T8HxjSI6bW/BHtP3fS2qH/x6kwXoIIXGvOoNZYW2mZp0zV↓", 256, 9)]
        r.negativeExamples = [s("xoxb-your-token-here", 258, 9), s("xoxb-0000000000-0000000000-xxxxxxxxxxxxxxxxxxxxxxxx", 259, 9), s("https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", 260, 9), s("see hooks.slack.com/docs", 261, 9)]
        return r
    }

    private static func rule11() -> RawRule {
        var r = RawRule(position: p(263, 5))
        r.id = s("private_key", 263, 9)
        r.description = s("A private key block (PEM, OpenSSH, PGP), hidden from its header to its END line or the bottom of the screen.", 264, 18)
        r.detector = s("private_key", 265, 15)
        r.category = s("secret", 266, 15)
        r.severity = s("block", 267, 15)
        r.tags = [s("key", 268, 12)]
        r.keywords = [s("-----BEGIN", 269, 16)]
        r.examples = [s("$ cat id_rsa\n↓-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAz5r1pY4OjE2jBMptUsGr7CmY+uCu3ZR1zTOlUcR64cXQLioD\nhx2jIclHkCiHp6bR1IqfEouHgxzNNAL5wIScGebcy8F5n3/YNBDRzrZSgqbjG3uh\n-----END RSA PRIVATE KEY-----↓\n$ ls", 271, 9), s("↓-----BEGIN OPENSSH PRIVATE KEY-----\nkWKFLf6xuI5aHUQPFeNBTxaQWk8JzFalHlsZfYcMMDktXP/tKsf2rcDkdfrUnW5g↓", 278, 9), s("key: ↓-----BEGIN PGP PRIVATE KEY BLOCK-----↓", 281, 9)]
        r.negativeExamples = [s("-----BEGIN PUBLIC KEY-----", 283, 9), s("-----BEGIN CERTIFICATE-----", 284, 9), s("-----BEGIN private key-----", 285, 9), s("grep 'BEGIN RSA PRIVATE KEY' *.pem", 286, 9)]
        return r
    }

    private static func rule12() -> RawRule {
        var r = RawRule(position: p(288, 5))
        r.id = s("password.labelled", 288, 9)
        r.description = s("A value right of a password, secret, API key or token label, in English or Chinese.", 289, 18)
        r.detector = s("password.labelled", 290, 15)
        r.category = s("secret", 291, 15)
        r.severity = s("block", 292, 15)
        r.tags = [s("password", 293, 12)]
        r.keywords = [s("password", 294, 16), s("passwd", 294, 26), s("pwd", 294, 34), s("passcode", 294, 39), s("secret", 294, 49), s("apikey", 294, 57), s("api_key", 294, 65), s("api-key", 294, 74), s("token", 294, 83), s("密码", 294, 90), s("口令", 294, 94), s("密钥", 294, 98), s("私钥", 294, 102), s("令牌", 294, 106)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(296, 9))
                a.description = s("placeholders, variables and words that are not a password", 296, 22)
                a.regexes = [s("^\\$\\{[^}]*\\}$", 298, 13), s("^\\{\\{.*\\}\\}$", 299, 13), s("^\\$[A-Za-z_][A-Za-z0-9_]*$", 300, 13), s("^%[A-Za-z_]+%$", 301, 13), s("^<[^>]*>$", 302, 13), s("(?i)^(?:changeme|change_me|null|none|nil|true|false|undefined|required|optional|hidden|redacted|\\[redacted\\]|example|placeholder|x{4,})$", 303, 13)]
                return a
            }(),
        ]
        r.examples = [s("Password: ↓hunter22↓", 305, 9), s("密码：↓abc12345↓", 306, 9), s("DB_PASSWORD=↓s3cr3t-Pa55↓", 307, 9), s("api_key = ↓k3y-Valu3-9f8e↓", 308, 9), s("{\"password\": \"↓Tr0ub4dor&3↓\"}", 309, 9), s("userPassword: ↓correct-horse↓", 310, 9), s("支付密码 = ↓839201↓", 311, 9), s("令牌：↓令牌值九八七↓", 312, 9), s("access_token=↓7fd2c0a9e1b3&user=jo↓", 313, 9)]
        r.negativeExamples = [s("Password: ********", 315, 9), s("password: ${DB_PASSWORD}", 316, 9), s("secret: {{.Values.secret}}", 317, 9), s("token=$GITHUB_TOKEN", 318, 9), s("Password: changeme", 319, 9), s("passwordless: true", 320, 9), s("grep: /etc/passwd: Permission denied", 321, 9), s("Password: abc", 322, 9), s("Enter password:", 323, 9), s("密码：●●●●●●", 324, 9), s("tokens: 4096", 325, 9)]
        return r
    }

    private static func rule13() -> RawRule {
        var r = RawRule(position: p(328, 5))
        r.id = s("generic.entropy", 328, 9)
        r.description = s("A long random-looking string (base64 above 4.5 bits per character, hex above 3.0); block next to a key word.", 329, 18)
        r.detector = s("generic.entropy", 330, 15)
        r.category = s("secret", 331, 15)
        r.severity = s("warn", 332, 15)
        r.context = [s("key", 333, 15), s("secret", 333, 20), s("token", 333, 28), s("passw", 333, 35), s("auth", 333, 42), s("credential", 333, 48), s("bearer", 333, 60), s("api", 333, 68), s("private", 333, 73), s("session", 333, 82), s("cookie", 333, 91), s("密钥", 333, 99), s("令牌", 333, 103)]
        r.contextSeverity = s("block", 334, 22)
        r.tags = [s("entropy", 335, 12)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(337, 9))
                a.description = s("documentation keys and placeholders (AWS's …EXAMPLEKEY, sample, dummy)", 337, 22)
                a.regexes = [s("EXAMPLE", 338, 19), s("(?i)(?:sample|dummy|placeholder|changeme|xxxxxxxx)", 338, 30)]
                return a
            }(),
        ]
        r.examples = [s("blob ↓Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zku↓ end", 340, 9), s("SESSION=↓kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp↓", 341, 9), s("id ↓a8d41bed440e50454f31af3176813e02ea68ef78↓", 342, 9)]
        r.negativeExamples = [s("request 123e4567-e89b-12d3-a456-426614174000", 344, 9), s("commit a8d41bed440e50454f31af3176813e02ea68ef78", 345, 9), s("image sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", 346, 9), s("/usr/local/lib/node_modules/typescript/bin/tsc", 347, 9), s("abcdefghijklmnopqrstuvwxyz0123456789", 348, 9), s("https://github.com/veil/veil/blob/main/Sources/VeilRedaction/Model/Rule.swift", 349, 9), s("ThisIsAVeryLongIdentifierNameForSomething", 350, 9), s("--------------------------------------------", 351, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 352, 9)]
        return r
    }

    private static func rule14() -> RawRule {
        var r = RawRule(position: p(355, 5))
        r.id = s("url.credentials", 355, 9)
        r.description = s("The password in a URL with credentials (scheme://user:password@host).", 356, 18)
        r.regex = s("(?i)[a-z][a-z0-9+.-]*://[^\\s:/@]+:([^\\s/@]+)@[a-z0-9.-]+", 357, 12)
        r.secretGroup = i(1, 358, 18)
        r.keywords = [s("://", 359, 16)]
        r.category = s("secret", 360, 15)
        r.severity = s("block", 361, 15)
        r.enabled = b(false, 362, 14)
        r.examples = [s("postgres://app:↓Zq8-pw3d↓@db.internal:5432/app", 364, 9)]
        r.negativeExamples = [s("https://veil.dev/docs", 366, 9), s("ssh://git@github.com/veil/veil", 367, 9)]
        return r
    }

    private static func rule15() -> RawRule {
        var r = RawRule(position: p(369, 5))
        r.id = s("ipv4", 369, 9)
        r.description = s("IPv4 address.", 370, 18)
        r.regex = s("(?<![0-9.])(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}(?![0-9.])", 371, 12)
        r.keywords = [s(".", 372, 16)]
        r.category = s("pii", 373, 15)
        r.severity = s("warn", 374, 15)
        r.enabled = b(false, 375, 14)
        r.examples = [s("client ↓203.0.113.42↓ connected", 377, 9)]
        r.negativeExamples = [s("version 1.2.3", 379, 9), s("999.1.1.1", 380, 9)]
        return r
    }

    private static func rule16() -> RawRule {
        var r = RawRule(position: p(382, 5))
        r.id = s("mac.address", 382, 9)
        r.description = s("MAC address.", 383, 18)
        r.regex = s("(?i)(?<![0-9a-f:])(?:[0-9a-f]{2}[-\\:]){5}[0-9a-f]{2}(?![0-9a-f:])", 384, 12)
        r.category = s("pii", 385, 15)
        r.severity = s("warn", 386, 15)
        r.enabled = b(false, 387, 14)
        r.examples = [s("ether ↓3c:22:fb:7a:01:9e↓", 389, 9)]
        r.negativeExamples = [s("time 12:30:45", 391, 9)]
        return r
    }

    private static func rule17() -> RawRule {
        var r = RawRule(position: p(393, 5))
        r.id = s("btc.address", 393, 9)
        r.description = s("Bitcoin address (legacy base58 or bech32).", 394, 18)
        r.regex = s("(?<![A-Za-z0-9])(?:[13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[02-9ac-hj-np-z]{11,71})(?![A-Za-z0-9])", 395, 12)
        r.category = s("pii", 396, 15)
        r.severity = s("warn", 397, 15)
        r.enabled = b(false, 398, 14)
        r.examples = [s("pay to ↓bc1quauvt7txunf9zeu2qyrzv0pa5uvwjlq9a369s5↓", 400, 9)]
        r.negativeExamples = [s("order 1234567890", 402, 9)]
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
