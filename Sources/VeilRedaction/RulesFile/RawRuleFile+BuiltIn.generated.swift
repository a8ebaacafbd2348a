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
        r.description = s("Phone number, international (+country code, 8–15 digits) or North American (415) 555-0132; other North American and national forms (trunk prefix 0) only next to a phone word.", 157, 18)
        r.detector = s("phone.intl", 158, 15)
        r.category = s("pii", 159, 15)
        r.severity = s("warn", 160, 15)
        r.tags = [s("contact", 161, 12)]
        r.context = [s("phone", 162, 15), s("telephone", 162, 22), s("tel", 162, 33), s("mobile", 162, 38), s("cell", 162, 46), s("cellphone", 162, 52), s("fax", 162, 63), s("call", 162, 68), s("contact", 162, 74), s("number", 162, 83), s("whatsapp", 162, 91), s("电话", 162, 101), s("手机", 162, 105), s("联系方式", 162, 109), s("联系", 162, 115), s("号码", 162, 119), s("致电", 162, 123)]
        r.examples = [s("Phone: ↓+1 415 555 0132↓", 164, 9), s("London ↓+44 20 7946 0958↓", 165, 9), s("Berlin ↓+49 (30) 901820↓", 166, 9), s("Tel: ↓(415) 555-0132↓", 167, 9), s("mobile ↓415.555.0132↓", 168, 9), s("Reach me at ↓(415) 555-0132↓", 169, 9), s("call ↓1-800-555-0199↓", 170, 9), s("phone: ↓020 7946 0958↓", 171, 9), s("Tel. ↓030 901820↓, mobile ↓06 12 34 56 78↓", 172, 9), s("电话：↓010-6552 9988↓", 173, 9)]
        r.negativeExamples = [s("ext 415 555 0132", 175, 9), s("220.243.215.224 8855", 176, 9), s("Booked the hotel, ref 415 555 0132", 177, 9), s("settings 020 7946 0958", 178, 9), s("+1 2 3", 179, 9), s("version 1.2.3.4567890", 180, 9), s("+12  34  56  78  90", 181, 9), s("Total: +12.50", 182, 9), s("2024-01-15 10:30:00", 183, 9)]
        return r
    }

    private static func rule6() -> RawRule {
        var r = RawRule(position: p(185, 5))
        r.id = s("us.ssn", 185, 9)
        r.name = s("US social security number", 186, 11)
        r.description = s("US social security number in valid ranges; the bare 9-digit form only next to an SSN word.", 187, 18)
        r.detector = s("us.ssn", 188, 15)
        r.validate = [s("ssn", 189, 15)]
        r.category = s("pii", 190, 15)
        r.severity = s("block", 191, 15)
        r.tags = [s("identity", 192, 12), s("us", 192, 22)]
        r.context = [s("ssn", 193, 15), s("social security", 193, 20), s("social sec", 193, 37), s("taxpayer", 193, 49), s("tin", 193, 59)]
        r.examples = [s("SSN: ↓536-22-8714↓", 195, 9), s("Employee ↓412 73 5520↓ onboarding", 196, 9), s("Social Security No. ↓536228714↓", 197, 9)]
        r.negativeExamples = [s("000-12-3456", 199, 9), s("666-12-3456", 200, 9), s("912-34-5678", 201, 9), s("536-00-8714", 202, 9), s("536-22-0000", 203, 9), s("078-05-1120", 204, 9), s("536228714", 205, 9), s("536-22 8714", 206, 9), s("Phone 1-536-22-8714", 207, 9)]
        return r
    }

    private static func rule7() -> RawRule {
        var r = RawRule(position: p(210, 5))
        r.id = s("jwt", 210, 9)
        r.name = s("JSON Web Token", 211, 11)
        r.description = s("A JSON Web Token whose header and payload decode to JSON objects and whose header names an algorithm (alg).", 212, 18)
        r.detector = s("jwt", 213, 15)
        r.validate = [s("jwt", 214, 15)]
        r.category = s("secret", 215, 15)
        r.severity = s("block", 216, 15)
        r.tags = [s("token", 217, 12)]
        r.keywords = [s("eyJ", 218, 16)]
        r.examples = [s("Authorization: Bearer ↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.Ehh2FDEEtfjgVvVqE1SkHbn8x6kwXoIIXGvOoNZYW2m↓", 220, 9), s("token=↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.↓", 221, 9)]
        r.negativeExamples = [s("eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.c2ln", 223, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 alone", 224, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJub3QganNvbiBhdCBhbGwgISEh.sig", 225, 9)]
        return r
    }

    private static func rule8() -> RawRule {
        var r = RawRule(position: p(227, 5))
        r.id = s("aws.access_key", 227, 9)
        r.name = s("AWS access key", 228, 11)
        r.description = s("AWS access key id, and the 40-character secret access key after its label.", 229, 18)
        r.detector = s("aws.access_key", 230, 15)
        r.category = s("secret", 231, 15)
        r.severity = s("block", 232, 15)
        r.tags = [s("cloud", 233, 12), s("aws", 233, 19)]
        r.keywords = [s("AKIA", 234, 16), s("ASIA", 234, 22), s("ABIA", 234, 28), s("ACCA", 234, 34), s("A3T", 234, 40), s("secret_access_key", 234, 45), s("secret-access-key", 234, 64), s("secretaccesskey", 234, 83)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(236, 9))
                a.description = s("AWS documentation keys end in EXAMPLE", 236, 22)
                a.regexes = [s("EXAMPLE", 237, 19)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(238, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 238, 22)
                a.regexes = [s("(.)\\1{5}", 240, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 241, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 242, 13)]
                return a
            }(),
        ]
        r.examples = [s("aws_access_key_id = ↓AKIAB5WKH7DNSIPZZ7FK↓", 244, 9), s("export AWS_ACCESS_KEY_ID=↓ASIA4ZRI3R2WYOJFLJOO↓", 245, 9), s("aws_secret_access_key = ↓b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG↓", 246, 9)]
        r.negativeExamples = [s("aws_access_key_id = AKIAIOSFODNN7EXAMPLE", 248, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 249, 9), s("\"integrity\": \"sha512-Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7ZkuQ29uZ3JhdHM+kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp==\"", 250, 9), s("golang.org/x/text v0.3.7 h1:olpwvP2KacW1ZWvsR7uQhoyTYvKAupfQrRGBFM352Gk=", 251, 9), s("<img src=\"data:image/png;base64,kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGpDz/TddJ8HyS5SUkCnD8zRA9a9Skp\">", 252, 9), s("AKIAAAAAAAAAAAAAAAAA", 253, 9), s("AKIA1234567890123456", 254, 9), s("AKIAZZZZZZZZZZZZZZZZ", 255, 9), s("b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG without a label", 256, 9)]
        return r
    }

    private static func rule9() -> RawRule {
        var r = RawRule(position: p(258, 5))
        r.id = s("github.token", 258, 9)
        r.name = s("GitHub token", 259, 11)
        r.description = s("GitHub personal access, OAuth, app and refresh tokens.", 260, 18)
        r.detector = s("github.token", 261, 15)
        r.category = s("secret", 262, 15)
        r.severity = s("block", 263, 15)
        r.tags = [s("token", 264, 12), s("github", 264, 19)]
        r.keywords = [s("ghp_", 265, 16), s("gho_", 265, 22), s("ghu_", 265, 28), s("ghs_", 265, 34), s("ghr_", 265, 40), s("github_pat_", 265, 46)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(267, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 267, 22)
                a.regexes = [s("(.)\\1{5}", 269, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 270, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 271, 13)]
                return a
            }(),
        ]
        r.examples = [s("GITHUB_TOKEN=↓ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d↓", 273, 9), s("oauth ↓gho_KLzdocJ2isAjIhKtJ0RlgLKOmxgJTeKdNnFR↓", 274, 9), s("↓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↓", 275, 9)]
        r.negativeExamples = [s("ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 277, 9), s("ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8 (35 characters)", 278, 9), s("ghx_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d", 279, 9)]
        return r
    }

    private static func rule10() -> RawRule {
        var r = RawRule(position: p(281, 5))
        r.id = s("slack.token", 281, 9)
        r.name = s("Slack token", 282, 11)
        r.description = s("Slack bot, user, app-level, configuration and refresh tokens, and incoming webhook URLs.", 283, 18)
        r.detector = s("slack.token", 284, 15)
        r.category = s("secret", 285, 15)
        r.severity = s("block", 286, 15)
        r.tags = [s("token", 287, 12), s("slack", 287, 19)]
        r.keywords = [s("xox", 288, 16), s("xapp-", 288, 21), s("hooks.slack.com", 288, 28)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(290, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 290, 22)
                a.regexes = [s("(.)\\1{5}", 292, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 293, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 294, 13)]
                return a
            }(),
        ]
        r.examples = [s("SLACK_BOT_TOKEN=↓xoxb-9398671228-502018727951-Ehh2FDEEtfjgVvVqE1SkHbn8↓", 296, 9), s("app token ↓xapp-1-A0PQ7RZW3KD-5140285937214-9b0d5c2e7f41a6b38d9e0c1f2a7b4d6e8c3f5a1b9d0e2c4f6a8b1d3e5f7a9c0b↓", 297, 9), s("rotating ↓xoxe.xoxp-1-Mi0yLTQ3NjgyNTQ4OTI2MS0zNzQ2MjE1ODk0MDg0LTg0NzI5NDc1NjE4My1hYjEyY2Q0NWVm↓", 298, 9), s("https://hooks.slack.com/services/↓T8HxjSI6bW/BHtP3fS2qH/x6kwXoIIXGvOoNZYW2mZp0zV↓", 299, 9)]
        r.negativeExamples = [s("xoxb-your-token-here", 301, 9), s("xoxb-0000000000-0000000000-xxxxxxxxxxxxxxxxxxxxxxxx", 302, 9), s("https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", 303, 9), s("see hooks.slack.com/docs", 304, 9), s("xapp-1-RANDOMSTRINGHERE-1234567890123-RANDOMSTRINGHERE", 305, 9), s("xoxp-xxxxxxxxxx-xxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxx", 306, 9)]
        return r
    }

    private static func rule11() -> RawRule {
        var r = RawRule(position: p(308, 5))
        r.id = s("gitlab.token", 308, 9)
        r.name = s("GitLab token", 309, 11)
        r.description = s("GitLab personal, project, group, deploy, runner, CI and trigger tokens (glpat-, glptt-, gldt-, glrt-, …).", 310, 18)
        r.detector = s("gitlab.token", 311, 15)
        r.category = s("secret", 312, 15)
        r.severity = s("block", 313, 15)
        r.tags = [s("token", 314, 12), s("cloud", 314, 19)]
        r.keywords = [s("glpat-", 315, 16), s("glptt-", 315, 24), s("gldt-", 315, 32), s("glrt-", 315, 39), s("glcbt-", 315, 46), s("glimt-", 315, 54), s("glagent-", 315, 62), s("gloas-", 315, 72), s("glsoat-", 315, 80), s("glffct-", 315, 89), s("glft-", 315, 98)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(317, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 317, 22)
                a.regexes = [s("(.)\\1{5}", 319, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 320, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 321, 13)]
                return a
            }(),
        ]
        r.examples = [s("GITLAB_TOKEN=↓glpat-vED5hJRaOvRTYZPNvS_I↓", 323, 9), s("runner ↓glrt-4k9GvvK9JkmW378D-Cn5↓", 324, 9)]
        r.negativeExamples = [s("glpat-xxxxxxxxxxxxxxxxxxxx", 326, 9), s("glpat-short", 327, 9), s("myglpat-vED5hJRaOvRTYZPNvS_I", 328, 9)]
        return r
    }

    private static func rule12() -> RawRule {
        var r = RawRule(position: p(330, 5))
        r.id = s("npm.token", 330, 9)
        r.name = s("npm access token", 331, 11)
        r.description = s("npm access token, npm_ and 36 characters ending in a CRC-32 checksum.", 332, 18)
        r.detector = s("npm.token", 333, 15)
        r.validate = [s("crc32-base62", 334, 15)]
        r.category = s("secret", 335, 15)
        r.severity = s("block", 336, 15)
        r.tags = [s("token", 337, 12), s("cloud", 337, 19)]
        r.keywords = [s("npm_", 338, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(340, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 340, 22)
                a.regexes = [s("(.)\\1{5}", 342, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 343, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 344, 13)]
                return a
            }(),
        ]
        r.examples = [s("//registry.npmjs.org/:_authToken=↓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↓", 346, 9)]
        r.negativeExamples = [s("npm_38AibNyyurlGFb0EkjKWREhbiGjlvh2Wc8WG (checksum fails)", 348, 9), s("npm_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 349, 9)]
        return r
    }

    private static func rule13() -> RawRule {
        var r = RawRule(position: p(351, 5))
        r.id = s("pypi.token", 351, 9)
        r.name = s("PyPI API token", 352, 11)
        r.description = s("PyPI API token, pypi- and a macaroon issued by pypi.org or test.pypi.org.", 353, 18)
        r.detector = s("pypi.token", 354, 15)
        r.category = s("secret", 355, 15)
        r.severity = s("block", 356, 15)
        r.tags = [s("token", 357, 12), s("cloud", 357, 19)]
        r.keywords = [s("pypi-", 358, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(360, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 360, 22)
                a.regexes = [s("(.)\\1{5}", 362, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 363, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 364, 13)]
                return a
            }(),
        ]
        r.examples = [s("password = ↓pypi-AgEIcHlwaS5vcmcOHAUp0JTr9MSCEVqRVAsbDCkRLnlTFzhW5O35qfE1UVpoyHLJ6rvW5Zgb60kLCO5QS6j0K4i5ksuzQ076v-wPf2awmVHqscA5ujdXn6RJjw↓", 366, 9)]
        r.negativeExamples = [s("pypi-simple-index 3.2.1", 368, 9), s("pypi-AgEIcHlwaS5vcmc", 369, 9)]
        return r
    }

    private static func rule14() -> RawRule {
        var r = RawRule(position: p(371, 5))
        r.id = s("stripe.key", 371, 9)
        r.name = s("Stripe secret key", 372, 11)
        r.description = s("Stripe live secret and restricted keys (sk_live_, rk_live_) and webhook signing secrets (whsec_).", 373, 18)
        r.detector = s("stripe.key", 374, 15)
        r.category = s("secret", 375, 15)
        r.severity = s("block", 376, 15)
        r.tags = [s("token", 377, 12), s("cloud", 377, 19)]
        r.keywords = [s("sk_live_", 378, 16), s("rk_live_", 378, 26), s("whsec_", 378, 36)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(380, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 380, 22)
                a.regexes = [s("(.)\\1{5}", 382, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 383, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 384, 13)]
                return a
            }(),
        ]
        r.examples = [s("STRIPE_SECRET_KEY=↓sk_live_AI3Ao3pxTnHyf6t5YdIngBaV↓", 386, 9)]
        r.negativeExamples = [s("pk_live_AI3Ao3pxTnHyf6t5YdIngBaV (publishable)", 388, 9), s("sk_test_AI3Ao3pxTnHyf6t5YdIngBaV", 389, 9), s("sk_live_xxxxxxxxxxxxxxxxxxxxxxxx", 390, 9)]
        return r
    }

    private static func rule15() -> RawRule {
        var r = RawRule(position: p(392, 5))
        r.id = s("google.api_key", 392, 9)
        r.name = s("Google API key", 393, 11)
        r.description = s("Google API key, AIza and 35 characters.", 394, 18)
        r.detector = s("google.api_key", 395, 15)
        r.category = s("secret", 396, 15)
        r.severity = s("block", 397, 15)
        r.tags = [s("token", 398, 12), s("cloud", 398, 19)]
        r.keywords = [s("AIza", 399, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(401, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 401, 22)
                a.regexes = [s("(.)\\1{5}", 403, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 404, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 405, 13)]
                return a
            }(),
        ]
        r.examples = [s("key=↓AIzad2AG2_B2TFu2aWo_C7VLotddxg7qACPVsOn↓", 407, 9)]
        r.negativeExamples = [s("AIzaSy (too short)", 409, 9)]
        return r
    }

    private static func rule16() -> RawRule {
        var r = RawRule(position: p(411, 5))
        r.id = s("azure.storage_key", 411, 9)
        r.name = s("Azure storage key", 412, 11)
        r.description = s("The account key of an Azure storage connection string (AccountKey=), or a Service Bus / Event Hubs shared access key.", 413, 18)
        r.detector = s("azure.storage_key", 414, 15)
        r.category = s("secret", 415, 15)
        r.severity = s("block", 416, 15)
        r.tags = [s("token", 417, 12), s("cloud", 417, 19), s("azure", 417, 26)]
        r.keywords = [s("accountkey=", 418, 16), s("sharedaccesskey=", 418, 29)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(420, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 420, 22)
                a.regexes = [s("(.)\\1{5}", 422, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 423, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 424, 13)]
                return a
            }(),
        ]
        r.examples = [s("DefaultEndpointsProtocol=https;AccountName=veil;AccountKey=↓NHV1/uTsnQTnSf1FP7H3WhjXqy+sr5QiI68SJxOSX9IZBr9w3C9FaDOxjtorMNXgiZH7cWci2noZ3xzQPefhQw==↓;EndpointSuffix=core.windows.net", 426, 9)]
        r.negativeExamples = [s("AccountKey=<your-key>", 428, 9), s("AccountKey=NHV1/uTsnQTnSf1FP7H3WhjXqy+sr5QiI68SJxOSX9IZBr9w3C9Fa (too short)", 429, 9)]
        return r
    }

    private static func rule17() -> RawRule {
        var r = RawRule(position: p(431, 5))
        r.id = s("openai.key", 431, 9)
        r.name = s("OpenAI-style API key", 432, 11)
        r.description = s("OpenAI-style secret key (sk-proj-, sk-svcacct-, sk-admin-), or sk- and 32 or more letters and digits.", 433, 18)
        r.detector = s("openai.key", 434, 15)
        r.category = s("secret", 435, 15)
        r.severity = s("block", 436, 15)
        r.tags = [s("token", 437, 12), s("cloud", 437, 19)]
        r.keywords = [s("sk-", 438, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(440, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 440, 22)
                a.regexes = [s("(.)\\1{5}", 442, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 443, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 444, 13)]
                return a
            }(),
        ]
        r.examples = [s("OPENAI_API_KEY=↓sk-proj-ZhNX2xGqc-fQ7ZvqsP3CCT-nKEBJMhw5k62rOjlqnFCraP-c0YsHh47lft6z↓", 446, 9), s("↓sk-t9qrnRBBtGaprBPhLERW0CbvaQqrpxCCduFxFv3il5Qf5ORr↓", 447, 9)]
        r.negativeExamples = [s("git checkout risk-assessment-flow-v2-final-version", 449, 9), s("sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 450, 9), s("task-runner-2024-08-01-release-candidate-build", 451, 9)]
        return r
    }

    private static func rule18() -> RawRule {
        var r = RawRule(position: p(453, 5))
        r.id = s("anthropic.key", 453, 9)
        r.name = s("Anthropic API key", 454, 11)
        r.description = s("Anthropic API and admin key, sk-ant- and 80 or more characters.", 455, 18)
        r.detector = s("anthropic.key", 456, 15)
        r.category = s("secret", 457, 15)
        r.severity = s("block", 458, 15)
        r.tags = [s("token", 459, 12), s("cloud", 459, 19)]
        r.keywords = [s("sk-ant-", 460, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(462, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 462, 22)
                a.regexes = [s("(.)\\1{5}", 464, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 465, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 466, 13)]
                return a
            }(),
        ]
        r.examples = [s("x-api-key: ↓sk-ant-api03-M5dcJjWpwIqulpwIKak99neEC7C6JYMiznF6ytTBURaHyx49wQOmCb5k5pbS2Sd6CRSH2D6oqM79_O36jKkv_0GhTnrU-AA↓", 468, 9)]
        r.negativeExamples = [s("sk-ant-api03-short", 470, 9)]
        return r
    }

    private static func rule19() -> RawRule {
        var r = RawRule(position: p(472, 5))
        r.id = s("twilio.key", 472, 9)
        r.name = s("Twilio SID", 473, 11)
        r.description = s("Twilio account SID and API key SID, AC or SK and 32 lowercase hex digits.", 474, 18)
        r.detector = s("twilio.key", 475, 15)
        r.category = s("secret", 476, 15)
        r.severity = s("block", 477, 15)
        r.tags = [s("token", 478, 12), s("cloud", 478, 19)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(480, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 480, 22)
                a.regexes = [s("(.)\\1{5}", 482, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 483, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 484, 13)]
                return a
            }(),
        ]
        r.examples = [s("TWILIO_API_KEY=↓SK7e8df33809cd89bf6e31c021f6b75d27↓", 486, 9)]
        r.negativeExamples = [s("SKU 1234 in stock; ACME-CORP", 488, 9), s("SK7E8DF33809CD89BF6E31C021F6B75D27", 489, 9)]
        return r
    }

    private static func rule20() -> RawRule {
        var r = RawRule(position: p(491, 5))
        r.id = s("sendgrid.key", 491, 9)
        r.name = s("SendGrid API key", 492, 11)
        r.description = s("SendGrid API key, SG., 22 characters, a dot and 43 characters.", 493, 18)
        r.detector = s("sendgrid.key", 494, 15)
        r.category = s("secret", 495, 15)
        r.severity = s("block", 496, 15)
        r.tags = [s("token", 497, 12), s("cloud", 497, 19)]
        r.keywords = [s("SG.", 498, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(500, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 500, 22)
                a.regexes = [s("(.)\\1{5}", 502, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 503, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 504, 13)]
                return a
            }(),
        ]
        r.examples = [s("SENDGRID_API_KEY=↓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↓", 506, 9)]
        r.negativeExamples = [s("SG.Server.Config.Default", 508, 9)]
        return r
    }

    private static func rule21() -> RawRule {
        var r = RawRule(position: p(510, 5))
        r.id = s("dockerhub.token", 510, 9)
        r.name = s("Docker Hub access token", 511, 11)
        r.description = s("Docker Hub personal and organization access token (dckr_pat_, dckr_oat_).", 512, 18)
        r.detector = s("dockerhub.token", 513, 15)
        r.category = s("secret", 514, 15)
        r.severity = s("block", 515, 15)
        r.tags = [s("token", 516, 12), s("cloud", 516, 19)]
        r.keywords = [s("dckr_", 517, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(519, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 519, 22)
                a.regexes = [s("(.)\\1{5}", 521, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 522, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 523, 13)]
                return a
            }(),
        ]
        r.examples = [s("docker login -u veil -p ↓dckr_pat_fIoGCo16wEn4XR2ayVcLCrR9QCr↓", 525, 9)]
        r.negativeExamples = [s("dckr_pat_short", 527, 9)]
        return r
    }

    private static func rule22() -> RawRule {
        var r = RawRule(position: p(529, 5))
        r.id = s("huggingface.token", 529, 9)
        r.name = s("Hugging Face token", 530, 11)
        r.description = s("Hugging Face user and organization token, hf_ or api_org_ and 34 letters and digits.", 531, 18)
        r.detector = s("huggingface.token", 532, 15)
        r.category = s("secret", 533, 15)
        r.severity = s("block", 534, 15)
        r.tags = [s("token", 535, 12), s("cloud", 535, 19)]
        r.keywords = [s("hf_", 536, 16), s("api_org_", 536, 21)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(538, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 538, 22)
                a.regexes = [s("(.)\\1{5}", 540, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 541, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 542, 13)]
                return a
            }(),
        ]
        r.examples = [s("HF_TOKEN=↓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↓", 544, 9)]
        r.negativeExamples = [s("hf_hub_download(repo_id=\"bert-base-uncased\")", 546, 9), s("hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 547, 9)]
        return r
    }

    private static func rule23() -> RawRule {
        var r = RawRule(position: p(549, 5))
        r.id = s("vault.token", 549, 9)
        r.name = s("HashiCorp Vault token", 550, 11)
        r.description = s("HashiCorp Vault service, batch and recovery token (hvs., hvb., hvr.).", 551, 18)
        r.detector = s("vault.token", 552, 15)
        r.category = s("secret", 553, 15)
        r.severity = s("block", 554, 15)
        r.tags = [s("token", 555, 12), s("cloud", 555, 19)]
        r.keywords = [s("hvs.", 556, 16), s("hvb.", 556, 22), s("hvr.", 556, 28)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(558, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 558, 22)
                a.regexes = [s("(.)\\1{5}", 560, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 561, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 562, 13)]
                return a
            }(),
        ]
        r.examples = [s("VAULT_TOKEN=↓hvs.vQLYDPbr7D1YtQHBEbxgXE1J↓", 564, 9)]
        r.negativeExamples = [s("hvs.short", 566, 9)]
        return r
    }

    private static func rule24() -> RawRule {
        var r = RawRule(position: p(568, 5))
        r.id = s("url.credentials", 568, 9)
        r.name = s("Password in a URL", 569, 11)
        r.description = s("The password in a URL with credentials (scheme://user:password@host), such as a database URL.", 570, 18)
        r.detector = s("url.credentials", 571, 15)
        r.keywords = [s("://", 572, 16)]
        r.category = s("secret", 573, 15)
        r.severity = s("block", 574, 15)
        r.tags = [s("password", 575, 12), s("database", 575, 22)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(577, 9))
                a.description = s("placeholder: a documentation password or a variable", 577, 22)
                a.regexes = [s("(?i)^(?:pass|passwd|password|pwd|secret|changeme|\\*+|x+|\\.\\.\\.)$", 579, 13), s("^\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?$", 580, 13), s("^<[^>]*>$", 581, 13), s("^\\{\\{.*\\}\\}$", 582, 13), s("^%[A-Za-z_]+%$", 583, 13)]
                return a
            }(),
        ]
        r.examples = [s("postgres://app:↓Zq8-pw3d↓@db.internal:5432/app", 585, 9), s("DATABASE_URL=mysql://root:↓Tr0ub4dor-3x↓@127.0.0.1:3306/shop", 586, 9), s("redis://:↓p4ssW0rd7QzX↓@cache.internal:6379/0", 587, 9)]
        r.negativeExamples = [s("https://veil.dev/docs", 589, 9), s("ssh://git@github.com/veil/veil", 590, 9), s("postgres://user:password@localhost:5432/db", 591, 9), s("postgres://postgres:${POSTGRES_PASSWORD}@db:5432/app", 592, 9), s("https://veil.dev:443/docs@v2", 593, 9)]
        return r
    }

    private static func rule25() -> RawRule {
        var r = RawRule(position: p(595, 5))
        r.id = s("private_key", 595, 9)
        r.name = s("Private key", 596, 11)
        r.description = s("A private key block (PEM, OpenSSH, PGP), hidden from its header to its END line or the bottom of the screen.", 597, 18)
        r.detector = s("private_key", 598, 15)
        r.category = s("secret", 599, 15)
        r.severity = s("block", 600, 15)
        r.tags = [s("key", 601, 12)]
        r.keywords = [s("-----BEGIN", 602, 16)]
        r.examples = [s("$ cat id_rsa\n↓-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAz5r1pY4OjE2jBMptUsGr7CmY+uCu3ZR1zTOlUcR64cXQLioD\nhx2jIclHkCiHp6bR1IqfEouHgxzNNAL5wIScGebcy8F5n3/YNBDRzrZSgqbjG3uh\n-----END RSA PRIVATE KEY-----↓\n$ ls", 604, 9), s("↓-----BEGIN OPENSSH PRIVATE KEY-----\nkWKFLf6xuI5aHUQPFeNBTxaQWk8JzFalHlsZfYcMMDktXP/tKsf2rcDkdfrUnW5g↓", 611, 9), s("key: ↓-----BEGIN PGP PRIVATE KEY BLOCK-----↓", 614, 9)]
        r.negativeExamples = [s("-----BEGIN PUBLIC KEY-----", 616, 9), s("-----BEGIN CERTIFICATE-----", 617, 9), s("-----BEGIN private key-----", 618, 9), s("grep 'BEGIN RSA PRIVATE KEY' *.pem", 619, 9)]
        return r
    }

    private static func rule26() -> RawRule {
        var r = RawRule(position: p(621, 5))
        r.id = s("password.labelled", 621, 9)
        r.name = s("Password", 622, 11)
        r.description = s("A value right of a password, secret, API key or token label, in English or Chinese.", 623, 18)
        r.detector = s("password.labelled", 624, 15)
        r.category = s("secret", 625, 15)
        r.severity = s("block", 626, 15)
        r.tags = [s("password", 627, 12)]
        r.keywords = [s("password", 628, 16), s("passwd", 628, 26), s("pwd", 628, 34), s("passcode", 628, 39), s("secret", 628, 49), s("apikey", 628, 57), s("api_key", 628, 65), s("api-key", 628, 74), s("token", 628, 83), s("密码", 628, 90), s("口令", 628, 94), s("密钥", 628, 98), s("私钥", 628, 102), s("令牌", 628, 106)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(630, 9))
                a.description = s("placeholders, variables and words that are not a password", 630, 22)
                a.regexes = [s("^\\$\\{[^}]*\\}$", 632, 13), s("^\\{\\{.*\\}\\}$", 633, 13), s("^\\$[A-Za-z_][A-Za-z0-9_]*$", 634, 13), s("^%[A-Za-z_]+%$", 635, 13), s("^<[^>]*>$", 636, 13), s("(?i)^(?:changeme|change_me|null|none|nil|true|false|undefined|required|optional|hidden|redacted|\\[redacted\\]|example|placeholder|x{4,})$", 637, 13)]
                return a
            }(),
        ]
        r.examples = [s("Password: ↓hunter22↓", 639, 9), s("密码：↓abc12345↓", 640, 9), s("DB_PASSWORD=↓s3cr3t-Pa55↓", 641, 9), s("api_key = ↓k3y-Valu3-9f8e↓", 642, 9), s("{\"password\": \"↓Tr0ub4dor&3↓\"}", 643, 9), s("userPassword: ↓correct-horse↓", 644, 9), s("支付密码 = ↓839201↓", 645, 9), s("令牌：↓令牌值九八七↓", 646, 9), s("access_token=↓7fd2c0a9e1b3&user=jo↓", 647, 9)]
        r.negativeExamples = [s("Password: ********", 649, 9), s("password: ${DB_PASSWORD}", 650, 9), s("secret: {{.Values.secret}}", 651, 9), s("token=$GITHUB_TOKEN", 652, 9), s("Password: changeme", 653, 9), s("passwordless: true", 654, 9), s("grep: /etc/passwd: Permission denied", 655, 9), s("Password: abc", 656, 9), s("Enter password:", 657, 9), s("密码：●●●●●●", 658, 9), s("tokens: 4096", 659, 9)]
        return r
    }

    private static func rule27() -> RawRule {
        var r = RawRule(position: p(662, 5))
        r.id = s("generic.entropy", 662, 9)
        r.name = s("High-entropy string", 663, 11)
        r.description = s("A long random-looking string (base64 above 4.5 bits per character, hex above 3.0); block next to a key word.", 664, 18)
        r.detector = s("generic.entropy", 665, 15)
        r.category = s("secret", 666, 15)
        r.severity = s("warn", 667, 15)
        r.context = [s("key", 668, 15), s("apikey", 668, 20), s("secret", 668, 28), s("secretkey", 668, 36), s("token", 668, 47), s("password", 668, 54), s("passwd", 668, 64), s("pwd", 668, 72), s("passphrase", 668, 77), s("auth", 668, 89), s("authorization", 668, 95), s("credential", 668, 110), s("bearer", 668, 122), s("api", 668, 130), s("private", 668, 135), s("session", 668, 144), s("sessionid", 668, 153), s("cookie", 668, 164), s("密钥", 668, 172), s("令牌", 668, 176)]
        r.contextSeverity = s("block", 669, 22)
        r.tags = [s("entropy", 670, 12)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(672, 9))
                a.description = s("documentation keys and placeholders (AWS's …EXAMPLEKEY, sample, dummy)", 672, 22)
                a.regexes = [s("EXAMPLE", 673, 19), s("(?i)(?:sample|dummy|placeholder|changeme|xxxxxxxx)", 673, 30)]
                return a
            }(),
        ]
        r.examples = [s("blob ↓Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zku↓ end", 675, 9), s("SESSION=↓kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp↓", 676, 9), s("id ↓a8d41bed440e50454f31af3176813e02ea68ef78↓", 677, 9)]
        r.negativeExamples = [s("request 123e4567-e89b-12d3-a456-426614174000", 679, 9), s("commit a8d41bed440e50454f31af3176813e02ea68ef78", 680, 9), s("image sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", 681, 9), s("/usr/local/lib/node_modules/typescript/bin/tsc", 682, 9), s("abcdefghijklmnopqrstuvwxyz0123456789", 683, 9), s("https://github.com/veil/veil/blob/main/Sources/VeilRedaction/Model/Rule.swift", 684, 9), s("ThisIsAVeryLongIdentifierNameForSomething", 685, 9), s("--------------------------------------------", 686, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 687, 9)]
        return r
    }

    private static func rule28() -> RawRule {
        var r = RawRule(position: p(691, 5))
        r.id = s("ipv4", 691, 9)
        r.name = s("IPv4 address", 692, 11)
        r.description = s("IPv4 address.", 693, 18)
        r.regex = s("(?<![0-9.])(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}(?![0-9.])", 694, 12)
        r.keywords = [s(".", 695, 16)]
        r.category = s("pii", 696, 15)
        r.severity = s("warn", 697, 15)
        r.enabled = b(false, 698, 14)
        r.examples = [s("client ↓203.0.113.42↓ connected", 700, 9)]
        r.negativeExamples = [s("version 1.2.3", 702, 9), s("999.1.1.1", 703, 9)]
        return r
    }

    private static func rule29() -> RawRule {
        var r = RawRule(position: p(705, 5))
        r.id = s("mac.address", 705, 9)
        r.name = s("MAC address", 706, 11)
        r.description = s("MAC address.", 707, 18)
        r.regex = s("(?i)(?<![0-9a-f:])(?:[0-9a-f]{2}[-\\:]){5}[0-9a-f]{2}(?![0-9a-f:])", 708, 12)
        r.category = s("pii", 709, 15)
        r.severity = s("warn", 710, 15)
        r.enabled = b(false, 711, 14)
        r.examples = [s("ether ↓3c:22:fb:7a:01:9e↓", 713, 9)]
        r.negativeExamples = [s("time 12:30:45", 715, 9)]
        return r
    }

    private static func rule30() -> RawRule {
        var r = RawRule(position: p(717, 5))
        r.id = s("btc.address", 717, 9)
        r.name = s("Bitcoin address", 718, 11)
        r.description = s("Bitcoin address (legacy base58 or bech32).", 719, 18)
        r.regex = s("(?<![A-Za-z0-9])(?:[13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[02-9ac-hj-np-z]{11,71})(?![A-Za-z0-9])", 720, 12)
        r.category = s("pii", 721, 15)
        r.severity = s("warn", 722, 15)
        r.enabled = b(false, 723, 14)
        r.examples = [s("pay to ↓bc1quauvt7txunf9zeu2qyrzv0pa5uvwjlq9a369s5↓", 725, 9)]
        r.negativeExamples = [s("order 1234567890", 727, 9)]
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
