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
        raw.rules = [rule0(), rule1(), rule2(), rule3(), rule4(), rule5(), rule6(), rule7(), rule8(), rule9(), rule10(), rule11(), rule12(), rule13(), rule14(), rule15(), rule16(), rule17(), rule18(), rule19(), rule20(), rule21(), rule22(), rule23(), rule24(), rule25(), rule26(), rule27(), rule28(), rule29(), rule30()]
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
        r.examples = [s("Card: ↓4111 1111 1111 1111↓  exp 12/29", 54, 9), s("MC ↓5555-5555-5555-4444↓", 55, 9), s("Mastercard 2-series ↓2221000000000009↓", 56, 9), s("Amex ↓3782 822463 10005↓", 57, 9), s("Discover ↓6011111111111117↓ JCB ↓3530 1113 3330 0000↓", 58, 9), s("Diners ↓3056 9309 0259 04↓", 59, 9), s("UnionPay 银联 ↓6212 3456 7890 1232↓", 60, 9), s("UnionPay 19 ↓6234567890123456780↓", 61, 9), s("卡号：↓6212 3456 7890 1231↓", 62, 9), s("付款卡↓4568123456789011↓已绑定", 63, 9), s("银行卡号 ↓628292194307155177↓", 64, 9), s("Maestro ↓6759 7862 0577 0328↓, Dankort ↓5019 0270 8177 9333↓", 65, 9), s("Mir ↓2200-6427-5158-3900↓", 66, 9), s("UATP ↓1855 89494 032781↓", 67, 9)]
        r.negativeExamples = [s("Card: 4111 1111 1111 1112  (wrong check digit)", 69, 9), s("Luhn-valid, no issuer: 1234 5678 9012 3452", 70, 9), s("Luhn-valid, no issuer: 9999999999999995", 71, 9), s("Mixed separators 4111-1111 1111-1111", 72, 9), s("Odd grouping 41 1111 1111 1111 11", 73, 9), s("Order #4000 1234 5678 9010 shipped", 74, 9), s("timestamp 1700000000000 ms", 75, 9), s("Ref 6212 3456 7890 1231 (UnionPay-like, failing Luhn, no context)", 76, 9), s("order id 4111111111111111111111", 77, 9), s("version 4.1111111111111111", 78, 9), s("身份证号：628292194307155177（校验失败）", 79, 9), s("Luhn-valid, between Mir and Mastercard: 2205 5717 5233 5702", 80, 9), s("order 185589494032781 shipped (15 digits starting 1, bare)", 81, 9)]
        return r
    }

    private static func rule2() -> RawRule {
        var r = RawRule(position: p(83, 5))
        r.id = s("iban", 83, 9)
        r.name = s("IBAN", 84, 11)
        r.description = s("International bank account number with the country's length and a valid mod-97 check.", 85, 18)
        r.detector = s("iban", 86, 15)
        r.validate = [s("iban-mod97", 87, 15)]
        r.category = s("pii", 88, 15)
        r.severity = s("block", 89, 15)
        r.tags = [s("finance", 90, 12)]
        r.examples = [s("IBAN: ↓DE89 3704 0044 0532 0130 00↓", 92, 9), s("Pay to ↓GB29NWBK60161331926819↓ by Friday", 93, 9), s("↓FR14 2004 1010 0505 0001 3M02 606↓", 94, 9), s("账户 ↓NL91ABNA0417164300↓ 已验证", 95, 9), s("ES: ↓ES91 2100 0418 4502 0005 1332↓, CH: ↓CH93 0076 2011 6238 5295 7↓", 96, 9), s("IBAN ↓DE89-3704-0044-0532-0130-00↓", 97, 9)]
        r.negativeExamples = [s("IBAN: DE89 3704 0044 0532 0130 01 (wrong check digits)", 99, 9), s("DE89 3704 0044 0532 0130 (too short for DE)", 100, 9), s("XX89 3704 0044 0532 0130 00 (no such country)", 101, 9), s("Build DE123456789 shipped", 102, 9), s("de89370400440532013000", 103, 9), s("DE89-3704 0044-0532-0130-00 (mixed separators)", 104, 9)]
        return r
    }

    private static func rule3() -> RawRule {
        var r = RawRule(position: p(106, 5))
        r.id = s("email", 106, 9)
        r.name = s("E-mail address", 107, 11)
        r.description = s("E-mail address (reserved example domains, SSH addresses and @2x image names excepted).", 108, 18)
        r.detector = s("email", 109, 15)
        r.category = s("pii", 110, 15)
        r.severity = s("block", 111, 15)
        r.tags = [s("contact", 112, 12)]
        r.keywords = [s("@", 113, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(115, 9))
                a.description = s("reserved example and test domains (RFC 2606)", 115, 22)
                a.regexTarget = s("match", 116, 22)
                a.regexes = [s("(?i)@(?:[a-z0-9-]+\\.)*example\\.(?:com|net|org)$", 118, 13), s("(?i)\\.(?:test|example|invalid|localhost)$", 119, 13)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(120, 9))
                a.description = s("image assets such as icon@2x.png", 120, 22)
                a.regexTarget = s("match", 121, 22)
                a.regexes = [s("(?i)@[1-4]x\\.(?:png|jpe?g|gif|webp|pdf|svg)$", 122, 19)]
                return a
            }(),
        ]
        r.examples = [s("From: ↓jane.doe@acme-corp.io↓", 124, 9), s("联系邮箱：↓wang.fang+veil@mail.cn-north.net↓", 125, 9), s("<↓ops_team@veil-demo.dev↓>", 126, 9)]
        r.negativeExamples = [s("Contact user@example.com for help", 128, 9), s("ci@runner.test", 129, 9), s("git clone git@github.com:veil/veil.git", 130, 9), s("root@build-01.lan:~$ ls", 131, 9), s("Image AppIcon@2x.png", 132, 9), s("npm i left-pad@1.3.0", 133, 9), s("@scope/package", 134, 9)]
        return r
    }

    private static func rule4() -> RawRule {
        var r = RawRule(position: p(136, 5))
        r.id = s("phone.cn_mobile", 136, 9)
        r.name = s("Chinese mobile number", 137, 11)
        r.description = s("Chinese mobile number, 11 digits starting 13–19, optionally +86 and 3-4-4 groups.", 138, 18)
        r.detector = s("phone.cn_mobile", 139, 15)
        r.category = s("pii", 140, 15)
        r.severity = s("block", 141, 15)
        r.tags = [s("contact", 142, 12), s("china", 142, 21)]
        r.examples = [s("手机：↓13812345678↓", 144, 9), s("Call ↓+86 138 1234 5678↓", 145, 9), s("电话 ↓138-1234-5678↓ 张三", 146, 9), s("↓8619912345678↓", 147, 9)]
        r.negativeExamples = [s("12812345678 (second digit 2)", 149, 9), s("138123456789 (12 digits)", 150, 9), s("SN13812345678X", 151, 9), s("3.13812345678", 152, 9), s("total 1381234567", 153, 9)]
        return r
    }

    private static func rule5() -> RawRule {
        var r = RawRule(position: p(155, 5))
        r.id = s("phone.intl", 155, 9)
        r.name = s("Phone number", 156, 11)
        r.description = s("Phone number, international (+country code, 8–15 digits); North American and national forms (trunk prefix 0) only next to a phone word.", 157, 18)
        r.detector = s("phone.intl", 158, 15)
        r.category = s("pii", 159, 15)
        r.severity = s("warn", 160, 15)
        r.tags = [s("contact", 161, 12)]
        r.context = [s("phone", 162, 15), s("telephone", 162, 22), s("tel", 162, 33), s("mobile", 162, 38), s("cell", 162, 46), s("cellphone", 162, 52), s("fax", 162, 63), s("call", 162, 68), s("number", 162, 74), s("whatsapp", 162, 82), s("电话", 162, 92), s("手机", 162, 96), s("联系方式", 162, 100), s("联系", 162, 106), s("号码", 162, 110), s("致电", 162, 114)]
        r.examples = [s("Phone: ↓+1 415 555 0132↓", 164, 9), s("London ↓+44 20 7946 0958↓", 165, 9), s("Berlin ↓+49 (30) 901820↓", 166, 9), s("Tel: ↓(415) 555-0132↓", 167, 9), s("mobile ↓415.555.0132↓", 168, 9), s("call ↓1-800-555-0199↓", 169, 9), s("phone: ↓020 7946 0958↓", 170, 9), s("Tel. ↓030 901820↓, mobile ↓06 12 34 56 78↓", 171, 9), s("电话：↓010-6552 9988↓", 172, 9)]
        r.negativeExamples = [s("(415) 555-0132 items", 174, 9), s("220.243.215.224 8855", 175, 9), s("Booked the hotel, ref 415 555 0132", 176, 9), s("settings 020 7946 0958", 177, 9), s("+1 2 3", 178, 9), s("version 1.2.3.4567890", 179, 9), s("+12  34  56  78  90", 180, 9), s("Total: +12.50", 181, 9), s("2024-01-15 10:30:00", 182, 9)]
        return r
    }

    private static func rule6() -> RawRule {
        var r = RawRule(position: p(184, 5))
        r.id = s("us.ssn", 184, 9)
        r.name = s("US social security number", 185, 11)
        r.description = s("US social security number in valid ranges; the bare 9-digit form only next to an SSN word.", 186, 18)
        r.detector = s("us.ssn", 187, 15)
        r.validate = [s("ssn", 188, 15)]
        r.category = s("pii", 189, 15)
        r.severity = s("block", 190, 15)
        r.tags = [s("identity", 191, 12), s("us", 191, 22)]
        r.context = [s("ssn", 192, 15), s("social security", 192, 20), s("social sec", 192, 37), s("taxpayer", 192, 49), s("tin", 192, 59)]
        r.examples = [s("SSN: ↓536-22-8714↓", 194, 9), s("Employee ↓412 73 5520↓ onboarding", 195, 9), s("Social Security No. ↓536228714↓", 196, 9)]
        r.negativeExamples = [s("000-12-3456", 198, 9), s("666-12-3456", 199, 9), s("912-34-5678", 200, 9), s("536-00-8714", 201, 9), s("536-22-0000", 202, 9), s("078-05-1120", 203, 9), s("536228714", 204, 9), s("536-22 8714", 205, 9), s("Phone 1-536-22-8714", 206, 9)]
        return r
    }

    private static func rule7() -> RawRule {
        var r = RawRule(position: p(209, 5))
        r.id = s("jwt", 209, 9)
        r.name = s("JSON Web Token", 210, 11)
        r.description = s("A JSON Web Token whose header and payload decode to JSON objects and whose header names an algorithm (alg).", 211, 18)
        r.detector = s("jwt", 212, 15)
        r.validate = [s("jwt", 213, 15)]
        r.category = s("secret", 214, 15)
        r.severity = s("block", 215, 15)
        r.tags = [s("token", 216, 12)]
        r.keywords = [s("eyJ", 217, 16)]
        r.examples = [s("Authorization: Bearer ↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.Ehh2FDEEtfjgVvVqE1SkHbn8x6kwXoIIXGvOoNZYW2m↓", 219, 9), s("token=↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.↓", 220, 9)]
        r.negativeExamples = [s("eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.c2ln", 222, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 alone", 223, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJub3QganNvbiBhdCBhbGwgISEh.sig", 224, 9)]
        return r
    }

    private static func rule8() -> RawRule {
        var r = RawRule(position: p(226, 5))
        r.id = s("aws.access_key", 226, 9)
        r.name = s("AWS access key", 227, 11)
        r.description = s("AWS access key id, and the 40-character secret access key after its label.", 228, 18)
        r.detector = s("aws.access_key", 229, 15)
        r.category = s("secret", 230, 15)
        r.severity = s("block", 231, 15)
        r.tags = [s("cloud", 232, 12), s("aws", 232, 19)]
        r.keywords = [s("AKIA", 233, 16), s("ASIA", 233, 22), s("ABIA", 233, 28), s("ACCA", 233, 34), s("A3T", 233, 40), s("secret_access_key", 233, 45), s("secret-access-key", 233, 64), s("secretaccesskey", 233, 83)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(235, 9))
                a.description = s("AWS documentation keys end in EXAMPLE", 235, 22)
                a.regexes = [s("EXAMPLE", 236, 19)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(237, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 237, 22)
                a.regexes = [s("(.)\\1{5}", 239, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 240, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 241, 13)]
                return a
            }(),
        ]
        r.examples = [s("aws_access_key_id = ↓AKIAB5WKH7DNSIPZZ7FK↓", 243, 9), s("export AWS_ACCESS_KEY_ID=↓ASIA4ZRI3R2WYOJFLJOO↓", 244, 9), s("aws_secret_access_key = ↓b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG↓", 245, 9)]
        r.negativeExamples = [s("aws_access_key_id = AKIAIOSFODNN7EXAMPLE", 247, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 248, 9), s("\"integrity\": \"sha512-Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7ZkuQ29uZ3JhdHM+kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp==\"", 249, 9), s("golang.org/x/text v0.3.7 h1:olpwvP2KacW1ZWvsR7uQhoyTYvKAupfQrRGBFM352Gk=", 250, 9), s("<img src=\"data:image/png;base64,kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGpDz/TddJ8HyS5SUkCnD8zRA9a9Skp\">", 251, 9), s("AKIAAAAAAAAAAAAAAAAA", 252, 9), s("AKIA1234567890123456", 253, 9), s("AKIAZZZZZZZZZZZZZZZZ", 254, 9), s("b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG without a label", 255, 9)]
        return r
    }

    private static func rule9() -> RawRule {
        var r = RawRule(position: p(257, 5))
        r.id = s("github.token", 257, 9)
        r.name = s("GitHub token", 258, 11)
        r.description = s("GitHub personal access, OAuth, app and refresh tokens.", 259, 18)
        r.detector = s("github.token", 260, 15)
        r.category = s("secret", 261, 15)
        r.severity = s("block", 262, 15)
        r.tags = [s("token", 263, 12), s("github", 263, 19)]
        r.keywords = [s("ghp_", 264, 16), s("gho_", 264, 22), s("ghu_", 264, 28), s("ghs_", 264, 34), s("ghr_", 264, 40), s("github_pat_", 264, 46)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(266, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 266, 22)
                a.regexes = [s("(.)\\1{5}", 268, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 269, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 270, 13)]
                return a
            }(),
        ]
        r.examples = [s("GITHUB_TOKEN=↓ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d↓", 272, 9), s("oauth ↓gho_KLzdocJ2isAjIhKtJ0RlgLKOmxgJTeKdNnFR↓", 273, 9), s("↓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↓", 274, 9)]
        r.negativeExamples = [s("ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 276, 9), s("ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8 (35 characters)", 277, 9), s("ghx_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d", 278, 9)]
        return r
    }

    private static func rule10() -> RawRule {
        var r = RawRule(position: p(280, 5))
        r.id = s("slack.token", 280, 9)
        r.name = s("Slack token", 281, 11)
        r.description = s("Slack bot, user, app-level, configuration and refresh tokens, and incoming webhook URLs.", 282, 18)
        r.detector = s("slack.token", 283, 15)
        r.category = s("secret", 284, 15)
        r.severity = s("block", 285, 15)
        r.tags = [s("token", 286, 12), s("slack", 286, 19)]
        r.keywords = [s("xox", 287, 16), s("xapp-", 287, 21), s("hooks.slack.com", 287, 28)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(289, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 289, 22)
                a.regexes = [s("(.)\\1{5}", 291, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 292, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 293, 13)]
                return a
            }(),
        ]
        r.examples = [s("SLACK_BOT_TOKEN=↓xoxb-9398671228-502018727951-Ehh2FDEEtfjgVvVqE1SkHbn8↓", 295, 9), s("app token ↓xapp-1-A0PQ7RZW3KD-5140285937214-9b0d5c2e7f41a6b38d9e0c1f2a7b4d6e8c3f5a1b9d0e2c4f6a8b1d3e5f7a9c0b↓", 296, 9), s("rotating ↓xoxe.xoxp-1-Mi0yLTQ3NjgyNTQ4OTI2MS0zNzQ2MjE1ODk0MDg0LTg0NzI5NDc1NjE4My1hYjEyY2Q0NWVm↓", 297, 9), s("https://hooks.slack.com/services/↓T8HxjSI6bW/BHtP3fS2qH/x6kwXoIIXGvOoNZYW2mZp0zV↓", 298, 9)]
        r.negativeExamples = [s("xoxb-your-token-here", 300, 9), s("xoxb-0000000000-0000000000-xxxxxxxxxxxxxxxxxxxxxxxx", 301, 9), s("https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", 302, 9), s("see hooks.slack.com/docs", 303, 9), s("xapp-1-RANDOMSTRINGHERE-1234567890123-RANDOMSTRINGHERE", 304, 9), s("xoxp-xxxxxxxxxx-xxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxx", 305, 9)]
        return r
    }

    private static func rule11() -> RawRule {
        var r = RawRule(position: p(307, 5))
        r.id = s("gitlab.token", 307, 9)
        r.name = s("GitLab token", 308, 11)
        r.description = s("GitLab personal, project, group, deploy, runner, CI and trigger tokens (glpat-, glptt-, gldt-, glrt-, …).", 309, 18)
        r.detector = s("gitlab.token", 310, 15)
        r.category = s("secret", 311, 15)
        r.severity = s("block", 312, 15)
        r.tags = [s("token", 313, 12), s("cloud", 313, 19)]
        r.keywords = [s("glpat-", 314, 16), s("glptt-", 314, 24), s("gldt-", 314, 32), s("glrt-", 314, 39), s("glcbt-", 314, 46), s("glimt-", 314, 54), s("glagent-", 314, 62), s("gloas-", 314, 72), s("glsoat-", 314, 80), s("glffct-", 314, 89), s("glft-", 314, 98)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(316, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 316, 22)
                a.regexes = [s("(.)\\1{5}", 318, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 319, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 320, 13)]
                return a
            }(),
        ]
        r.examples = [s("GITLAB_TOKEN=↓glpat-vED5hJRaOvRTYZPNvS_I↓", 322, 9), s("runner ↓glrt-4k9GvvK9JkmW378D-Cn5↓", 323, 9)]
        r.negativeExamples = [s("glpat-xxxxxxxxxxxxxxxxxxxx", 325, 9), s("glpat-short", 326, 9), s("myglpat-vED5hJRaOvRTYZPNvS_I", 327, 9)]
        return r
    }

    private static func rule12() -> RawRule {
        var r = RawRule(position: p(329, 5))
        r.id = s("npm.token", 329, 9)
        r.name = s("npm access token", 330, 11)
        r.description = s("npm access token, npm_ and 36 characters ending in a CRC-32 checksum.", 331, 18)
        r.detector = s("npm.token", 332, 15)
        r.validate = [s("crc32-base62", 333, 15)]
        r.category = s("secret", 334, 15)
        r.severity = s("block", 335, 15)
        r.tags = [s("token", 336, 12), s("cloud", 336, 19)]
        r.keywords = [s("npm_", 337, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(339, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 339, 22)
                a.regexes = [s("(.)\\1{5}", 341, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 342, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 343, 13)]
                return a
            }(),
        ]
        r.examples = [s("//registry.npmjs.org/:_authToken=↓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↓", 345, 9)]
        r.negativeExamples = [s("npm_38AibNyyurlGFb0EkjKWREhbiGjlvh2Wc8WG (checksum fails)", 347, 9), s("npm_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 348, 9)]
        return r
    }

    private static func rule13() -> RawRule {
        var r = RawRule(position: p(350, 5))
        r.id = s("pypi.token", 350, 9)
        r.name = s("PyPI API token", 351, 11)
        r.description = s("PyPI API token, pypi- and a macaroon issued by pypi.org or test.pypi.org.", 352, 18)
        r.detector = s("pypi.token", 353, 15)
        r.category = s("secret", 354, 15)
        r.severity = s("block", 355, 15)
        r.tags = [s("token", 356, 12), s("cloud", 356, 19)]
        r.keywords = [s("pypi-", 357, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(359, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 359, 22)
                a.regexes = [s("(.)\\1{5}", 361, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 362, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 363, 13)]
                return a
            }(),
        ]
        r.examples = [s("password = ↓pypi-AgEIcHlwaS5vcmcOHAUp0JTr9MSCEVqRVAsbDCkRLnlTFzhW5O35qfE1UVpoyHLJ6rvW5Zgb60kLCO5QS6j0K4i5ksuzQ076v-wPf2awmVHqscA5ujdXn6RJjw↓", 365, 9)]
        r.negativeExamples = [s("pypi-simple-index 3.2.1", 367, 9), s("pypi-AgEIcHlwaS5vcmc", 368, 9)]
        return r
    }

    private static func rule14() -> RawRule {
        var r = RawRule(position: p(370, 5))
        r.id = s("stripe.key", 370, 9)
        r.name = s("Stripe secret key", 371, 11)
        r.description = s("Stripe live secret and restricted keys (sk_live_, rk_live_) and webhook signing secrets (whsec_).", 372, 18)
        r.detector = s("stripe.key", 373, 15)
        r.category = s("secret", 374, 15)
        r.severity = s("block", 375, 15)
        r.tags = [s("token", 376, 12), s("cloud", 376, 19)]
        r.keywords = [s("sk_live_", 377, 16), s("rk_live_", 377, 26), s("whsec_", 377, 36)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(379, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 379, 22)
                a.regexes = [s("(.)\\1{5}", 381, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 382, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 383, 13)]
                return a
            }(),
        ]
        r.examples = [s("STRIPE_SECRET_KEY=↓sk_live_AI3Ao3pxTnHyf6t5YdIngBaV↓", 385, 9)]
        r.negativeExamples = [s("pk_live_AI3Ao3pxTnHyf6t5YdIngBaV (publishable)", 387, 9), s("sk_test_AI3Ao3pxTnHyf6t5YdIngBaV", 388, 9), s("sk_live_xxxxxxxxxxxxxxxxxxxxxxxx", 389, 9)]
        return r
    }

    private static func rule15() -> RawRule {
        var r = RawRule(position: p(391, 5))
        r.id = s("google.api_key", 391, 9)
        r.name = s("Google API key", 392, 11)
        r.description = s("Google API key, AIza and 35 characters.", 393, 18)
        r.detector = s("google.api_key", 394, 15)
        r.category = s("secret", 395, 15)
        r.severity = s("block", 396, 15)
        r.tags = [s("token", 397, 12), s("cloud", 397, 19)]
        r.keywords = [s("AIza", 398, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(400, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 400, 22)
                a.regexes = [s("(.)\\1{5}", 402, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 403, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 404, 13)]
                return a
            }(),
        ]
        r.examples = [s("key=↓AIzad2AG2_B2TFu2aWo_C7VLotddxg7qACPVsOn↓", 406, 9)]
        r.negativeExamples = [s("AIzaSy (too short)", 408, 9)]
        return r
    }

    private static func rule16() -> RawRule {
        var r = RawRule(position: p(410, 5))
        r.id = s("azure.storage_key", 410, 9)
        r.name = s("Azure storage key", 411, 11)
        r.description = s("The account key of an Azure storage connection string (AccountKey=), or a Service Bus / Event Hubs shared access key.", 412, 18)
        r.detector = s("azure.storage_key", 413, 15)
        r.category = s("secret", 414, 15)
        r.severity = s("block", 415, 15)
        r.tags = [s("token", 416, 12), s("cloud", 416, 19), s("azure", 416, 26)]
        r.keywords = [s("accountkey=", 417, 16), s("sharedaccesskey=", 417, 29)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(419, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 419, 22)
                a.regexes = [s("(.)\\1{5}", 421, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 422, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 423, 13)]
                return a
            }(),
        ]
        r.examples = [s("DefaultEndpointsProtocol=https;AccountName=veil;AccountKey=↓NHV1/uTsnQTnSf1FP7H3WhjXqy+sr5QiI68SJxOSX9IZBr9w3C9FaDOxjtorMNXgiZH7cWci2noZ3xzQPefhQw==↓;EndpointSuffix=core.windows.net", 425, 9)]
        r.negativeExamples = [s("AccountKey=<your-key>", 427, 9), s("AccountKey=NHV1/uTsnQTnSf1FP7H3WhjXqy+sr5QiI68SJxOSX9IZBr9w3C9Fa (too short)", 428, 9)]
        return r
    }

    private static func rule17() -> RawRule {
        var r = RawRule(position: p(430, 5))
        r.id = s("openai.key", 430, 9)
        r.name = s("OpenAI-style API key", 431, 11)
        r.description = s("OpenAI-style secret key (sk-proj-, sk-svcacct-, sk-admin-), or sk- and 32 or more letters and digits.", 432, 18)
        r.detector = s("openai.key", 433, 15)
        r.category = s("secret", 434, 15)
        r.severity = s("block", 435, 15)
        r.tags = [s("token", 436, 12), s("cloud", 436, 19)]
        r.keywords = [s("sk-", 437, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(439, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 439, 22)
                a.regexes = [s("(.)\\1{5}", 441, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 442, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 443, 13)]
                return a
            }(),
        ]
        r.examples = [s("OPENAI_API_KEY=↓sk-proj-ZhNX2xGqc-fQ7ZvqsP3CCT-nKEBJMhw5k62rOjlqnFCraP-c0YsHh47lft6z↓", 445, 9), s("↓sk-t9qrnRBBtGaprBPhLERW0CbvaQqrpxCCduFxFv3il5Qf5ORr↓", 446, 9)]
        r.negativeExamples = [s("git checkout risk-assessment-flow-v2-final-version", 448, 9), s("sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 449, 9), s("task-runner-2024-08-01-release-candidate-build", 450, 9)]
        return r
    }

    private static func rule18() -> RawRule {
        var r = RawRule(position: p(452, 5))
        r.id = s("anthropic.key", 452, 9)
        r.name = s("Anthropic API key", 453, 11)
        r.description = s("Anthropic API and admin key, sk-ant- and 80 or more characters.", 454, 18)
        r.detector = s("anthropic.key", 455, 15)
        r.category = s("secret", 456, 15)
        r.severity = s("block", 457, 15)
        r.tags = [s("token", 458, 12), s("cloud", 458, 19)]
        r.keywords = [s("sk-ant-", 459, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(461, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 461, 22)
                a.regexes = [s("(.)\\1{5}", 463, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 464, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 465, 13)]
                return a
            }(),
        ]
        r.examples = [s("x-api-key: ↓sk-ant-api03-M5dcJjWpwIqulpwIKak99neEC7C6JYMiznF6ytTBURaHyx49wQOmCb5k5pbS2Sd6CRSH2D6oqM79_O36jKkv_0GhTnrU-AA↓", 467, 9)]
        r.negativeExamples = [s("sk-ant-api03-short", 469, 9)]
        return r
    }

    private static func rule19() -> RawRule {
        var r = RawRule(position: p(471, 5))
        r.id = s("twilio.key", 471, 9)
        r.name = s("Twilio SID", 472, 11)
        r.description = s("Twilio account SID and API key SID, AC or SK and 32 lowercase hex digits (the auth token and key secret beside them are found by their labels).", 473, 18)
        r.detector = s("twilio.key", 474, 15)
        r.category = s("secret", 475, 15)
        r.severity = s("block", 476, 15)
        r.tags = [s("token", 477, 12), s("cloud", 477, 19)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(479, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 479, 22)
                a.regexes = [s("(.)\\1{5}", 481, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 482, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 483, 13)]
                return a
            }(),
        ]
        r.examples = [s("TWILIO_API_KEY=↓SK7e8df33809cd89bf6e31c021f6b75d27↓", 485, 9)]
        r.negativeExamples = [s("SKU 1234 in stock; ACME-CORP", 487, 9), s("SK7E8DF33809CD89BF6E31C021F6B75D27", 488, 9)]
        return r
    }

    private static func rule20() -> RawRule {
        var r = RawRule(position: p(490, 5))
        r.id = s("sendgrid.key", 490, 9)
        r.name = s("SendGrid API key", 491, 11)
        r.description = s("SendGrid API key, SG., 22 characters, a dot and 43 characters.", 492, 18)
        r.detector = s("sendgrid.key", 493, 15)
        r.category = s("secret", 494, 15)
        r.severity = s("block", 495, 15)
        r.tags = [s("token", 496, 12), s("cloud", 496, 19)]
        r.keywords = [s("SG.", 497, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(499, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 499, 22)
                a.regexes = [s("(.)\\1{5}", 501, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 502, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 503, 13)]
                return a
            }(),
        ]
        r.examples = [s("SENDGRID_API_KEY=↓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↓", 505, 9)]
        r.negativeExamples = [s("SG.Server.Config.Default", 507, 9)]
        return r
    }

    private static func rule21() -> RawRule {
        var r = RawRule(position: p(509, 5))
        r.id = s("dockerhub.token", 509, 9)
        r.name = s("Docker Hub access token", 510, 11)
        r.description = s("Docker Hub personal and organization access token (dckr_pat_, dckr_oat_).", 511, 18)
        r.detector = s("dockerhub.token", 512, 15)
        r.category = s("secret", 513, 15)
        r.severity = s("block", 514, 15)
        r.tags = [s("token", 515, 12), s("cloud", 515, 19)]
        r.keywords = [s("dckr_", 516, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(518, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 518, 22)
                a.regexes = [s("(.)\\1{5}", 520, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 521, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 522, 13)]
                return a
            }(),
        ]
        r.examples = [s("docker login -u veil -p ↓dckr_pat_fIoGCo16wEn4XR2ayVcLCrR9QCr↓", 524, 9)]
        r.negativeExamples = [s("dckr_pat_short", 526, 9)]
        return r
    }

    private static func rule22() -> RawRule {
        var r = RawRule(position: p(528, 5))
        r.id = s("huggingface.token", 528, 9)
        r.name = s("Hugging Face token", 529, 11)
        r.description = s("Hugging Face user and organization token, hf_ or api_org_ and 34 letters and digits.", 530, 18)
        r.detector = s("huggingface.token", 531, 15)
        r.category = s("secret", 532, 15)
        r.severity = s("block", 533, 15)
        r.tags = [s("token", 534, 12), s("cloud", 534, 19)]
        r.keywords = [s("hf_", 535, 16), s("api_org_", 535, 21)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(537, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 537, 22)
                a.regexes = [s("(.)\\1{5}", 539, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 540, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 541, 13)]
                return a
            }(),
        ]
        r.examples = [s("HF_TOKEN=↓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↓", 543, 9)]
        r.negativeExamples = [s("hf_hub_download(repo_id=\"bert-base-uncased\")", 545, 9), s("hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 546, 9)]
        return r
    }

    private static func rule23() -> RawRule {
        var r = RawRule(position: p(548, 5))
        r.id = s("vault.token", 548, 9)
        r.name = s("HashiCorp Vault token", 549, 11)
        r.description = s("HashiCorp Vault service, batch and recovery token (hvs., hvb., hvr.).", 550, 18)
        r.detector = s("vault.token", 551, 15)
        r.category = s("secret", 552, 15)
        r.severity = s("block", 553, 15)
        r.tags = [s("token", 554, 12), s("cloud", 554, 19)]
        r.keywords = [s("hvs.", 555, 16), s("hvb.", 555, 22), s("hvr.", 555, 28)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(557, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 557, 22)
                a.regexes = [s("(.)\\1{5}", 559, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 560, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 561, 13)]
                return a
            }(),
        ]
        r.examples = [s("VAULT_TOKEN=↓hvs.vQLYDPbr7D1YtQHBEbxgXE1J↓", 563, 9)]
        r.negativeExamples = [s("hvs.short", 565, 9)]
        return r
    }

    private static func rule24() -> RawRule {
        var r = RawRule(position: p(567, 5))
        r.id = s("url.credentials", 567, 9)
        r.name = s("Password in a URL", 568, 11)
        r.description = s("The password in a URL with credentials (scheme://user:password@host), such as a database URL.", 569, 18)
        r.detector = s("url.credentials", 570, 15)
        r.keywords = [s("://", 571, 16)]
        r.category = s("secret", 572, 15)
        r.severity = s("block", 573, 15)
        r.tags = [s("password", 574, 12), s("database", 574, 22)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(576, 9))
                a.description = s("placeholder: a documentation password or a variable", 576, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|pwd|secret|changeme|\\*+|x+|\\.\\.\\.)|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|<[^>]*>|\\{\\{.*\\}\\}|%[A-Za-z_]+%)$", 578, 13)]
                return a
            }(),
        ]
        r.examples = [s("postgres://app:↓Zq8-pw3d↓@db.internal:5432/app", 580, 9), s("DATABASE_URL=mysql://root:↓Tr0ub4dor-3x↓@127.0.0.1:3306/shop", 581, 9), s("redis://:↓p4ssW0rd7QzX↓@cache.internal:6379/0", 582, 9)]
        r.negativeExamples = [s("https://veil.dev/docs", 584, 9), s("ssh://git@github.com/veil/veil", 585, 9), s("postgres://user:password@localhost:5432/db", 586, 9), s("postgres://postgres:${POSTGRES_PASSWORD}@db:5432/app", 587, 9), s("https://veil.dev:443/docs@v2", 588, 9)]
        return r
    }

    private static func rule25() -> RawRule {
        var r = RawRule(position: p(590, 5))
        r.id = s("private_key", 590, 9)
        r.name = s("Private key", 591, 11)
        r.description = s("A private key block (PEM, OpenSSH, PGP), hidden from its header to its END line, or while the lines below it can be its body.", 592, 18)
        r.detector = s("private_key", 593, 15)
        r.category = s("secret", 594, 15)
        r.severity = s("block", 595, 15)
        r.tags = [s("key", 596, 12)]
        r.keywords = [s("-----BEGIN", 597, 16)]
        r.examples = [s("$ cat id_rsa\n↓-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAz5r1pY4OjE2jBMptUsGr7CmY+uCu3ZR1zTOlUcR64cXQLioD\nhx2jIclHkCiHp6bR1IqfEouHgxzNNAL5wIScGebcy8F5n3/YNBDRzrZSgqbjG3uh\n-----END RSA PRIVATE KEY-----↓\n$ ls", 599, 9), s("↓-----BEGIN OPENSSH PRIVATE KEY-----\nkWKFLf6xuI5aHUQPFeNBTxaQWk8JzFalHlsZfYcMMDktXP/tKsf2rcDkdfrUnW5g↓", 606, 9), s("key: ↓-----BEGIN PGP PRIVATE KEY BLOCK-----↓", 609, 9), s("key = \"↓-----BEGIN PRIVATE KEY----- MIIEvQIBADANBgkqhkiG9w0BAQEFAASC -----END PRIVATE KEY-----↓\" # one line", 610, 9), s("↓-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5xkFT7dPsSpDnoAoGCCqGSM49↓\nTotal: 3 files", 611, 9)]
        r.negativeExamples = [s("-----BEGIN PUBLIC KEY-----", 616, 9), s("-----BEGIN CERTIFICATE-----", 617, 9), s("-----BEGIN private key-----", 618, 9), s("grep 'BEGIN RSA PRIVATE KEY' *.pem", 619, 9)]
        return r
    }

    private static func rule26() -> RawRule {
        var r = RawRule(position: p(621, 5))
        r.id = s("password.labelled", 621, 9)
        r.name = s("Password", 622, 11)
        r.description = s("A value right of a password, secret, API key, token or credentials label (db_password, DB_PASS, client_secret, access_token, 密码…), after `:` `=` `:=` `=>` `==` a table cell's bar or `found:`.", 623, 18)
        r.detector = s("password.labelled", 624, 15)
        r.category = s("secret", 625, 15)
        r.severity = s("block", 626, 15)
        r.tags = [s("password", 627, 12)]
        r.keywords = [s("pass", 628, 16), s("pwd", 628, 22), s("secret", 628, 27), s("token", 628, 35), s("apikey", 628, 42), s("api_key", 628, 50), s("api-key", 628, 59), s("auth", 628, 68), s("creds", 628, 74), s("credential", 628, 81), s("private", 628, 93), s("密码", 628, 102), s("口令", 628, 106), s("密钥", 628, 110), s("私钥", 628, 114), s("令牌", 628, 118)]
        r.examples = [s("Password: ↓hunter22↓", 630, 9), s("密码：↓abc12345↓", 631, 9), s("DB_PASSWORD=↓s3cr3t-Pa55↓", 632, 9), s("api_key = ↓k3y-Valu3-9f8e↓", 633, 9), s("{\"password\": \"↓Tr0ub4dor&3↓\"}", 634, 9), s("userPassword: ↓correct-horse↓", 635, 9), s("支付密码 = ↓839201↓", 636, 9), s("令牌：↓令牌值九八七↓", 637, 9), s("access_token=↓7fd2c0a9e1b3&user=jo↓", 638, 9), s("db_password := ↓q7Rv-9wLm↓", 639, 9), s("'api_key' => '↓b5e1f0c9-live↓'", 640, 9), s("if password == \"↓Sw0rdf1sh!↓\":", 641, 9), s("SECRET_KEY_BASE=↓9f3ab21c7de4↓", 642, 9), s("DB_PASS=↓pg-Pa55w0rd↓", 643, 9), s("│ Password │ ↓hunter2↓ │", 644, 9), s("Password found: ↓pswd↓", 645, 9), s("client_secret: ↓Gx7-kQ2p-Lm9z↓", 646, 9)]
        r.negativeExamples = [s("Password: ********", 648, 9), s("password: ${DB_PASSWORD}", 649, 9), s("secret: {{.Values.secret}}", 650, 9), s("token=$GITHUB_TOKEN", 651, 9), s("password=$(pass show db/prod)", 652, 9), s("api_key: <your-api-key>", 653, 9), s("Password: changeme", 654, 9), s("passwordless: true", 655, 9), s("grep: /etc/passwd: Permission denied", 656, 9), s("Password: abc", 657, 9), s("Enter password:", 658, 9), s("密码：●●●●●●", 659, 9), s("tokens: 4096", 660, 9), s("publicToken: pk_9f8e7d6c5b4a", 661, 9), s("password: real_key", 662, 9), s("token_type: bearer", 663, 9), s("max_tokens=4096", 664, 9), s("[sudo] password for alice:", 665, 9)]
        return r
    }

    private static func rule27() -> RawRule {
        var r = RawRule(position: p(668, 5))
        r.id = s("generic.entropy", 668, 9)
        r.name = s("High-entropy string", 669, 11)
        r.description = s("A long random-looking string (base64 above 4.5 bits per character, hex above 3.0); block next to a key word.", 670, 18)
        r.detector = s("generic.entropy", 671, 15)
        r.category = s("secret", 672, 15)
        r.severity = s("warn", 673, 15)
        r.context = [s("key", 674, 15), s("secret", 674, 20), s("token", 674, 28), s("password", 674, 35), s("passwd", 674, 45), s("pwd", 674, 53), s("passphrase", 674, 58), s("auth", 674, 70), s("authorization", 674, 76), s("oauth", 674, 91), s("credential", 674, 98), s("bearer", 674, 110), s("api", 674, 118), s("apikey", 674, 123), s("accesskey", 674, 131), s("secretkey", 674, 142), s("privatekey", 674, 153), s("private", 674, 165), s("session", 674, 174), s("cookie", 674, 183), s("密钥", 674, 191), s("令牌", 674, 195)]
        r.contextSeverity = s("block", 675, 22)
        r.tags = [s("entropy", 676, 12)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(678, 9))
                a.description = s("documentation keys and placeholders (AWS's …EXAMPLEKEY, sample, dummy)", 678, 22)
                a.regexes = [s("EXAMPLE", 679, 19), s("(?i)(?:sample|dummy|placeholder|changeme|xxxxxxxx)", 679, 30)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(680, 9))
                a.description = s("public by design (Stripe publishable keys pk_live_, pk_test_; SSH public keys, the base64 of ssh-rsa, ssh-ed25519, ecdsa-sha2-…)", 680, 22)
                a.regexes = [s("^(?:pk_(?:live|test)_[A-Za-z0-9]+$|AAAA(?:B3NzaC1yc2E|C3NzaC1lZDI1NTE5|E2VjZHNhLXNoYTIt|B3NzaC1kc3M))", 681, 19)]
                return a
            }(),
        ]
        r.examples = [s("blob ↓Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zku↓ end", 683, 9), s("SESSION=↓kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp↓", 684, 9), s("id ↓a8d41bed440e50454f31af3176813e02ea68ef78↓", 685, 9)]
        r.negativeExamples = [s("request 123e4567-e89b-12d3-a456-426614174000", 687, 9), s("commit a8d41bed440e50454f31af3176813e02ea68ef78", 688, 9), s("image sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", 689, 9), s("/usr/local/lib/node_modules/typescript/bin/tsc", 690, 9), s("abcdefghijklmnopqrstuvwxyz0123456789", 691, 9), s("https://github.com/veil/veil/blob/main/Sources/VeilRedaction/Model/Rule.swift", 692, 9), s("ThisIsAVeryLongIdentifierNameForSomething", 693, 9), s("--------------------------------------------", 694, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 695, 9), s("publishable pk_live_4eC39HqLyjWDarjtT1zdp7dcXq2Rm8Zv", 696, 9), s("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl jane@laptop", 697, 9)]
        return r
    }

    private static func rule28() -> RawRule {
        var r = RawRule(position: p(701, 5))
        r.id = s("ipv4", 701, 9)
        r.name = s("IPv4 address", 702, 11)
        r.description = s("IPv4 address.", 703, 18)
        r.regex = s("(?<![0-9.])(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}(?![0-9.])", 704, 12)
        r.keywords = [s(".", 705, 16)]
        r.category = s("pii", 706, 15)
        r.severity = s("warn", 707, 15)
        r.enabled = b(false, 708, 14)
        r.examples = [s("client ↓203.0.113.42↓ connected", 710, 9)]
        r.negativeExamples = [s("version 1.2.3", 712, 9), s("999.1.1.1", 713, 9)]
        return r
    }

    private static func rule29() -> RawRule {
        var r = RawRule(position: p(715, 5))
        r.id = s("mac.address", 715, 9)
        r.name = s("MAC address", 716, 11)
        r.description = s("MAC address.", 717, 18)
        r.regex = s("(?i)(?<![0-9a-f:])(?:[0-9a-f]{2}[-\\:]){5}[0-9a-f]{2}(?![0-9a-f:])", 718, 12)
        r.category = s("pii", 719, 15)
        r.severity = s("warn", 720, 15)
        r.enabled = b(false, 721, 14)
        r.examples = [s("ether ↓3c:22:fb:7a:01:9e↓", 723, 9)]
        r.negativeExamples = [s("time 12:30:45", 725, 9)]
        return r
    }

    private static func rule30() -> RawRule {
        var r = RawRule(position: p(727, 5))
        r.id = s("btc.address", 727, 9)
        r.name = s("Bitcoin address", 728, 11)
        r.description = s("Bitcoin address (legacy base58 or bech32).", 729, 18)
        r.regex = s("(?<![A-Za-z0-9])(?:[13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[02-9ac-hj-np-z]{11,71})(?![A-Za-z0-9])", 730, 12)
        r.category = s("pii", 731, 15)
        r.severity = s("warn", 732, 15)
        r.enabled = b(false, 733, 14)
        r.examples = [s("pay to ↓bc1quauvt7txunf9zeu2qyrzv0pa5uvwjlq9a369s5↓", 735, 9)]
        r.negativeExamples = [s("order 1234567890", 737, 9)]
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
