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
        raw.rules = [rule0(), rule1(), rule2(), rule3(), rule4(), rule5(), rule6(), rule7(), rule8(), rule9(), rule10(), rule11(), rule12(), rule13(), rule14(), rule15(), rule16(), rule17(), rule18(), rule19(), rule20(), rule21(), rule22(), rule23(), rule24(), rule25(), rule26(), rule27(), rule28(), rule29(), rule30(), rule31(), rule32(), rule33(), rule34(), rule35(), rule36(), rule37(), rule38(), rule39(), rule40(), rule41(), rule42(), rule43(), rule44(), rule45(), rule46(), rule47(), rule48(), rule49(), rule50(), rule51(), rule52(), rule53(), rule54(), rule55(), rule56(), rule57(), rule58(), rule59(), rule60(), rule61(), rule62(), rule63(), rule64(), rule65(), rule66(), rule67(), rule68(), rule69(), rule70(), rule71(), rule72(), rule73(), rule74(), rule75(), rule76(), rule77(), rule78(), rule79(), rule80(), rule81(), rule82(), rule83(), rule84(), rule85(), rule86(), rule87(), rule88(), rule89(), rule90(), rule91(), rule92(), rule93(), rule94(), rule95(), rule96(), rule97(), rule98(), rule99(), rule100(), rule101(), rule102(), rule103(), rule104(), rule105(), rule106(), rule107(), rule108(), rule109(), rule110(), rule111(), rule112(), rule113(), rule114(), rule115(), rule116(), rule117(), rule118(), rule119(), rule120(), rule121(), rule122(), rule123(), rule124(), rule125(), rule126(), rule127(), rule128(), rule129(), rule130(), rule131(), rule132(), rule133(), rule134(), rule135(), rule136(), rule137(), rule138(), rule139(), rule140(), rule141(), rule142(), rule143(), rule144(), rule145(), rule146(), rule147(), rule148(), rule149(), rule150(), rule151(), rule152(), rule153(), rule154(), rule155(), rule156(), rule157(), rule158(), rule159(), rule160()]
        return raw
    }

    private static func rule0() -> RawRule {
        var r = RawRule(position: p(23, 5))
        r.id = s("cn.resident_id", 23, 9)
        r.name = s("Chinese resident ID number", 24, 11)
        r.description = s("Chinese resident identity card number (居民身份证) with a real past birth date and ISO 7064 MOD 11-2 check.", 25, 18)
        r.group = s("Personal data", 26, 12)
        r.detector = s("cn.resident_id", 27, 15)
        r.validate = [s("cn-resident-id", 28, 15)]
        r.category = s("pii", 29, 15)
        r.severity = s("block", 30, 15)
        r.tags = [s("identity", 31, 12), s("china", 31, 22)]
        r.examples = [s("身份证号：↓11010519491231002X↓", 33, 9), s("ID ↓360426199101010071↓", 34, 9), s("证件号码↓44030619850712345x↓（已实名）", 35, 9), s("↓62010219900315123X↓", 36, 9)]
        r.negativeExamples = [s("身份证号：110105194912310021（校验位错误）", 38, 9), s("110105209912310029 (birth date in the future)", 39, 9), s("110105194902310026 (no 31 February)", 40, 9), s("990105194912310021 (no such province)", 41, 9), s("Order 20240101123456789012", 42, 9), s("tracking 110105194912310020A", 43, 9)]
        return r
    }

    private static func rule1() -> RawRule {
        var r = RawRule(position: p(45, 5))
        r.id = s("card.pan", 45, 9)
        r.name = s("Payment card number", 46, 11)
        r.description = s("Payment card number (PAN) with a known issuer, length and Luhn checksum.", 47, 18)
        r.group = s("Personal data", 48, 12)
        r.detector = s("card.pan", 49, 15)
        r.validate = [s("luhn", 50, 15)]
        r.category = s("pii", 51, 15)
        r.severity = s("block", 52, 15)
        r.tags = [s("pci", 53, 12), s("finance", 53, 17)]
        r.context = [s("卡号", 54, 15), s("银行卡", 54, 19), s("信用卡", 54, 24), s("借记卡", 54, 29), s("card", 54, 34)]
        r.examples = [s("Card: ↓4111 1111 1111 1111↓  exp 12/29", 56, 9), s("MC ↓5555-5555-5555-4444↓", 57, 9), s("Mastercard 2-series ↓2221000000000009↓", 58, 9), s("Amex ↓3782 822463 10005↓", 59, 9), s("Discover ↓6011111111111117↓ JCB ↓3530 1113 3330 0000↓", 60, 9), s("Diners ↓3056 9309 0259 04↓", 61, 9), s("UnionPay 银联 ↓6212 3456 7890 1232↓", 62, 9), s("UnionPay 19 ↓6234567890123456780↓", 63, 9), s("卡号：↓6212 3456 7890 1231↓", 64, 9), s("付款卡↓4568123456789011↓已绑定", 65, 9), s("银行卡号 ↓628292194307155177↓", 66, 9), s("Maestro ↓6759 7862 0577 0328↓, Dankort ↓5019 0270 8177 9333↓", 67, 9), s("Mir ↓2200-6427-5158-3900↓", 68, 9), s("UATP ↓1855 89494 032781↓", 69, 9)]
        r.negativeExamples = [s("Card: 4111 1111 1111 1112  (wrong check digit)", 71, 9), s("Luhn-valid, no issuer: 1234 5678 9012 3452", 72, 9), s("Luhn-valid, no issuer: 9999999999999995", 73, 9), s("Mixed separators 4111-1111 1111-1111", 74, 9), s("Odd grouping 41 1111 1111 1111 11", 75, 9), s("Order #4000 1234 5678 9010 shipped", 76, 9), s("timestamp 1700000000000 ms", 77, 9), s("Ref 6212 3456 7890 1231 (UnionPay-like, failing Luhn, no context)", 78, 9), s("order id 4111111111111111111111", 79, 9), s("version 4.1111111111111111", 80, 9), s("身份证号：628292194307155177（校验失败）", 81, 9), s("Luhn-valid, between Mir and Mastercard: 2205 5717 5233 5702", 82, 9), s("order 185589494032781 shipped (15 digits starting 1, bare)", 83, 9)]
        return r
    }

    private static func rule2() -> RawRule {
        var r = RawRule(position: p(85, 5))
        r.id = s("iban", 85, 9)
        r.name = s("IBAN", 86, 11)
        r.description = s("International bank account number with the country's length and a valid mod-97 check.", 87, 18)
        r.group = s("Personal data", 88, 12)
        r.detector = s("iban", 89, 15)
        r.validate = [s("iban-mod97", 90, 15)]
        r.category = s("pii", 91, 15)
        r.severity = s("block", 92, 15)
        r.tags = [s("finance", 93, 12)]
        r.examples = [s("IBAN: ↓DE89 3704 0044 0532 0130 00↓", 95, 9), s("Pay to ↓GB29NWBK60161331926819↓ by Friday", 96, 9), s("↓FR14 2004 1010 0505 0001 3M02 606↓", 97, 9), s("账户 ↓NL91ABNA0417164300↓ 已验证", 98, 9), s("ES: ↓ES91 2100 0418 4502 0005 1332↓, CH: ↓CH93 0076 2011 6238 5295 7↓", 99, 9), s("IBAN ↓DE89-3704-0044-0532-0130-00↓", 100, 9)]
        r.negativeExamples = [s("IBAN: DE89 3704 0044 0532 0130 01 (wrong check digits)", 102, 9), s("DE89 3704 0044 0532 0130 (too short for DE)", 103, 9), s("XX89 3704 0044 0532 0130 00 (no such country)", 104, 9), s("Build DE123456789 shipped", 105, 9), s("de89370400440532013000", 106, 9), s("DE89-3704 0044-0532-0130-00 (mixed separators)", 107, 9)]
        return r
    }

    private static func rule3() -> RawRule {
        var r = RawRule(position: p(109, 5))
        r.id = s("email", 109, 9)
        r.name = s("E-mail address", 110, 11)
        r.description = s("E-mail address (reserved example domains, SSH addresses and @2x image names excepted).", 111, 18)
        r.group = s("Personal data", 112, 12)
        r.detector = s("email", 113, 15)
        r.category = s("pii", 114, 15)
        r.severity = s("block", 115, 15)
        r.tags = [s("contact", 116, 12)]
        r.keywords = [s("@", 117, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(119, 9))
                a.description = s("reserved example and test domains (RFC 2606)", 119, 22)
                a.regexTarget = s("match", 120, 22)
                a.regexes = [s("(?i)@(?:[a-z0-9-]+\\.)*example\\.(?:com|net|org)$", 122, 13), s("(?i)\\.(?:test|example|invalid|localhost)$", 123, 13)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(124, 9))
                a.description = s("image assets such as icon@2x.png", 124, 22)
                a.regexTarget = s("match", 125, 22)
                a.regexes = [s("(?i)@[1-4]x\\.(?:png|jpe?g|gif|webp|pdf|svg)$", 126, 19)]
                return a
            }(),
        ]
        r.examples = [s("From: ↓jane.doe@acme-corp.io↓", 128, 9), s("联系邮箱：↓wang.fang+veil@mail.cn-north.net↓", 129, 9), s("<↓ops_team@veil-demo.dev↓>", 130, 9)]
        r.negativeExamples = [s("Contact user@example.com for help", 132, 9), s("ci@runner.test", 133, 9), s("git clone git@github.com:veil/veil.git", 134, 9), s("root@build-01.lan:~$ ls", 135, 9), s("Image AppIcon@2x.png", 136, 9), s("npm i left-pad@1.3.0", 137, 9), s("@scope/package", 138, 9)]
        return r
    }

    private static func rule4() -> RawRule {
        var r = RawRule(position: p(140, 5))
        r.id = s("phone.cn_mobile", 140, 9)
        r.name = s("Chinese mobile number", 141, 11)
        r.description = s("Chinese mobile number, 11 digits starting 13–19, optionally +86 and 3-4-4 groups.", 142, 18)
        r.group = s("Personal data", 143, 12)
        r.detector = s("phone.cn_mobile", 144, 15)
        r.category = s("pii", 145, 15)
        r.severity = s("block", 146, 15)
        r.tags = [s("contact", 147, 12), s("china", 147, 21)]
        r.examples = [s("手机：↓13812345678↓", 149, 9), s("Call ↓+86 138 1234 5678↓", 150, 9), s("电话 ↓138-1234-5678↓ 张三", 151, 9), s("↓8619912345678↓", 152, 9)]
        r.negativeExamples = [s("12812345678 (second digit 2)", 154, 9), s("138123456789 (12 digits)", 155, 9), s("SN13812345678X", 156, 9), s("3.13812345678", 157, 9), s("total 1381234567", 158, 9)]
        return r
    }

    private static func rule5() -> RawRule {
        var r = RawRule(position: p(160, 5))
        r.id = s("phone.intl", 160, 9)
        r.name = s("Phone number", 161, 11)
        r.description = s("Phone number, international (+country code, 8–15 digits); North American and national forms (trunk prefix 0) only next to a phone word.", 162, 18)
        r.group = s("Personal data", 163, 12)
        r.detector = s("phone.intl", 164, 15)
        r.category = s("pii", 165, 15)
        r.severity = s("warn", 166, 15)
        r.tags = [s("contact", 167, 12)]
        r.context = [s("phone", 168, 15), s("telephone", 168, 22), s("tel", 168, 33), s("mobile", 168, 38), s("cell", 168, 46), s("cellphone", 168, 52), s("fax", 168, 63), s("call", 168, 68), s("number", 168, 74), s("whatsapp", 168, 82), s("电话", 168, 92), s("手机", 168, 96), s("联系方式", 168, 100), s("联系", 168, 106), s("号码", 168, 110), s("致电", 168, 114)]
        r.examples = [s("Phone: ↓+1 415 555 0132↓", 170, 9), s("London ↓+44 20 7946 0958↓", 171, 9), s("Berlin ↓+49 (30) 901820↓", 172, 9), s("Tel: ↓(415) 555-0132↓", 173, 9), s("mobile ↓415.555.0132↓", 174, 9), s("call ↓1-800-555-0199↓", 175, 9), s("phone: ↓020 7946 0958↓", 176, 9), s("Tel. ↓030 901820↓, mobile ↓06 12 34 56 78↓", 177, 9), s("电话：↓010-6552 9988↓", 178, 9)]
        r.negativeExamples = [s("(415) 555-0132 items", 180, 9), s("220.243.215.224 8855", 181, 9), s("Booked the hotel, ref 415 555 0132", 182, 9), s("settings 020 7946 0958", 183, 9), s("+1 2 3", 184, 9), s("version 1.2.3.4567890", 185, 9), s("+12  34  56  78  90", 186, 9), s("Total: +12.50", 187, 9), s("2024-01-15 10:30:00", 188, 9)]
        return r
    }

    private static func rule6() -> RawRule {
        var r = RawRule(position: p(190, 5))
        r.id = s("us.ssn", 190, 9)
        r.name = s("US social security number", 191, 11)
        r.description = s("US social security number in valid ranges; the bare 9-digit form only next to an SSN word.", 192, 18)
        r.group = s("Personal data", 193, 12)
        r.detector = s("us.ssn", 194, 15)
        r.validate = [s("ssn", 195, 15)]
        r.category = s("pii", 196, 15)
        r.severity = s("block", 197, 15)
        r.tags = [s("identity", 198, 12), s("us", 198, 22)]
        r.context = [s("ssn", 199, 15), s("social security", 199, 20), s("social sec", 199, 37), s("taxpayer", 199, 49), s("tin", 199, 59)]
        r.examples = [s("SSN: ↓536-22-8714↓", 201, 9), s("Employee ↓412 73 5520↓ onboarding", 202, 9), s("Social Security No. ↓536228714↓", 203, 9)]
        r.negativeExamples = [s("000-12-3456", 205, 9), s("666-12-3456", 206, 9), s("912-34-5678", 207, 9), s("536-00-8714", 208, 9), s("536-22-0000", 209, 9), s("078-05-1120", 210, 9), s("536228714", 211, 9), s("536-22 8714", 212, 9), s("Phone 1-536-22-8714", 213, 9)]
        return r
    }

    private static func rule7() -> RawRule {
        var r = RawRule(position: p(216, 5))
        r.id = s("jwt", 216, 9)
        r.name = s("JSON Web Token", 217, 11)
        r.description = s("A JSON Web Token whose header and payload decode to JSON objects and whose header names an algorithm (alg).", 218, 18)
        r.group = s("Keys and web tokens", 219, 12)
        r.detector = s("jwt", 220, 15)
        r.validate = [s("jwt", 221, 15)]
        r.category = s("secret", 222, 15)
        r.severity = s("block", 223, 15)
        r.tags = [s("token", 224, 12)]
        r.keywords = [s("eyJ", 225, 16)]
        r.examples = [s("Authorization: Bearer ↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.Ehh2FDEEtfjgVvVqE1SkHbn8x6kwXoIIXGvOoNZYW2m↓", 227, 9), s("token=↓eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.↓", 228, 9)]
        r.negativeExamples = [s("eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.c2ln", 230, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 alone", 231, 9), s("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJub3QganNvbiBhdCBhbGwgISEh.sig", 232, 9)]
        return r
    }

    private static func rule8() -> RawRule {
        var r = RawRule(position: p(234, 5))
        r.id = s("aws.access_key", 234, 9)
        r.name = s("AWS access key", 235, 11)
        r.description = s("AWS access key id, and the 40-character secret access key after its label.", 236, 18)
        r.group = s("Cloud platforms", 237, 12)
        r.detector = s("aws.access_key", 238, 15)
        r.category = s("secret", 239, 15)
        r.severity = s("block", 240, 15)
        r.tags = [s("cloud", 241, 12), s("aws", 241, 19)]
        r.keywords = [s("AKIA", 242, 16), s("ASIA", 242, 22), s("ABIA", 242, 28), s("ACCA", 242, 34), s("A3T", 242, 40), s("secret_access_key", 242, 45), s("secret-access-key", 242, 64), s("secretaccesskey", 242, 83)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(244, 9))
                a.description = s("AWS documentation keys end in EXAMPLE", 244, 22)
                a.regexes = [s("EXAMPLE", 245, 19)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(246, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 246, 22)
                a.regexes = [s("(.)\\1{5}", 248, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 249, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 250, 13)]
                return a
            }(),
        ]
        r.examples = [s("aws_access_key_id = ↓AKIAB5WKH7DNSIPZZ7FK↓", 252, 9), s("export AWS_ACCESS_KEY_ID=↓ASIA4ZRI3R2WYOJFLJOO↓", 253, 9), s("aws_secret_access_key = ↓b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG↓", 254, 9)]
        r.negativeExamples = [s("aws_access_key_id = AKIAIOSFODNN7EXAMPLE", 256, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 257, 9), s("\"integrity\": \"sha512-Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7ZkuQ29uZ3JhdHM+kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp==\"", 258, 9), s("golang.org/x/text v0.3.7 h1:olpwvP2KacW1ZWvsR7uQhoyTYvKAupfQrRGBFM352Gk=", 259, 9), s("<img src=\"data:image/png;base64,kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGpDz/TddJ8HyS5SUkCnD8zRA9a9Skp\">", 260, 9), s("AKIAAAAAAAAAAAAAAAAA", 261, 9), s("AKIA1234567890123456", 262, 9), s("AKIAZZZZZZZZZZZZZZZZ", 263, 9), s("b/xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtG without a label", 264, 9)]
        return r
    }

    private static func rule9() -> RawRule {
        var r = RawRule(position: p(266, 5))
        r.id = s("github.token", 266, 9)
        r.name = s("GitHub token", 267, 11)
        r.description = s("GitHub personal access, OAuth, app and refresh tokens (a classic token's last six characters are the CRC-32 of the rest).", 268, 18)
        r.group = s("Code hosting and CI", 269, 12)
        r.detector = s("github.token", 270, 15)
        r.validate = [s("github-checksum", 271, 15)]
        r.category = s("secret", 272, 15)
        r.severity = s("block", 273, 15)
        r.tags = [s("token", 274, 12), s("github", 274, 19)]
        r.keywords = [s("ghp_", 275, 16), s("gho_", 275, 22), s("ghu_", 275, 28), s("ghs_", 275, 34), s("ghr_", 275, 40), s("github_pat_", 275, 46)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(277, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 277, 22)
                a.regexes = [s("(.)\\1{5}", 279, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 280, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 281, 13)]
                return a
            }(),
        ]
        r.examples = [s("GITHUB_TOKEN=↓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↓", 283, 9), s("oauth ↓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↓", 284, 9), s("↓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↓", 285, 9)]
        r.negativeExamples = [s("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", 287, 9), s("ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8 (35 characters)", 288, 9), s("ghx_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d", 289, 9), s("ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8024xXJ (checksum fails)", 290, 9)]
        return r
    }

    private static func rule10() -> RawRule {
        var r = RawRule(position: p(292, 5))
        r.id = s("slack.token", 292, 9)
        r.name = s("Slack token", 293, 11)
        r.description = s("Slack bot, user, app-level, configuration and refresh tokens, and incoming webhook URLs.", 294, 18)
        r.group = s("Chat, social and productivity", 295, 12)
        r.detector = s("slack.token", 296, 15)
        r.category = s("secret", 297, 15)
        r.severity = s("block", 298, 15)
        r.tags = [s("token", 299, 12), s("slack", 299, 19)]
        r.keywords = [s("xox", 300, 16), s("xapp-", 300, 21), s("hooks.slack.com", 300, 28)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(302, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 302, 22)
                a.regexes = [s("(.)\\1{5}", 304, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 305, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 306, 13)]
                return a
            }(),
        ]
        r.examples = [s("SLACK_BOT_TOKEN=↓xoxb-9398671228-502018727951-Ehh2FDEEtfjgVvVqE1SkHbn8↓", 308, 9), s("app token ↓xapp-1-A0PQ7RZW3KD-5140285937214-9b0d5c2e7f41a6b38d9e0c1f2a7b4d6e8c3f5a1b9d0e2c4f6a8b1d3e5f7a9c0b↓", 309, 9), s("rotating ↓xoxe.xoxp-1-Mi0yLTQ3NjgyNTQ4OTI2MS0zNzQ2MjE1ODk0MDg0LTg0NzI5NDc1NjE4My1hYjEyY2Q0NWVm↓", 310, 9), s("legacy workspace ↓xoxa-2-Qm7c9XvT3kLp8RwZ4nYd↓ and ↓xoxr-k2W8vR4tLq9mZ3xP↓", 311, 9), s("https://hooks.slack.com/services/↓T8HxjSI6bW/BHtP3fS2qH/x6kwXoIIXGvOoNZYW2mZp0zV↓", 312, 9)]
        r.negativeExamples = [s("xoxb-your-token-here", 314, 9), s("xoxb-0000000000-0000000000-xxxxxxxxxxxxxxxxxxxxxxxx", 315, 9), s("https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", 316, 9), s("see hooks.slack.com/docs", 317, 9), s("xapp-1-RANDOMSTRINGHERE-1234567890123-RANDOMSTRINGHERE", 318, 9), s("xoxp-xxxxxxxxxx-xxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxx", 319, 9)]
        return r
    }

    private static func rule11() -> RawRule {
        var r = RawRule(position: p(321, 5))
        r.id = s("gitlab.token", 321, 9)
        r.name = s("GitLab token", 322, 11)
        r.description = s("GitLab personal, project, group, deploy, runner, CI and trigger tokens (glpat-, glptt-, gldt-, glrt-, …).", 323, 18)
        r.group = s("Code hosting and CI", 324, 12)
        r.detector = s("gitlab.token", 325, 15)
        r.category = s("secret", 326, 15)
        r.severity = s("block", 327, 15)
        r.tags = [s("token", 328, 12), s("cloud", 328, 19)]
        r.keywords = [s("glpat-", 329, 16), s("glptt-", 329, 24), s("gldt-", 329, 32), s("glrt-", 329, 39), s("glcbt-", 329, 46), s("glimt-", 329, 54), s("glagent-", 329, 62), s("gloas-", 329, 72), s("glsoat-", 329, 80), s("glffct-", 329, 89), s("glft-", 329, 98)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(331, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 331, 22)
                a.regexes = [s("(.)\\1{5}", 333, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 334, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 335, 13)]
                return a
            }(),
        ]
        r.examples = [s("GITLAB_TOKEN=↓glpat-vED5hJRaOvRTYZPNvS_I↓", 337, 9), s("runner ↓glrt-4k9GvvK9JkmW378D-Cn5↓", 338, 9)]
        r.negativeExamples = [s("glpat-xxxxxxxxxxxxxxxxxxxx", 340, 9), s("glpat-short", 341, 9), s("myglpat-vED5hJRaOvRTYZPNvS_I", 342, 9)]
        return r
    }

    private static func rule12() -> RawRule {
        var r = RawRule(position: p(344, 5))
        r.id = s("npm.token", 344, 9)
        r.name = s("npm access token", 345, 11)
        r.description = s("npm access token, npm_ and 36 characters ending in a CRC-32 checksum.", 346, 18)
        r.group = s("Package registries", 347, 12)
        r.detector = s("npm.token", 348, 15)
        r.validate = [s("crc32-base62", 349, 15)]
        r.category = s("secret", 350, 15)
        r.severity = s("block", 351, 15)
        r.tags = [s("token", 352, 12), s("cloud", 352, 19)]
        r.keywords = [s("npm_", 353, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(355, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 355, 22)
                a.regexes = [s("(.)\\1{5}", 357, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 358, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 359, 13)]
                return a
            }(),
        ]
        r.examples = [s("//registry.npmjs.org/:_authToken=↓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↓", 361, 9)]
        r.negativeExamples = [s("npm_38AibNyyurlGFb0EkjKWREhbiGjlvh2Wc8WG (checksum fails)", 363, 9), s("npm_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 364, 9)]
        return r
    }

    private static func rule13() -> RawRule {
        var r = RawRule(position: p(366, 5))
        r.id = s("pypi.token", 366, 9)
        r.name = s("PyPI API token", 367, 11)
        r.description = s("PyPI API token, pypi- and a macaroon issued by pypi.org or test.pypi.org.", 368, 18)
        r.group = s("Package registries", 369, 12)
        r.detector = s("pypi.token", 370, 15)
        r.category = s("secret", 371, 15)
        r.severity = s("block", 372, 15)
        r.tags = [s("token", 373, 12), s("cloud", 373, 19)]
        r.keywords = [s("pypi-", 374, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(376, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 376, 22)
                a.regexes = [s("(.)\\1{5}", 378, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 379, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 380, 13)]
                return a
            }(),
        ]
        r.examples = [s("password = ↓pypi-AgEIcHlwaS5vcmcOHAUp0JTr9MSCEVqRVAsbDCkRLnlTFzhW5O35qfE1UVpoyHLJ6rvW5Zgb60kLCO5QS6j0K4i5ksuzQ076v-wPf2awmVHqscA5ujdXn6RJjw↓", 382, 9)]
        r.negativeExamples = [s("pypi-simple-index 3.2.1", 384, 9), s("pypi-AgEIcHlwaS5vcmc", 385, 9)]
        return r
    }

    private static func rule14() -> RawRule {
        var r = RawRule(position: p(387, 5))
        r.id = s("stripe.key", 387, 9)
        r.name = s("Stripe secret key", 388, 11)
        r.description = s("Stripe live secret and restricted keys (sk_live_, rk_live_) and webhook signing secrets (whsec_).", 389, 18)
        r.group = s("Payments and commerce", 390, 12)
        r.detector = s("stripe.key", 391, 15)
        r.category = s("secret", 392, 15)
        r.severity = s("block", 393, 15)
        r.tags = [s("token", 394, 12), s("cloud", 394, 19)]
        r.keywords = [s("sk_live_", 395, 16), s("rk_live_", 395, 26), s("whsec_", 395, 36)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(397, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 397, 22)
                a.regexes = [s("(.)\\1{5}", 399, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 400, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 401, 13)]
                return a
            }(),
        ]
        r.examples = [s("STRIPE_SECRET_KEY=↓sk_live_AI3Ao3pxTnHyf6t5YdIngBaV↓", 403, 9)]
        r.negativeExamples = [s("pk_live_AI3Ao3pxTnHyf6t5YdIngBaV (publishable)", 405, 9), s("sk_test_AI3Ao3pxTnHyf6t5YdIngBaV", 406, 9), s("sk_live_xxxxxxxxxxxxxxxxxxxxxxxx", 407, 9)]
        return r
    }

    private static func rule15() -> RawRule {
        var r = RawRule(position: p(409, 5))
        r.id = s("google.api_key", 409, 9)
        r.name = s("Google API key", 410, 11)
        r.description = s("Google API key, AIza and 35 characters.", 411, 18)
        r.group = s("Cloud platforms", 412, 12)
        r.detector = s("google.api_key", 413, 15)
        r.category = s("secret", 414, 15)
        r.severity = s("block", 415, 15)
        r.tags = [s("token", 416, 12), s("cloud", 416, 19)]
        r.keywords = [s("AIza", 417, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(419, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 419, 22)
                a.regexes = [s("(.)\\1{5}", 421, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 422, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 423, 13)]
                return a
            }(),
        ]
        r.examples = [s("key=↓AIzad2AG2_B2TFu2aWo_C7VLotddxg7qACPVsOn↓", 425, 9)]
        r.negativeExamples = [s("AIzaSy (too short)", 427, 9)]
        return r
    }

    private static func rule16() -> RawRule {
        var r = RawRule(position: p(429, 5))
        r.id = s("azure.storage_key", 429, 9)
        r.name = s("Azure storage key", 430, 11)
        r.description = s("The account key of an Azure storage connection string (AccountKey=), or a Service Bus / Event Hubs shared access key.", 431, 18)
        r.group = s("Cloud platforms", 432, 12)
        r.detector = s("azure.storage_key", 433, 15)
        r.category = s("secret", 434, 15)
        r.severity = s("block", 435, 15)
        r.tags = [s("token", 436, 12), s("cloud", 436, 19), s("azure", 436, 26)]
        r.keywords = [s("accountkey=", 437, 16), s("sharedaccesskey=", 437, 29)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(439, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 439, 22)
                a.regexes = [s("(.)\\1{5}", 441, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 442, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 443, 13)]
                return a
            }(),
        ]
        r.examples = [s("DefaultEndpointsProtocol=https;AccountName=veil;AccountKey=↓NHV1/uTsnQTnSf1FP7H3WhjXqy+sr5QiI68SJxOSX9IZBr9w3C9FaDOxjtorMNXgiZH7cWci2noZ3xzQPefhQw==↓;EndpointSuffix=core.windows.net", 445, 9)]
        r.negativeExamples = [s("AccountKey=<your-key>", 447, 9), s("AccountKey=NHV1/uTsnQTnSf1FP7H3WhjXqy+sr5QiI68SJxOSX9IZBr9w3C9Fa (too short)", 448, 9)]
        return r
    }

    private static func rule17() -> RawRule {
        var r = RawRule(position: p(450, 5))
        r.id = s("openai.key", 450, 9)
        r.name = s("OpenAI-style API key", 451, 11)
        r.description = s("OpenAI-style secret key (sk-proj-, sk-svcacct-, sk-admin-), or sk- and 32 or more letters and digits.", 452, 18)
        r.group = s("AI services", 453, 12)
        r.detector = s("openai.key", 454, 15)
        r.category = s("secret", 455, 15)
        r.severity = s("block", 456, 15)
        r.tags = [s("token", 457, 12), s("cloud", 457, 19)]
        r.keywords = [s("sk-", 458, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(460, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 460, 22)
                a.regexes = [s("(.)\\1{5}", 462, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 463, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 464, 13)]
                return a
            }(),
        ]
        r.examples = [s("OPENAI_API_KEY=↓sk-proj-ZhNX2xGqc-fQ7ZvqsP3CCT-nKEBJMhw5k62rOjlqnFCraP-c0YsHh47lft6z↓", 466, 9), s("↓sk-t9qrnRBBtGaprBPhLERW0CbvaQqrpxCCduFxFv3il5Qf5ORr↓", 467, 9)]
        r.negativeExamples = [s("git checkout risk-assessment-flow-v2-final-version", 469, 9), s("sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 470, 9), s("task-runner-2024-08-01-release-candidate-build", 471, 9)]
        return r
    }

    private static func rule18() -> RawRule {
        var r = RawRule(position: p(473, 5))
        r.id = s("anthropic.key", 473, 9)
        r.name = s("Anthropic API key", 474, 11)
        r.description = s("Anthropic API and admin key, sk-ant- and 80 or more characters.", 475, 18)
        r.group = s("AI services", 476, 12)
        r.detector = s("anthropic.key", 477, 15)
        r.category = s("secret", 478, 15)
        r.severity = s("block", 479, 15)
        r.tags = [s("token", 480, 12), s("cloud", 480, 19)]
        r.keywords = [s("sk-ant-", 481, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(483, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 483, 22)
                a.regexes = [s("(.)\\1{5}", 485, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 486, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 487, 13)]
                return a
            }(),
        ]
        r.examples = [s("x-api-key: ↓sk-ant-api03-M5dcJjWpwIqulpwIKak99neEC7C6JYMiznF6ytTBURaHyx49wQOmCb5k5pbS2Sd6CRSH2D6oqM79_O36jKkv_0GhTnrU-AA↓", 489, 9)]
        r.negativeExamples = [s("sk-ant-api03-short", 491, 9)]
        return r
    }

    private static func rule19() -> RawRule {
        var r = RawRule(position: p(493, 5))
        r.id = s("twilio.key", 493, 9)
        r.name = s("Twilio SID", 494, 11)
        r.description = s("Twilio account SID and API key SID, AC or SK and 32 lowercase hex digits (the auth token and key secret beside them are found by their labels).", 495, 18)
        r.group = s("E-mail and messaging", 496, 12)
        r.detector = s("twilio.key", 497, 15)
        r.category = s("secret", 498, 15)
        r.severity = s("block", 499, 15)
        r.tags = [s("token", 500, 12), s("cloud", 500, 19)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(502, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 502, 22)
                a.regexes = [s("(.)\\1{5}", 504, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 505, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 506, 13)]
                return a
            }(),
        ]
        r.examples = [s("TWILIO_API_KEY=↓SK7e8df33809cd89bf6e31c021f6b75d27↓", 508, 9)]
        r.negativeExamples = [s("SKU 1234 in stock; ACME-CORP", 510, 9), s("SK7E8DF33809CD89BF6E31C021F6B75D27", 511, 9)]
        return r
    }

    private static func rule20() -> RawRule {
        var r = RawRule(position: p(513, 5))
        r.id = s("sendgrid.key", 513, 9)
        r.name = s("SendGrid API key", 514, 11)
        r.description = s("SendGrid API key, SG., 22 characters, a dot and 43 characters.", 515, 18)
        r.group = s("E-mail and messaging", 516, 12)
        r.detector = s("sendgrid.key", 517, 15)
        r.category = s("secret", 518, 15)
        r.severity = s("block", 519, 15)
        r.tags = [s("token", 520, 12), s("cloud", 520, 19)]
        r.keywords = [s("SG.", 521, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(523, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 523, 22)
                a.regexes = [s("(.)\\1{5}", 525, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 526, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 527, 13)]
                return a
            }(),
        ]
        r.examples = [s("SENDGRID_API_KEY=↓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↓", 529, 9)]
        r.negativeExamples = [s("SG.Server.Config.Default", 531, 9)]
        return r
    }

    private static func rule21() -> RawRule {
        var r = RawRule(position: p(533, 5))
        r.id = s("dockerhub.token", 533, 9)
        r.name = s("Docker Hub access token", 534, 11)
        r.description = s("Docker Hub personal and organization access token (dckr_pat_, dckr_oat_).", 535, 18)
        r.group = s("Package registries", 536, 12)
        r.detector = s("dockerhub.token", 537, 15)
        r.category = s("secret", 538, 15)
        r.severity = s("block", 539, 15)
        r.tags = [s("token", 540, 12), s("cloud", 540, 19)]
        r.keywords = [s("dckr_", 541, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(543, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 543, 22)
                a.regexes = [s("(.)\\1{5}", 545, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 546, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 547, 13)]
                return a
            }(),
        ]
        r.examples = [s("docker login -u veil -p ↓dckr_pat_fIoGCo16wEn4XR2ayVcLCrR9QCr↓", 549, 9)]
        r.negativeExamples = [s("dckr_pat_short", 551, 9)]
        return r
    }

    private static func rule22() -> RawRule {
        var r = RawRule(position: p(553, 5))
        r.id = s("huggingface.token", 553, 9)
        r.name = s("Hugging Face token", 554, 11)
        r.description = s("Hugging Face user and organization token, hf_ or api_org_ and 34 letters and digits.", 555, 18)
        r.group = s("AI services", 556, 12)
        r.detector = s("huggingface.token", 557, 15)
        r.category = s("secret", 558, 15)
        r.severity = s("block", 559, 15)
        r.tags = [s("token", 560, 12), s("cloud", 560, 19)]
        r.keywords = [s("hf_", 561, 16), s("api_org_", 561, 21)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(563, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 563, 22)
                a.regexes = [s("(.)\\1{5}", 565, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 566, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 567, 13)]
                return a
            }(),
        ]
        r.examples = [s("HF_TOKEN=↓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↓", 569, 9)]
        r.negativeExamples = [s("hf_hub_download(repo_id=\"bert-base-uncased\")", 571, 9), s("hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 572, 9)]
        return r
    }

    private static func rule23() -> RawRule {
        var r = RawRule(position: p(574, 5))
        r.id = s("vault.token", 574, 9)
        r.name = s("HashiCorp Vault token", 575, 11)
        r.description = s("HashiCorp Vault service, batch and recovery token (hvs., hvb., hvr.).", 576, 18)
        r.group = s("Identity and secrets managers", 577, 12)
        r.detector = s("vault.token", 578, 15)
        r.category = s("secret", 579, 15)
        r.severity = s("block", 580, 15)
        r.tags = [s("token", 581, 12), s("cloud", 581, 19)]
        r.keywords = [s("hvs.", 582, 16), s("hvb.", 582, 22), s("hvr.", 582, 28)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(584, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 584, 22)
                a.regexes = [s("(.)\\1{5}", 586, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 587, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 588, 13)]
                return a
            }(),
        ]
        r.examples = [s("VAULT_TOKEN=↓hvs.vQLYDPbr7D1YtQHBEbxgXE1J↓", 590, 9)]
        r.negativeExamples = [s("hvs.short", 592, 9)]
        return r
    }

    private static func rule24() -> RawRule {
        var r = RawRule(position: p(594, 5))
        r.id = s("url.credentials", 594, 9)
        r.name = s("Password in a URL", 595, 11)
        r.description = s("The password in a URL with credentials (scheme://user:password@host), such as a database URL.", 596, 18)
        r.group = s("Credentials in context", 597, 12)
        r.detector = s("url.credentials", 598, 15)
        r.keywords = [s("://", 599, 16)]
        r.category = s("secret", 600, 15)
        r.severity = s("block", 601, 15)
        r.tags = [s("password", 602, 12), s("database", 602, 22)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(604, 9))
                a.description = s("placeholder: a documentation password or a variable", 604, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|pwd|secret|changeme|\\*+|x+|\\.\\.\\.)|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|<[^>]*>|\\{\\{.*\\}\\}|%[A-Za-z_]+%)$", 606, 13)]
                return a
            }(),
        ]
        r.examples = [s("postgres://app:↓Zq8-pw3d↓@db.internal:5432/app", 608, 9), s("DATABASE_URL=mysql://root:↓Tr0ub4dor-3x↓@127.0.0.1:3306/shop", 609, 9), s("redis://:↓p4ssW0rd7QzX↓@cache.internal:6379/0", 610, 9)]
        r.negativeExamples = [s("https://veil.dev/docs", 612, 9), s("ssh://git@github.com/veil/veil", 613, 9), s("postgres://user:password@localhost:5432/db", 614, 9), s("postgres://postgres:${POSTGRES_PASSWORD}@db:5432/app", 615, 9), s("https://veil.dev:443/docs@v2", 616, 9)]
        return r
    }

    private static func rule25() -> RawRule {
        var r = RawRule(position: p(622, 5))
        r.id = s("onepassword.secret_key", 622, 9)
        r.name = s("1Password secret key", 623, 11)
        r.description = s("1Password account secret key (A3- and five groups).", 624, 18)
        r.group = s("Identity and secrets managers", 625, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})(?![A-Za-z0-9_+/=-])", 626, 12)
        r.keywords = [s("A3-", 627, 16)]
        r.validate = [s("random", 628, 15)]
        r.category = s("secret", 629, 15)
        r.severity = s("block", 630, 15)
        r.tags = [s("token", 631, 12)]
        r.examples = [s("OP_SECRET_KEY=↓A3-A4HZJC-H8OIJCDIO82-70NFH-BZVMN-VZXPN↓", 633, 9), s("  \"op_secret_key\": \"↓A3-N09DDL-INJYBF-72NN1-XMVO4-CQVSV-Z4UNG↓\",", 634, 9)]
        r.negativeExamples = [s("1Password secret keys start with A3-", 636, 9), s("grep -rn 'A3-' docs/", 637, 9)]
        return r
    }

    private static func rule26() -> RawRule {
        var r = RawRule(position: p(639, 5))
        r.id = s("onepassword.service_token", 639, 9)
        r.name = s("1Password service account token", 640, 11)
        r.description = s("1Password service account token (ops_ and a base64 JSON document).", 641, 18)
        r.group = s("Identity and secrets managers", 642, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ops_eyJ[A-Za-z0-9+/]{250,}={0,3})(?![A-Za-z0-9_+/=-])", 643, 12)
        r.keywords = [s("ops_eyJ", 644, 16)]
        r.validate = [s("random", 645, 15)]
        r.category = s("secret", 646, 15)
        r.severity = s("block", 647, 15)
        r.tags = [s("token", 648, 12)]
        r.examples = [s("OP_SERVICE_ACCOUNT_TOKEN=↓ops_eyJnWlLWYDvMzknZO6Zq4zGPiMPYZqUT8H/jv+EO+R/Dg+8seBMwk5WFQPGaYmX6zdY7n7pRvPsYlwVFP2aSfwna2nfiEE8jhZ3uazE4xZebpsmvObIf9/5jX1EI9Tm8AAjwikmfnzdeSoMYCv/n8hnxybc0GfeG0piNHpf+2SGnoF0c4SJC/84i99AreVL7tHypxZ1cH5E05zRo2egL6HRnZQw7djrr1oi41rIXchVONni53ZKMq+9tS39TH↓", 650, 9), s("  \"op_service_account_token\": \"↓ops_eyJgponHpPdWhRmx4ohJVTS8S26XW6Rtx+Z9rB/vYR9nUaM7/sRJlVIMCGsXeJv01mGmzMIMzUlUEsJSykMpff8t02VhBebCTNjY+cs6Uk7udjti7rwZ31FC7r81K7+DAeGykyjL5fU5fyX/dQjrEhjNDyzF7M5O7xmVJrvUkviQPTgIIb+Fm4bgNGwHFEZTgP5KLIJRpwkpPvGV3/c8dDHsfcSH6SOyvKg9rlytMxGTuATfO/RZtYrChjywk↓\",", 651, 9)]
        r.negativeExamples = [s("1Password service account tokens start with ops_eyJ", 653, 9), s("grep -rn 'ops_eyJ' docs/", 654, 9)]
        return r
    }

    private static func rule27() -> RawRule {
        var r = RawRule(position: p(656, 5))
        r.id = s("age.secret_key", 656, 9)
        r.name = s("age secret key", 657, 11)
        r.description = s("age encryption secret key (AGE-SECRET-KEY-1 and 58 bech32 characters whose checksum holds).", 658, 18)
        r.group = s("Identity and secrets managers", 659, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})(?![A-Za-z0-9_+/=-])", 660, 12)
        r.keywords = [s("AGE-SECRET-KEY-1", 661, 16)]
        r.validate = [s("bech32", 662, 15)]
        r.category = s("secret", 663, 15)
        r.severity = s("block", 664, 15)
        r.tags = [s("token", 665, 12)]
        r.examples = [s("AGE_KEY=↓AGE-SECRET-KEY-1HD5V9M5SF0AYZNK4SSKMQDU5YN5HEQEZQ9ND6M7M5TXRW9VC9ML3GYRXPN↓", 667, 9), s("  \"age_key\": \"↓AGE-SECRET-KEY-12X0MK6R3STP5X4EFHVJPM2U2JVAYAZA4NTS6XG5PV7QRHLPNJ7GH9YTD47↓\",", 668, 9)]
        r.negativeExamples = [s("age secret keys start with AGE-SECRET-KEY-1", 670, 9), s("grep -rn 'AGE-SECRET-KEY-1' docs/", 671, 9), s("AGE_KEY=AGE-SECRET-KEY-1HD5V9M5SF0AYZNK4SSKMQDU5YN5HEQEZQ9ND6M7M5TXRW9VC9ML3GYRXPQ (checksum fails)", 672, 9)]
        return r
    }

    private static func rule28() -> RawRule {
        var r = RawRule(position: p(674, 5))
        r.id = s("okta.token", 674, 9)
        r.name = s("Okta API token", 675, 11)
        r.description = s("Okta API token (00 and 40 characters) after an Okta label.", 676, 18)
        r.group = s("Identity and secrets managers", 677, 12)
        r.label = [s("okta", 678, 13)]
        r.regex = s("00[A-Za-z0-9=_-]{40}", 679, 12)
        r.validate = [s("random", 680, 15)]
        r.category = s("secret", 681, 15)
        r.severity = s("block", 682, 15)
        r.tags = [s("token", 683, 12)]
        r.examples = [s("OKTA_TOKEN = \"↓00GO8qPBYe17wwPpR1t8VRY8J5TfUIWiyf2MPWtSw1↓\"", 685, 9), s("oktaKey: ↓00mkSy6tQg2p4Qi_DRROEmLNWykfz9DcvDH3tNAW_7↓", 686, 9)]
        r.negativeExamples = [s("OKTA_TOKEN_FILE = \"~/.config/okta/token\"", 688, 9), s("OKTA_URL = \"https://api.okta.com/v2\"", 689, 9)]
        return r
    }

    private static func rule29() -> RawRule {
        var r = RawRule(position: p(691, 5))
        r.id = s("authress.key", 691, 9)
        r.name = s("Authress access key", 692, 11)
        r.description = s("Authress service client access key (sc_, ext_, scauth_ or authress_, four dotted parts).", 693, 18)
        r.group = s("Identity and secrets managers", 694, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\\.[A-Za-z0-9]{4,6}\\.acc[_-][A-Za-z0-9-]{10,32}\\.[A-Za-z0-9+/_=-]{30,120})(?![A-Za-z0-9_+/=-])", 695, 12)
        r.keywords = [s("sc_", 696, 16), s("ext_", 696, 23), s("scauth_", 696, 31), s("authress_", 696, 42)]
        r.validate = [s("random", 697, 15)]
        r.category = s("secret", 698, 15)
        r.severity = s("block", 699, 15)
        r.tags = [s("token", 700, 12)]
        r.examples = [s("AUTHRESS_KEY=↓authress_qY46Y.ednQ.acc-WIxJ1-swSm7IIrnPn.BxwiLs=G+7Jsm6jQfs0BkGyG-t_ZXc1X4f7cd↓", 702, 9), s("  \"authress_key\": \"↓sc_a1ivPL.nY2e.acc_LsTlhuQBgRWNDY0ui.-5/wu+ULQoWGx4JSaxKeXxMxBtJLs-↓\",", 703, 9)]
        r.negativeExamples = [s("Authress access keys start with sc_", 705, 9), s("grep -rn 'sc_' docs/", 706, 9)]
        return r
    }

    private static func rule30() -> RawRule {
        var r = RawRule(position: p(708, 5))
        r.id = s("doppler.token", 708, 9)
        r.name = s("Doppler token", 709, 11)
        r.description = s("Doppler personal, service, CLI, service account, SCIM and audit tokens (dp.pt., dp.st., …).", 710, 18)
        r.group = s("Identity and secrets managers", 711, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:dp\\.(?:pt|st|ct|sa|scim|audit)\\.[A-Za-z0-9]{40,44})(?![A-Za-z0-9_+/=-])", 712, 12)
        r.keywords = [s("dp.pt.", 713, 16), s("dp.st.", 713, 26), s("dp.ct.", 713, 36), s("dp.sa.", 713, 46), s("dp.scim.", 713, 56), s("dp.audit.", 713, 68)]
        r.validate = [s("random", 714, 15)]
        r.category = s("secret", 715, 15)
        r.severity = s("block", 716, 15)
        r.tags = [s("token", 717, 12)]
        r.examples = [s("DOPPLER_TOKEN=↓dp.pt.Kmfs6BgMwoYyl8rI9ugcwl2rQatmC9CBdjWW46Q2yD6↓", 719, 9), s("  \"doppler_token\": \"↓dp.sa.j0SALxsl2R2jbB8D2VaSXIV5URkAao9qA0mTb0ce↓\",", 720, 9)]
        r.negativeExamples = [s("Doppler tokens start with dp.pt.", 722, 9), s("grep -rn 'dp.pt.' docs/", 723, 9)]
        return r
    }

    private static func rule31() -> RawRule {
        var r = RawRule(position: p(725, 5))
        r.id = s("hashicorp.terraform_token", 725, 9)
        r.name = s("Terraform Cloud token", 726, 11)
        r.description = s("HashiCorp Terraform Cloud / Enterprise API token (….atlasv1.…).", 727, 18)
        r.group = s("Identity and secrets managers", 728, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,70})(?![A-Za-z0-9_+/=-])", 729, 12)
        r.keywords = [s("atlasv1", 730, 16)]
        r.validate = [s("random", 731, 15)]
        r.category = s("secret", 732, 15)
        r.severity = s("block", 733, 15)
        r.tags = [s("token", 734, 12)]
        r.examples = [s("TF_TOKEN_app_terraform_io=↓t9upYHsPPm0tkH.atlasv1.axsL76ESp67iuT2aTCgj4CtCpM84-RneJPaNDs==EZe5B39PDXA0TAQUvXbq6qz↓", 736, 9), s("  \"tf_token_app_terraform_io\": \"↓gtbLz3bwTgWFld.atlasv1.DCau=9gRFtCeovYRxBh92ogqIBKRB7eMX2nQeV=0dqpYGm4HyDm-SZTZBCkerREW_3↓\",", 737, 9)]
        r.negativeExamples = [s("Terraform Cloud tokens start with atlasv1", 739, 9), s("grep -rn 'atlasv1' docs/", 740, 9)]
        return r
    }

    private static func rule32() -> RawRule {
        var r = RawRule(position: p(742, 5))
        r.id = s("vault.legacy_token", 742, 9)
        r.name = s("Vault legacy token", 743, 11)
        r.description = s("HashiCorp Vault token of the old form (s. and 24 characters) after a Vault label.", 744, 18)
        r.group = s("Identity and secrets managers", 745, 12)
        r.label = [s("vault", 746, 13)]
        r.regex = s("s\\.[A-Za-z0-9]{24}", 747, 12)
        r.validate = [s("random", 748, 15)]
        r.category = s("secret", 749, 15)
        r.severity = s("block", 750, 15)
        r.tags = [s("token", 751, 12)]
        r.examples = [s("VAULT_TOKEN = \"↓s.EIs1KewaHxIxMW8CBBeq6Xre↓\"", 753, 9), s("vaultKey: ↓s.A4q7TkOpIEHkkAwx5Qokbo6D↓", 754, 9)]
        r.negativeExamples = [s("VAULT_TOKEN_FILE = \"~/.config/vault/token\"", 756, 9), s("VAULT_URL = \"https://api.vault.com/v2\"", 757, 9)]
        return r
    }

    private static func rule33() -> RawRule {
        var r = RawRule(position: p(759, 5))
        r.id = s("adobe.client_secret", 759, 9)
        r.name = s("Adobe client secret", 760, 11)
        r.description = s("Adobe OAuth client secret (p8e- and 32 characters).", 761, 18)
        r.group = s("Identity and secrets managers", 762, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:p8e-[A-Za-z0-9]{32})(?![A-Za-z0-9_+/=-])", 763, 12)
        r.keywords = [s("p8e-", 764, 16)]
        r.validate = [s("random", 765, 15)]
        r.category = s("secret", 766, 15)
        r.severity = s("block", 767, 15)
        r.tags = [s("token", 768, 12)]
        r.examples = [s("ADOBE_CLIENT_SECRET=↓p8e-Ks73qiIvbnrs0r7s0rjetMbVUUlrfIbs↓", 770, 9), s("  \"adobe_client_secret\": \"↓p8e-dev7sbLvjJqJa2X0oPyaTwF4rlsC8ulx↓\",", 771, 9)]
        r.negativeExamples = [s("Adobe client secrets start with p8e-", 773, 9), s("grep -rn 'p8e-' docs/", 774, 9)]
        return r
    }

    private static func rule34() -> RawRule {
        var r = RawRule(position: p(776, 5))
        r.id = s("adobe.client_id", 776, 9)
        r.name = s("Adobe client ID", 777, 11)
        r.description = s("Adobe client ID (32 hex digits) after an Adobe label.", 778, 18)
        r.group = s("Identity and secrets managers", 779, 12)
        r.label = [s("adobe", 780, 13)]
        r.regex = s("[a-f0-9]{32}", 781, 12)
        r.validate = [s("random", 782, 15)]
        r.category = s("secret", 783, 15)
        r.severity = s("block", 784, 15)
        r.tags = [s("token", 785, 12)]
        r.examples = [s("ADOBE_TOKEN = \"↓df92d297643f1653cd9f4f4e07d89aab↓\"", 787, 9), s("adobeKey: ↓89639cdc9ec04a0f89adabc4f8c97ca4↓", 788, 9)]
        r.negativeExamples = [s("ADOBE_TOKEN_FILE = \"~/.config/adobe/token\"", 790, 9), s("ADOBE_URL = \"https://api.adobe.com/v2\"", 791, 9)]
        return r
    }

    private static func rule35() -> RawRule {
        var r = RawRule(position: p(793, 5))
        r.id = s("aws.bedrock_key", 793, 9)
        r.name = s("Amazon Bedrock API key", 794, 11)
        r.description = s("Amazon Bedrock API key, long-lived (ABSK…) or short-lived (bedrock-api-key-…).", 795, 18)
        r.group = s("Cloud platforms", 796, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ABSK[A-Za-z0-9+/]{109,269}={0,2}|bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%&?.-]{20,})(?![A-Za-z0-9_+/=-])", 797, 12)
        r.keywords = [s("ABSK", 798, 16), s("bedrock-api-key-", 798, 24)]
        r.validate = [s("random", 799, 15)]
        r.category = s("secret", 800, 15)
        r.severity = s("block", 801, 15)
        r.tags = [s("token", 802, 12)]
        r.examples = [s("AWS_BEARER_TOKEN_BEDROCK=↓ABSKjiWqs4MZRHOzloeybAZSS3K2eBug7wTqh2sAFik4XLd2wY1a7T3XYt/JswDPS8jbYlvlo1+XarJiw9OHmTZ94aiuJvqx2C6Jky7k1wFj5FQ9rkCFCWGEcIFx↓", 804, 9), s("  \"aws_bearer_token_bedrock\": \"↓ABSKEXgfmXHdkMzcfqsq57z4/fgsqdV6cJnc7oUhlHo5eL66BiFXDO4+2TwjQ15g3dTA3JnHBOmFRQL7lixxh+cI1hQuGfngtCV0SG+OBQoZTR8oc8981rta2qsL↓\",", 805, 9)]
        r.negativeExamples = [s("Amazon Bedrock API keys start with ABSK", 807, 9), s("grep -rn 'ABSK' docs/", 808, 9)]
        return r
    }

    private static func rule36() -> RawRule {
        var r = RawRule(position: p(810, 5))
        r.id = s("azure.client_secret", 810, 9)
        r.name = s("Azure AD client secret", 811, 11)
        r.description = s("Microsoft Entra ID (Azure AD) application client secret (three characters, a digit, Q~, 31–34 more).", 812, 18)
        r.group = s("Cloud platforms", 813, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34})(?![A-Za-z0-9_+/=-])", 814, 12)
        r.keywords = [s("Q~", 815, 16)]
        r.validate = [s("random", 816, 15)]
        r.category = s("secret", 817, 15)
        r.severity = s("block", 818, 15)
        r.tags = [s("token", 819, 12)]
        r.examples = [s("AZURE_CLIENT_SECRET=↓SqF2Q~qPjK01uNt4g8dpX8c4GfxlEIE5R7JGKNdG↓", 821, 9), s("  \"azure_client_secret\": \"↓as03Q~BAEWPrj7tU6iAjHuWzm0u4d5zsSPB4_rvm↓\",", 822, 9)]
        r.negativeExamples = [s("Azure AD client secrets start with Q~", 824, 9), s("grep -rn 'Q~' docs/", 825, 9)]
        return r
    }

    private static func rule37() -> RawRule {
        var r = RawRule(position: p(827, 5))
        r.id = s("alibaba.access_key", 827, 9)
        r.name = s("Alibaba Cloud access key ID", 828, 11)
        r.description = s("Alibaba Cloud AccessKey ID (LTAI and 20 characters).", 829, 18)
        r.group = s("Cloud platforms", 830, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:LTAI[A-Za-z0-9]{20})(?![A-Za-z0-9_+/=-])", 831, 12)
        r.keywords = [s("LTAI", 832, 16)]
        r.validate = [s("random", 833, 15)]
        r.category = s("secret", 834, 15)
        r.severity = s("block", 835, 15)
        r.tags = [s("token", 836, 12)]
        r.examples = [s("ALIBABA_CLOUD_ACCESS_KEY_ID=↓LTAIORCRo8fiVfZPEQwJwvBm↓", 838, 9), s("  \"alibaba_cloud_access_key_id\": \"↓LTAIqWkTikHVk1goZaymZxFT↓\",", 839, 9)]
        r.negativeExamples = [s("Alibaba Cloud access key IDs start with LTAI", 841, 9), s("grep -rn 'LTAI' docs/", 842, 9)]
        return r
    }

    private static func rule38() -> RawRule {
        var r = RawRule(position: p(844, 5))
        r.id = s("alibaba.secret_key", 844, 9)
        r.name = s("Alibaba Cloud secret", 845, 11)
        r.description = s("Alibaba Cloud AccessKey secret (30 characters) after an Alibaba label.", 846, 18)
        r.group = s("Cloud platforms", 847, 12)
        r.label = [s("alibaba", 848, 13), s("aliyun", 848, 22)]
        r.regex = s("[A-Za-z0-9]{30}", 849, 12)
        r.validate = [s("random", 850, 15)]
        r.category = s("secret", 851, 15)
        r.severity = s("block", 852, 15)
        r.tags = [s("token", 853, 12)]
        r.examples = [s("ALIBABA_TOKEN = \"↓BuWotxKgQliF0HrxOWipzE4pmMgfR8↓\"", 855, 9), s("alibabaKey: ↓jbWdxD5NzVI05qB2uQRJK9apXGlCvU↓", 856, 9)]
        r.negativeExamples = [s("ALIBABA_TOKEN_FILE = \"~/.config/alibaba/token\"", 858, 9), s("ALIBABA_URL = \"https://api.alibaba.com/v2\"", 859, 9)]
        return r
    }

    private static func rule39() -> RawRule {
        var r = RawRule(position: p(861, 5))
        r.id = s("yandex.key", 861, 9)
        r.name = s("Yandex Cloud key", 862, 11)
        r.description = s("Yandex Cloud IAM token (t1.…), API key (AQVN…) or static access key (YC…) after a Yandex label.", 863, 18)
        r.group = s("Cloud platforms", 864, 12)
        r.label = [s("yandex", 865, 13)]
        r.regex = s("t1\\.[A-Za-z0-9_-]+=*\\.[A-Za-z0-9_-]{86}=*|AQVN[A-Za-z0-9_-]{35,38}|YC[A-Za-z0-9_-]{38}", 866, 12)
        r.validate = [s("random", 867, 15)]
        r.category = s("secret", 868, 15)
        r.severity = s("block", 869, 15)
        r.tags = [s("token", 870, 12)]
        r.examples = [s("YANDEX_TOKEN = \"↓AQVNhihYHSWIHxQAKsyesP-F9UZruIrYzIr75KOp↓\"", 872, 9), s("yandexKey: ↓AQVNd3ZIy-cyGPb8QLRN_QRdMZEV8DylfpcyGn9B↓", 873, 9)]
        r.negativeExamples = [s("YANDEX_TOKEN_FILE = \"~/.config/yandex/token\"", 875, 9), s("YANDEX_URL = \"https://api.yandex.com/v2\"", 876, 9)]
        return r
    }

    private static func rule40() -> RawRule {
        var r = RawRule(position: p(878, 5))
        r.id = s("digitalocean.token", 878, 9)
        r.name = s("DigitalOcean token", 879, 11)
        r.description = s("DigitalOcean personal access, OAuth and refresh token (dop_v1_, doo_v1_, dor_v1_ and 64 hex digits).", 880, 18)
        r.group = s("Cloud platforms", 881, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:do[opr]_v1_[a-f0-9]{64})(?![A-Za-z0-9_+/=-])", 882, 12)
        r.keywords = [s("dop_v1_", 883, 16), s("doo_v1_", 883, 27), s("dor_v1_", 883, 38)]
        r.validate = [s("random", 884, 15)]
        r.category = s("secret", 885, 15)
        r.severity = s("block", 886, 15)
        r.tags = [s("token", 887, 12)]
        r.examples = [s("DIGITALOCEAN_ACCESS_TOKEN=↓dor_v1_9e916c371e93c42c34a64abf57e45a91747642f1373387f45818df2929e3e8c0↓", 889, 9), s("  \"digitalocean_access_token\": \"↓dop_v1_a573c3db5a19bf5cba4a77d167a48fd5ce2eeff1c4aec5ffd482616048345f46↓\",", 890, 9)]
        r.negativeExamples = [s("DigitalOcean tokens start with dop_v1_", 892, 9), s("grep -rn 'dop_v1_' docs/", 893, 9)]
        return r
    }

    private static func rule41() -> RawRule {
        var r = RawRule(position: p(895, 5))
        r.id = s("cloudflare.api_key", 895, 9)
        r.name = s("Cloudflare API key", 896, 11)
        r.description = s("Cloudflare API token (40 characters) or global API key (37 hex digits) after a Cloudflare label.", 897, 18)
        r.group = s("Cloud platforms", 898, 12)
        r.label = [s("cloudflare", 899, 13), s("cf_api", 899, 25)]
        r.regex = s("[A-Za-z0-9_-]{40}|[a-f0-9]{37}", 900, 12)
        r.validate = [s("random", 901, 15)]
        r.category = s("secret", 902, 15)
        r.severity = s("block", 903, 15)
        r.tags = [s("token", 904, 12)]
        r.examples = [s("CLOUDFLARE_TOKEN = \"↓kQAYTnWLoU9VZR2Cj6ccIiuGglhP5W2rY60Pot3V↓\"", 906, 9), s("cloudflareKey: ↓O0jKA6BKe_kfNx9movxmuP-Uyt46WhTzkFqTugzH↓", 907, 9)]
        r.negativeExamples = [s("CLOUDFLARE_TOKEN_FILE = \"~/.config/cloudflare/token\"", 909, 9), s("CLOUDFLARE_URL = \"https://api.cloudflare.com/v2\"", 910, 9)]
        return r
    }

    private static func rule42() -> RawRule {
        var r = RawRule(position: p(912, 5))
        r.id = s("cloudflare.origin_ca_key", 912, 9)
        r.name = s("Cloudflare Origin CA key", 913, 11)
        r.description = s("Cloudflare Origin CA key (v1.0-, 24 and 146 hex digits).", 914, 18)
        r.group = s("Cloud platforms", 915, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:v1\\.0-[a-f0-9]{24}-[a-f0-9]{146})(?![A-Za-z0-9_+/=-])", 916, 12)
        r.keywords = [s("v1.0-", 917, 16)]
        r.validate = [s("random", 918, 15)]
        r.category = s("secret", 919, 15)
        r.severity = s("block", 920, 15)
        r.tags = [s("token", 921, 12)]
        r.examples = [s("CF_ORIGIN_CA_KEY=↓v1.0-457cdd51d708204c89c524b7-19303620ab46a7b4430d8cb037915dcabe3953b2ae3c5438fcc3c1975edea342d8184f9f1a4b4f83afbe160548194184c62cebb081ed78db314ef913295827c0d910dd06c3c6f48240↓", 923, 9), s("  \"cf_origin_ca_key\": \"↓v1.0-851ee1b066e716938e3d2a08-1acdf9c2395b94332ffdd21bf818e06d87740c525e24b8a9ec5d43b1dafe908388ce3e2f45b272bc4c59c6868ab3953bb041871bcffaf1496cf8c47903bae6d5f23ed95779d22f213c↓\",", 924, 9)]
        r.negativeExamples = [s("Cloudflare Origin CA keys start with v1.0-", 926, 9), s("grep -rn 'v1.0-' docs/", 927, 9)]
        return r
    }

    private static func rule43() -> RawRule {
        var r = RawRule(position: p(929, 5))
        r.id = s("heroku.api_key", 929, 9)
        r.name = s("Heroku API key", 930, 11)
        r.description = s("Heroku API key (a UUID) after a Heroku label.", 931, 18)
        r.group = s("Cloud platforms", 932, 12)
        r.label = [s("heroku", 933, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 934, 12)
        r.validate = [s("random", 935, 15)]
        r.category = s("secret", 936, 15)
        r.severity = s("block", 937, 15)
        r.tags = [s("token", 938, 12)]
        r.examples = [s("HEROKU_TOKEN = \"↓f6cb23bd-cbfd-c41c-ce8b-5cf7eb6ac2d8↓\"", 940, 9), s("herokuKey: ↓d9751d1d-c9c2-fdf3-ff04-2c9660f37adb↓", 941, 9)]
        r.negativeExamples = [s("HEROKU_TOKEN_FILE = \"~/.config/heroku/token\"", 943, 9), s("HEROKU_URL = \"https://api.heroku.com/v2\"", 944, 9)]
        return r
    }

    private static func rule44() -> RawRule {
        var r = RawRule(position: p(946, 5))
        r.id = s("heroku.token", 946, 9)
        r.name = s("Heroku token", 947, 11)
        r.description = s("Heroku platform API token (HRKU-AA and 58 characters).", 948, 18)
        r.group = s("Cloud platforms", 949, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:HRKU-AA[A-Za-z0-9_-]{58})(?![A-Za-z0-9_+/=-])", 950, 12)
        r.keywords = [s("HRKU-", 951, 16)]
        r.validate = [s("random", 952, 15)]
        r.category = s("secret", 953, 15)
        r.severity = s("block", 954, 15)
        r.tags = [s("token", 955, 12)]
        r.examples = [s("HEROKU_API_KEY=↓HRKU-AAUbDkBLbPyljocA9E5A78ShI7L9RvbH5gqAhOrXhUCYRaFQYpgAxzEtPbX7↓", 957, 9), s("  \"heroku_api_key\": \"↓HRKU-AAAYghs9wZlv7xMjDoN1suazuvJDzzwPGoV8-CJmPLoz8Ip66wGXYzx9SVeN↓\",", 958, 9)]
        r.negativeExamples = [s("Heroku tokens start with HRKU-", 960, 9), s("grep -rn 'HRKU-' docs/", 961, 9)]
        return r
    }

    private static func rule45() -> RawRule {
        var r = RawRule(position: p(963, 5))
        r.id = s("flyio.token", 963, 9)
        r.name = s("Fly.io token", 964, 11)
        r.description = s("Fly.io access and macaroon tokens (fo1_, fm1a_, fm1r_, fm2_).", 965, 18)
        r.group = s("Cloud platforms", 966, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:fo1_[A-Za-z0-9_-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}={0,3}|fm2_[A-Za-z0-9+/]{100,}={0,3})(?![A-Za-z0-9_+/=-])", 967, 12)
        r.keywords = [s("fo1_", 968, 16), s("fm1a_", 968, 24), s("fm1r_", 968, 33), s("fm2_", 968, 42)]
        r.validate = [s("random", 969, 15)]
        r.category = s("secret", 970, 15)
        r.severity = s("block", 971, 15)
        r.tags = [s("token", 972, 12)]
        r.examples = [s("FLY_API_TOKEN=↓fo1_Vsbl7jpKL3s-4tXv3YLaZtYms0LFn_ZrqjCC6dcpz8A↓", 974, 9), s("  \"fly_api_token\": \"↓fo1_ytZf8TKXJZOQA6MsHTKlg7HQ8av8p-49FpyGdZ4a9Pu↓\",", 975, 9)]
        r.negativeExamples = [s("Fly.io tokens start with fo1_", 977, 9), s("grep -rn 'fo1_' docs/", 978, 9)]
        return r
    }

    private static func rule46() -> RawRule {
        var r = RawRule(position: p(980, 5))
        r.id = s("scalingo.token", 980, 9)
        r.name = s("Scalingo token", 981, 11)
        r.description = s("Scalingo API token (tk-us- and 48 characters).", 982, 18)
        r.group = s("Cloud platforms", 983, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:tk-us-[A-Za-z0-9_-]{48})(?![A-Za-z0-9_+/=-])", 984, 12)
        r.keywords = [s("tk-us-", 985, 16)]
        r.validate = [s("random", 986, 15)]
        r.category = s("secret", 987, 15)
        r.severity = s("block", 988, 15)
        r.tags = [s("token", 989, 12)]
        r.examples = [s("SCALINGO_API_TOKEN=↓tk-us-WkoqJFnwfUDL-uhw1jjI2SXHBdzNVd8Y5WHVk1AzqemMTNXr↓", 991, 9), s("  \"scalingo_api_token\": \"↓tk-us-szmMboPzsKoxTmPhw6jkoGjcZz49SCPJIGeAlTNBLZgH80jp↓\",", 992, 9)]
        r.negativeExamples = [s("Scalingo tokens start with tk-us-", 994, 9), s("grep -rn 'tk-us-' docs/", 995, 9)]
        return r
    }

    private static func rule47() -> RawRule {
        var r = RawRule(position: p(997, 5))
        r.id = s("netlify.token", 997, 9)
        r.name = s("Netlify token", 998, 11)
        r.description = s("Netlify access token (40–46 characters) after a Netlify label.", 999, 18)
        r.group = s("Cloud platforms", 1000, 12)
        r.label = [s("netlify", 1001, 13)]
        r.regex = s("[A-Za-z0-9_=-]{40,46}", 1002, 12)
        r.validate = [s("random", 1003, 15)]
        r.category = s("secret", 1004, 15)
        r.severity = s("block", 1005, 15)
        r.tags = [s("token", 1006, 12)]
        r.examples = [s("NETLIFY_TOKEN = \"↓vZ8A4FHAx4xAnXh3CHfYGBpzyRN9rvmqlC2fxYcnsun↓\"", 1008, 9), s("netlifyKey: ↓I0f9cfexdn8U_bmd2dAwh3V1wcwfUTb9gxb0n39Jqn4↓", 1009, 9)]
        r.negativeExamples = [s("NETLIFY_TOKEN_FILE = \"~/.config/netlify/token\"", 1011, 9), s("NETLIFY_URL = \"https://api.netlify.com/v2\"", 1012, 9)]
        return r
    }

    private static func rule48() -> RawRule {
        var r = RawRule(position: p(1014, 5))
        r.id = s("planetscale.token", 1014, 9)
        r.name = s("PlanetScale token", 1015, 11)
        r.description = s("PlanetScale API, OAuth token and database password (pscale_tkn_, pscale_oauth_, pscale_pw_).", 1016, 18)
        r.group = s("Cloud platforms", 1017, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_=.-]{32,64})(?![A-Za-z0-9_+/=-])", 1018, 12)
        r.keywords = [s("pscale_", 1019, 16)]
        r.validate = [s("random", 1020, 15)]
        r.category = s("secret", 1021, 15)
        r.severity = s("block", 1022, 15)
        r.tags = [s("token", 1023, 12)]
        r.examples = [s("PLANETSCALE_SERVICE_TOKEN=↓pscale_pw_XA90CjhIamhCG44WUlMG8Qa8L6Pkw5gs9VoqP2n0Ayk↓", 1025, 9), s("  \"planetscale_service_token\": \"↓pscale_pw_18Fdq4jbZGC8YPgsHU76qaXBd3Qnkzru3AdvNmsTuF0↓\",", 1026, 9)]
        r.negativeExamples = [s("PlanetScale tokens start with pscale_", 1028, 9), s("grep -rn 'pscale_' docs/", 1029, 9)]
        return r
    }

    private static func rule49() -> RawRule {
        var r = RawRule(position: p(1031, 5))
        r.id = s("clickhouse.secret", 1031, 9)
        r.name = s("ClickHouse Cloud key secret", 1032, 11)
        r.description = s("ClickHouse Cloud API key secret (4b1d and 38 characters).", 1033, 18)
        r.group = s("Cloud platforms", 1034, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:4b1d[A-Za-z0-9]{38})(?![A-Za-z0-9_+/=-])", 1035, 12)
        r.keywords = [s("4b1d", 1036, 16)]
        r.validate = [s("random", 1037, 15)]
        r.category = s("secret", 1038, 15)
        r.severity = s("block", 1039, 15)
        r.tags = [s("token", 1040, 12)]
        r.examples = [s("CLICKHOUSE_KEY_SECRET=↓4b1dayDjo2EXR7RMQcjXFBFeDzyEknmT0OvDmoEWnB↓", 1042, 9), s("  \"clickhouse_key_secret\": \"↓4b1dmYeyJMbEb86hDemUVvhgp6xROjCff2SCSLWE8W↓\",", 1043, 9)]
        r.negativeExamples = [s("ClickHouse Cloud key secrets start with 4b1d", 1045, 9), s("grep -rn '4b1d' docs/", 1046, 9)]
        return r
    }

    private static func rule50() -> RawRule {
        var r = RawRule(position: p(1048, 5))
        r.id = s("databricks.token", 1048, 9)
        r.name = s("Databricks token", 1049, 11)
        r.description = s("Databricks personal access token (dapi and 32 hex digits).", 1050, 18)
        r.group = s("Cloud platforms", 1051, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:dapi[a-f0-9]{32}(?:-[0-9])?)(?![A-Za-z0-9_+/=-])", 1052, 12)
        r.keywords = [s("dapi", 1053, 16)]
        r.validate = [s("random", 1054, 15)]
        r.category = s("secret", 1055, 15)
        r.severity = s("block", 1056, 15)
        r.tags = [s("token", 1057, 12)]
        r.examples = [s("DATABRICKS_TOKEN=↓dapia973cf1471703f2a5c9294087ea85388↓", 1059, 9), s("  \"databricks_token\": \"↓dapi338f27c8ecfc9d2d928b08c06e57eabd-3↓\",", 1060, 9)]
        r.negativeExamples = [s("Databricks tokens start with dapi", 1062, 9), s("grep -rn 'dapi' docs/", 1063, 9)]
        return r
    }

    private static func rule51() -> RawRule {
        var r = RawRule(position: p(1065, 5))
        r.id = s("confluent.key", 1065, 9)
        r.name = s("Confluent key", 1066, 11)
        r.description = s("Confluent Cloud API key (16) or secret (64 characters) after a Confluent label.", 1067, 18)
        r.group = s("Cloud platforms", 1068, 12)
        r.label = [s("confluent", 1069, 13)]
        r.regex = s("[A-Za-z0-9]{64}|[A-Za-z0-9]{16}", 1070, 12)
        r.validate = [s("random", 1071, 15)]
        r.category = s("secret", 1072, 15)
        r.severity = s("block", 1073, 15)
        r.tags = [s("token", 1074, 12)]
        r.examples = [s("CONFLUENT_TOKEN = \"↓bjQVhbPR9E6cFdwXRsAliJaocTcqvFGjHRQ2Kcb48A2Fst52PFeBqjTY2b1opJ9h↓\"", 1076, 9), s("confluentKey: ↓TeJXaaYwh5VpXvcvAvKwnuG03u0Ot8qxd4eC5624C8doR2CfXTJcdUUp2qeatrkp↓", 1077, 9)]
        r.negativeExamples = [s("CONFLUENT_TOKEN_FILE = \"~/.config/confluent/token\"", 1079, 9), s("CONFLUENT_URL = \"https://api.confluent.com/v2\"", 1080, 9)]
        return r
    }

    private static func rule52() -> RawRule {
        var r = RawRule(position: p(1082, 5))
        r.id = s("pulumi.token", 1082, 9)
        r.name = s("Pulumi token", 1083, 11)
        r.description = s("Pulumi access token (pul- and 40 hex digits).", 1084, 18)
        r.group = s("Cloud platforms", 1085, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:pul-[a-f0-9]{40})(?![A-Za-z0-9_+/=-])", 1086, 12)
        r.keywords = [s("pul-", 1087, 16)]
        r.validate = [s("random", 1088, 15)]
        r.category = s("secret", 1089, 15)
        r.severity = s("block", 1090, 15)
        r.tags = [s("token", 1091, 12)]
        r.examples = [s("PULUMI_ACCESS_TOKEN=↓pul-4a3a4168b971d43bf9a38ab84a3b54cc144e1873↓", 1093, 9), s("  \"pulumi_access_token\": \"↓pul-7b11a25c9194d62c6010e5e7751b540038021f5e↓\",", 1094, 9)]
        r.negativeExamples = [s("Pulumi tokens start with pul-", 1096, 9), s("grep -rn 'pul-' docs/", 1097, 9)]
        return r
    }

    private static func rule53() -> RawRule {
        var r = RawRule(position: p(1099, 5))
        r.id = s("infracost.token", 1099, 9)
        r.name = s("Infracost token", 1100, 11)
        r.description = s("Infracost API key (ico- and 32 characters).", 1101, 18)
        r.group = s("Cloud platforms", 1102, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ico-[A-Za-z0-9]{32})(?![A-Za-z0-9_+/=-])", 1103, 12)
        r.keywords = [s("ico-", 1104, 16)]
        r.validate = [s("random", 1105, 15)]
        r.category = s("secret", 1106, 15)
        r.severity = s("block", 1107, 15)
        r.tags = [s("token", 1108, 12)]
        r.examples = [s("INFRACOST_API_KEY=↓ico-reKABU5302n2fLAWeEdCuTqs19YsrMhx↓", 1110, 9), s("  \"infracost_api_key\": \"↓ico-wSnevnx78IUyZLEnJ91zFMI20n2gpHun↓\",", 1111, 9)]
        r.negativeExamples = [s("Infracost tokens start with ico-", 1113, 9), s("grep -rn 'ico-' docs/", 1114, 9)]
        return r
    }

    private static func rule54() -> RawRule {
        var r = RawRule(position: p(1116, 5))
        r.id = s("definednet.token", 1116, 9)
        r.name = s("Defined Networking token", 1117, 11)
        r.description = s("Defined Networking (Nebula) API token (dnkey-, 26 and 52 characters).", 1118, 18)
        r.group = s("Cloud platforms", 1119, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52})(?![A-Za-z0-9_+/=-])", 1120, 12)
        r.keywords = [s("dnkey-", 1121, 16)]
        r.validate = [s("random", 1122, 15)]
        r.category = s("secret", 1123, 15)
        r.severity = s("block", 1124, 15)
        r.tags = [s("token", 1125, 12)]
        r.examples = [s("DN_API_KEY=↓dnkey-ZH_vNrwOY5HhT0PrOZDjsGRf6y-pyWUlFebq3YUbcaHC8dC8PQ7H01A8zSwOhjHYEJUNefpWPP0e9bI↓", 1127, 9), s("  \"dn_api_key\": \"↓dnkey-SHK_1yJgKdtVu_Yu9wq6q4ltUe-H0R5xUWexOyDgE1qI82qPxdZ0fcUxl85820kOaZbPYuZehgC7bpe↓\",", 1128, 9)]
        r.negativeExamples = [s("Defined Networking tokens start with dnkey-", 1130, 9), s("grep -rn 'dnkey-' docs/", 1131, 9)]
        return r
    }

    private static func rule55() -> RawRule {
        var r = RawRule(position: p(1133, 5))
        r.id = s("openshift.token", 1133, 9)
        r.name = s("OpenShift token", 1134, 11)
        r.description = s("OpenShift OAuth access token (sha256~ and 43 characters).", 1135, 18)
        r.group = s("Cloud platforms", 1136, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sha256~[A-Za-z0-9_-]{43})(?![A-Za-z0-9_+/=-])", 1137, 12)
        r.keywords = [s("sha256~", 1138, 16)]
        r.validate = [s("random", 1139, 15)]
        r.category = s("secret", 1140, 15)
        r.severity = s("block", 1141, 15)
        r.tags = [s("token", 1142, 12)]
        r.examples = [s("OC_TOKEN=↓sha256~g0RubbnfdEItbxoIxu1mrwCF7taDh5koCKt6GFmpswe↓", 1144, 9), s("  \"oc_token\": \"↓sha256~FtkEVVobKS5cNz9Tv804CQ4Qmy4WUxuPihP7oC1E2GT↓\",", 1145, 9)]
        r.negativeExamples = [s("OpenShift tokens start with sha256~", 1147, 9), s("grep -rn 'sha256~' docs/", 1148, 9)]
        return r
    }

    private static func rule56() -> RawRule {
        var r = RawRule(position: p(1150, 5))
        r.id = s("artifactory.key", 1150, 9)
        r.name = s("Artifactory key", 1151, 11)
        r.description = s("JFrog Artifactory API key (AKCp…) and reference token (cmVmd…).", 1152, 18)
        r.group = s("Package registries", 1153, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})(?![A-Za-z0-9_+/=-])", 1154, 12)
        r.keywords = [s("AKCp", 1155, 16), s("cmVmd", 1155, 24)]
        r.validate = [s("random", 1156, 15)]
        r.category = s("secret", 1157, 15)
        r.severity = s("block", 1158, 15)
        r.tags = [s("token", 1159, 12)]
        r.examples = [s("ARTIFACTORY_API_KEY=↓cmVmdhTXkh6wJ5ba4sLyzWpnGVnOuFlIod4r6gcAb4E0KrGkiXAeOwyFfm0ASJeX↓", 1161, 9), s("  \"artifactory_api_key\": \"↓AKCpGKAdwJhru5RpAXUD0PSWe5HN77XKJhSi444SnN6Srvaai26nnijdvatqrIIKj2af6Tiuo↓\",", 1162, 9)]
        r.negativeExamples = [s("Artifactory keys start with AKCp", 1164, 9), s("grep -rn 'AKCp' docs/", 1165, 9)]
        return r
    }

    private static func rule57() -> RawRule {
        var r = RawRule(position: p(1167, 5))
        r.id = s("jfrog.token", 1167, 9)
        r.name = s("JFrog token", 1168, 11)
        r.description = s("JFrog API key (73) or identity token (64 characters) after a JFrog, Artifactory, Bintray or Xray label.", 1169, 18)
        r.group = s("Package registries", 1170, 12)
        r.label = [s("jfrog", 1171, 13), s("artifactory", 1171, 20), s("bintray", 1171, 33), s("xray", 1171, 42)]
        r.regex = s("[A-Za-z0-9]{73}|[A-Za-z0-9]{64}", 1172, 12)
        r.validate = [s("random", 1173, 15)]
        r.category = s("secret", 1174, 15)
        r.severity = s("block", 1175, 15)
        r.tags = [s("token", 1176, 12)]
        r.examples = [s("JFROG_TOKEN = \"↓zVCB5CVdHGMwKsQrGIGLVg9NbigTEDQ5FsOBVCZFJswuWwAWaZy4zIY1D58EZMZj↓\"", 1178, 9), s("jfrogKey: ↓vi2KSaoZHQ7CpfwF36DGI5i2VkjnmNCQUTMMTXbDzK1NAuRC5jCrumXyvcc3Q8P0↓", 1179, 9)]
        r.negativeExamples = [s("JFROG_TOKEN_FILE = \"~/.config/jfrog/token\"", 1181, 9), s("JFROG_URL = \"https://api.jfrog.com/v2\"", 1182, 9)]
        return r
    }

    private static func rule58() -> RawRule {
        var r = RawRule(position: p(1184, 5))
        r.id = s("gitlab.runner_registration", 1184, 9)
        r.name = s("GitLab runner registration token", 1185, 11)
        r.description = s("GitLab runner registration token (GR1348941 and 20 characters).", 1186, 18)
        r.group = s("Code hosting and CI", 1187, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:GR1348941[A-Za-z0-9_-]{20})(?![A-Za-z0-9_+/=-])", 1188, 12)
        r.keywords = [s("GR1348941", 1189, 16)]
        r.validate = [s("random", 1190, 15)]
        r.category = s("secret", 1191, 15)
        r.severity = s("block", 1192, 15)
        r.tags = [s("token", 1193, 12)]
        r.examples = [s("REGISTRATION_TOKEN=↓GR1348941SvLeKkOukoN12lzOqo5q↓", 1195, 9), s("  \"registration_token\": \"↓GR1348941qrrQnmIlZ9hAgkfUHrSA↓\",", 1196, 9)]
        r.negativeExamples = [s("GitLab runner registration tokens start with GR1348941", 1198, 9), s("grep -rn 'GR1348941' docs/", 1199, 9)]
        return r
    }

    private static func rule59() -> RawRule {
        var r = RawRule(position: p(1201, 5))
        r.id = s("gitlab.session_cookie", 1201, 9)
        r.name = s("GitLab session cookie", 1202, 11)
        r.description = s("GitLab session cookie (_gitlab_session= and 32 characters).", 1203, 18)
        r.group = s("Code hosting and CI", 1204, 12)
        r.regex = s("_gitlab_session=([0-9a-z]{32})", 1205, 12)
        r.secretGroup = i(1, 1206, 18)
        r.keywords = [s("_gitlab_session=", 1207, 16)]
        r.validate = [s("random", 1208, 15)]
        r.category = s("secret", 1209, 15)
        r.severity = s("block", 1210, 15)
        r.tags = [s("token", 1211, 12)]
        r.examples = [s("Cookie: _gitlab_session=↓rt2wenk0yju8xfi27galu0kttk044ol0↓; path=/", 1213, 9)]
        r.negativeExamples = [s("Cookie: _gitlab_session=deleted; path=/", 1215, 9)]
        return r
    }

    private static func rule60() -> RawRule {
        var r = RawRule(position: p(1217, 5))
        r.id = s("bitbucket.secret", 1217, 9)
        r.name = s("Bitbucket client secret", 1218, 11)
        r.description = s("Bitbucket OAuth client ID (32) or secret (64 characters) after a Bitbucket label.", 1219, 18)
        r.group = s("Code hosting and CI", 1220, 12)
        r.label = [s("bitbucket", 1221, 13)]
        r.regex = s("[A-Za-z0-9=_-]{64}|[A-Za-z0-9]{32}", 1222, 12)
        r.validate = [s("random", 1223, 15)]
        r.category = s("secret", 1224, 15)
        r.severity = s("block", 1225, 15)
        r.tags = [s("token", 1226, 12)]
        r.examples = [s("BITBUCKET_TOKEN = \"↓4ihRoEUd4Z6veeGrwMgClmLI4qf3C7L1↓\"", 1228, 9), s("bitbucketKey: ↓a7PcZ6V5qcjMOF0RDLwnv2ZcyTHmBx3e↓", 1229, 9)]
        r.negativeExamples = [s("BITBUCKET_TOKEN_FILE = \"~/.config/bitbucket/token\"", 1231, 9), s("BITBUCKET_URL = \"https://api.bitbucket.com/v2\"", 1232, 9)]
        return r
    }

    private static func rule61() -> RawRule {
        var r = RawRule(position: p(1234, 5))
        r.id = s("atlassian.token", 1234, 9)
        r.name = s("Atlassian API token", 1235, 11)
        r.description = s("Atlassian API token (ATATT3 and 186 characters).", 1236, 18)
        r.group = s("Code hosting and CI", 1237, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ATATT3[A-Za-z0-9_=-]{186})(?![A-Za-z0-9_+/=-])", 1238, 12)
        r.keywords = [s("ATATT3", 1239, 16)]
        r.validate = [s("random", 1240, 15)]
        r.category = s("secret", 1241, 15)
        r.severity = s("block", 1242, 15)
        r.tags = [s("token", 1243, 12)]
        r.examples = [s("JIRA_API_TOKEN=↓ATATT3foGl6-TfX6hYE1LPaIHX3P6sQqgq60vni_glsBI8DHnMDWPVtK1hYpYt3LXstoSA3XpMV7HyTn84qp3xingqYDb_xLrUk98jEFHvQdmyx8T2lLqquIwVT-9CNYKFlcB_NKZ1Bx-9uFUgjkmriUjyqwkRpNyV1yC3fjGABeou8fX65vbwWH2G-0Uqmi↓", 1245, 9), s("  \"jira_api_token\": \"↓ATATT3RgLolzHGJI_LxpeA69Pr6JRgd8tncROoPHD6VbRqFwZGX05BARDenoWCg_4xGw53c5BlmvIbEz-JJT8ffgynuJ0fkJKXEP5l7_FnJ7QDICVmsVPyBWZbh_0iXc8IADLKp7SoaNAxZuBYhdBSom_f4y8bJgphRYmUiUSTvW2_nbfUVdvsvZNo0tjAsc↓\",", 1246, 9)]
        r.negativeExamples = [s("Atlassian API tokens start with ATATT3", 1248, 9), s("grep -rn 'ATATT3' docs/", 1249, 9)]
        return r
    }

    private static func rule62() -> RawRule {
        var r = RawRule(position: p(1251, 5))
        r.id = s("atlassian.legacy_token", 1251, 9)
        r.name = s("Atlassian API token (legacy)", 1252, 11)
        r.description = s("Atlassian, Jira or Confluence API token of the old form (24 characters) after such a label.", 1253, 18)
        r.group = s("Code hosting and CI", 1254, 12)
        r.label = [s("atlassian", 1255, 13), s("confluence", 1255, 24), s("jira", 1255, 36)]
        r.regex = s("(?=[A-Za-z]*[0-9])[A-Za-z0-9]{24}", 1256, 12)
        r.validate = [s("random", 1257, 15)]
        r.category = s("secret", 1258, 15)
        r.severity = s("block", 1259, 15)
        r.tags = [s("token", 1260, 12)]
        r.examples = [s("ATLASSIAN_TOKEN = \"↓RVkWqG7Gl2IcT2QX9pairIAq↓\"", 1262, 9), s("atlassianKey: ↓KvjuGW3IEa39j0fm9CHjRJmJ↓", 1263, 9)]
        r.negativeExamples = [s("ATLASSIAN_TOKEN_FILE = \"~/.config/atlassian/token\"", 1265, 9), s("ATLASSIAN_URL = \"https://api.atlassian.com/v2\"", 1266, 9)]
        return r
    }

    private static func rule63() -> RawRule {
        var r = RawRule(position: p(1268, 5))
        r.id = s("codecov.token", 1268, 9)
        r.name = s("Codecov token", 1269, 11)
        r.description = s("Codecov upload token (32 characters or a UUID) after a Codecov label.", 1270, 18)
        r.group = s("Code hosting and CI", 1271, 12)
        r.label = [s("codecov", 1272, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9]{32}", 1273, 12)
        r.validate = [s("random", 1274, 15)]
        r.category = s("secret", 1275, 15)
        r.severity = s("block", 1276, 15)
        r.tags = [s("token", 1277, 12)]
        r.examples = [s("CODECOV_TOKEN = \"↓34721c33-4e59-01eb-8887-fcbed1847f2e↓\"", 1279, 9), s("codecovKey: ↓ab679bfb-179a-4fff-e525-644f89723fb2↓", 1280, 9)]
        r.negativeExamples = [s("CODECOV_TOKEN_FILE = \"~/.config/codecov/token\"", 1282, 9), s("CODECOV_URL = \"https://api.codecov.com/v2\"", 1283, 9)]
        return r
    }

    private static func rule64() -> RawRule {
        var r = RawRule(position: p(1285, 5))
        r.id = s("droneci.token", 1285, 9)
        r.name = s("Drone CI token", 1286, 11)
        r.description = s("Drone CI access token (32 characters) after a Drone label.", 1287, 18)
        r.group = s("Code hosting and CI", 1288, 12)
        r.label = [s("droneci", 1289, 13), s("drone_token", 1289, 22), s("drone-token", 1289, 35)]
        r.regex = s("[A-Za-z0-9]{32}", 1290, 12)
        r.validate = [s("random", 1291, 15)]
        r.category = s("secret", 1292, 15)
        r.severity = s("block", 1293, 15)
        r.tags = [s("token", 1294, 12)]
        r.examples = [s("DRONECI_TOKEN = \"↓Koo5piKw1M1qXCCPOQn4zXJwA4j7PjwX↓\"", 1296, 9), s("droneciKey: ↓tfrxIlIxmINu8jG0PX6XDV1OXBjocJK9↓", 1297, 9)]
        r.negativeExamples = [s("DRONECI_TOKEN_FILE = \"~/.config/droneci/token\"", 1299, 9), s("DRONECI_URL = \"https://api.droneci.com/v2\"", 1300, 9)]
        return r
    }

    private static func rule65() -> RawRule {
        var r = RawRule(position: p(1302, 5))
        r.id = s("travisci.token", 1302, 9)
        r.name = s("Travis CI token", 1303, 11)
        r.description = s("Travis CI access token (22 characters) after a Travis label.", 1304, 18)
        r.group = s("Code hosting and CI", 1305, 12)
        r.label = [s("travis", 1306, 13)]
        r.regex = s("[A-Za-z0-9]{22}", 1307, 12)
        r.validate = [s("random", 1308, 15)]
        r.category = s("secret", 1309, 15)
        r.severity = s("block", 1310, 15)
        r.tags = [s("token", 1311, 12)]
        r.examples = [s("TRAVIS_TOKEN = \"↓ICuYh0LJkWhEP4VNWwGVMq↓\"", 1313, 9), s("travisKey: ↓zb8nTJLOJDV8n0AXiYSq4i↓", 1314, 9)]
        r.negativeExamples = [s("TRAVIS_TOKEN_FILE = \"~/.config/travis/token\"", 1316, 9), s("TRAVIS_URL = \"https://api.travis.com/v2\"", 1317, 9)]
        return r
    }

    private static func rule66() -> RawRule {
        var r = RawRule(position: p(1319, 5))
        r.id = s("sourcegraph.token", 1319, 9)
        r.name = s("Sourcegraph token", 1320, 11)
        r.description = s("Sourcegraph access token (sgp_ and 40 hex digits, with an instance part or local).", 1321, 18)
        r.group = s("Code hosting and CI", 1322, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40})(?![A-Za-z0-9_+/=-])", 1323, 12)
        r.keywords = [s("sgp_", 1324, 16)]
        r.validate = [s("random", 1325, 15)]
        r.category = s("secret", 1326, 15)
        r.severity = s("block", 1327, 15)
        r.tags = [s("token", 1328, 12)]
        r.examples = [s("SRC_ACCESS_TOKEN=↓sgp_FAc7C7545e8Cf25b8d3F7Fc64BbD0cfd05aB3A92↓", 1330, 9), s("  \"src_access_token\": \"↓sgp_453cCe327dee3DbA_352bDceCdE5D219dfB00458F82d3531E50A2d4a7↓\",", 1331, 9)]
        r.negativeExamples = [s("Sourcegraph tokens start with sgp_", 1333, 9), s("grep -rn 'sgp_' docs/", 1334, 9)]
        return r
    }

    private static func rule67() -> RawRule {
        var r = RawRule(position: p(1336, 5))
        r.id = s("sourcegraph.legacy_token", 1336, 9)
        r.name = s("Sourcegraph token (legacy)", 1337, 11)
        r.description = s("Sourcegraph access token of the old form (40 hex digits) after a Sourcegraph label.", 1338, 18)
        r.group = s("Code hosting and CI", 1339, 12)
        r.label = [s("sourcegraph", 1340, 13)]
        r.regex = s("[a-f0-9]{40}", 1341, 12)
        r.validate = [s("random", 1342, 15)]
        r.category = s("secret", 1343, 15)
        r.severity = s("block", 1344, 15)
        r.tags = [s("token", 1345, 12)]
        r.examples = [s("SOURCEGRAPH_TOKEN = \"↓d0fd609ce90e8107823349362028327388991de2↓\"", 1347, 9), s("sourcegraphKey: ↓8769821f62b3311983c2483e4b28e87757f0fef9↓", 1348, 9)]
        r.negativeExamples = [s("SOURCEGRAPH_TOKEN_FILE = \"~/.config/sourcegraph/token\"", 1350, 9), s("SOURCEGRAPH_URL = \"https://api.sourcegraph.com/v2\"", 1351, 9)]
        return r
    }

    private static func rule68() -> RawRule {
        var r = RawRule(position: p(1353, 5))
        r.id = s("snyk.token", 1353, 9)
        r.name = s("Snyk token", 1354, 11)
        r.description = s("Snyk API or OAuth token (a UUID) after a Snyk label.", 1355, 18)
        r.group = s("Code hosting and CI", 1356, 12)
        r.label = [s("snyk", 1357, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 1358, 12)
        r.validate = [s("random", 1359, 15)]
        r.category = s("secret", 1360, 15)
        r.severity = s("block", 1361, 15)
        r.tags = [s("token", 1362, 12)]
        r.examples = [s("SNYK_TOKEN = \"↓119b581e-f936-b097-51ed-aa6e3c3f404c↓\"", 1364, 9), s("snykKey: ↓6a80760a-e830-2bbf-54c8-57e9ff6dfd4f↓", 1365, 9)]
        r.negativeExamples = [s("SNYK_TOKEN_FILE = \"~/.config/snyk/token\"", 1367, 9), s("SNYK_URL = \"https://api.snyk.com/v2\"", 1368, 9)]
        return r
    }

    private static func rule69() -> RawRule {
        var r = RawRule(position: p(1370, 5))
        r.id = s("sonar.token", 1370, 9)
        r.name = s("SonarQube token", 1371, 11)
        r.description = s("SonarQube / SonarCloud token (sqp_, squ_, sqa_ and 40 hex digits).", 1372, 18)
        r.group = s("Code hosting and CI", 1373, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sq[pua]_[a-f0-9]{40})(?![A-Za-z0-9_+/=-])", 1374, 12)
        r.keywords = [s("sqp_", 1375, 16), s("squ_", 1375, 24), s("sqa_", 1375, 32)]
        r.validate = [s("random", 1376, 15)]
        r.category = s("secret", 1377, 15)
        r.severity = s("block", 1378, 15)
        r.tags = [s("token", 1379, 12)]
        r.examples = [s("SONAR_TOKEN=↓sqp_8704de4aa8b4d2b2256ecefe296080e105da6375↓", 1381, 9), s("  \"sonar_token\": \"↓sqp_147cc9d7b80f7d0c80b8b65649a16248c8607d2c↓\",", 1382, 9)]
        r.negativeExamples = [s("SonarQube tokens start with sqp_", 1384, 9), s("grep -rn 'sqp_' docs/", 1385, 9)]
        return r
    }

    private static func rule70() -> RawRule {
        var r = RawRule(position: p(1387, 5))
        r.id = s("sonar.legacy_token", 1387, 9)
        r.name = s("SonarQube token (legacy)", 1388, 11)
        r.description = s("SonarQube login or token of the old form (40 characters) after a sonar.login or sonar token label.", 1389, 18)
        r.group = s("Code hosting and CI", 1390, 12)
        r.label = [s("sonar.login", 1391, 13), s("sonar_login", 1391, 26), s("sonar.token", 1391, 39), s("sonar_token", 1391, 52), s("sonar-token", 1391, 65), s("sonarqube_token", 1391, 78), s("sonarcloud_token", 1391, 95)]
        r.regex = s("[A-Za-z0-9=_-]{40}", 1392, 12)
        r.validate = [s("random", 1393, 15)]
        r.category = s("secret", 1394, 15)
        r.severity = s("block", 1395, 15)
        r.tags = [s("token", 1396, 12)]
        r.examples = [s("SONAR_LOGIN_TOKEN = \"↓0cab8681b1fdd4ce962548390e73ac18d630f347↓\"", 1398, 9), s("sonar.login.key: ↓277cafe28799b85990aaaf33db9a96b2716b1937↓", 1399, 9)]
        r.negativeExamples = [s("SONAR_LOGIN_TOKEN_FILE = \"~/.config/sonarlogin/token\"", 1401, 9), s("SONAR_LOGIN_URL = \"https://api.sonarlogin.com/v2\"", 1402, 9)]
        return r
    }

    private static func rule71() -> RawRule {
        var r = RawRule(position: p(1404, 5))
        r.id = s("harness.key", 1404, 9)
        r.name = s("Harness key", 1405, 11)
        r.description = s("Harness personal or service account token (pat. or sat. and three dotted parts).", 1406, 18)
        r.group = s("Code hosting and CI", 1407, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:(?:pat|sat)\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20})(?![A-Za-z0-9_+/=-])", 1408, 12)
        r.keywords = [s("pat.", 1409, 16), s("sat.", 1409, 24)]
        r.validate = [s("random", 1410, 15)]
        r.category = s("secret", 1411, 15)
        r.severity = s("block", 1412, 15)
        r.tags = [s("token", 1413, 12)]
        r.examples = [s("HARNESS_API_KEY=↓pat.ONaNd9Jmj6hJptOt9DBYHa.3npVywIDeEQAX5RoCmzYm0P6.48vufRaVuAkHsOufOXJT↓", 1415, 9), s("  \"harness_api_key\": \"↓pat.4rtUhh_JR26tBhSFePzdAx.LlgmKLoNCkPag2qWhXU1WLkI.0ReD0HWstMbPVDUHzbKw↓\",", 1416, 9)]
        r.negativeExamples = [s("Harness keys start with pat.", 1418, 9), s("grep -rn 'pat.' docs/", 1419, 9)]
        return r
    }

    private static func rule72() -> RawRule {
        var r = RawRule(position: p(1421, 5))
        r.id = s("octopus.key", 1421, 9)
        r.name = s("Octopus Deploy API key", 1422, 11)
        r.description = s("Octopus Deploy API key (API- and 26 capitals and digits).", 1423, 18)
        r.group = s("Code hosting and CI", 1424, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:API-[A-Z0-9]{26})(?![A-Za-z0-9_+/=-])", 1425, 12)
        r.keywords = [s("API-", 1426, 16)]
        r.validate = [s("random", 1427, 15)]
        r.category = s("secret", 1428, 15)
        r.severity = s("block", 1429, 15)
        r.tags = [s("token", 1430, 12)]
        r.examples = [s("OCTOPUS_API_KEY=↓API-WWSYR82OTHFODMHEOUVZO9RIJ9↓", 1432, 9), s("  \"octopus_api_key\": \"↓API-B11NFNL0ZGNDDELEE1776JDNEO↓\",", 1433, 9)]
        r.negativeExamples = [s("Octopus Deploy API keys start with API-", 1435, 9), s("grep -rn 'API-' docs/", 1436, 9)]
        return r
    }

    private static func rule73() -> RawRule {
        var r = RawRule(position: p(1438, 5))
        r.id = s("prefect.token", 1438, 9)
        r.name = s("Prefect token", 1439, 11)
        r.description = s("Prefect API key (pnu_ and 36 characters).", 1440, 18)
        r.group = s("Code hosting and CI", 1441, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:pnu_[A-Za-z0-9]{36})(?![A-Za-z0-9_+/=-])", 1442, 12)
        r.keywords = [s("pnu_", 1443, 16)]
        r.validate = [s("random", 1444, 15)]
        r.category = s("secret", 1445, 15)
        r.severity = s("block", 1446, 15)
        r.tags = [s("token", 1447, 12)]
        r.examples = [s("PREFECT_API_KEY=↓pnu_hxSntMPT10eyqAz5nah51vJ4PaNrLIC2RxCc↓", 1449, 9), s("  \"prefect_api_key\": \"↓pnu_8AfRlCXMwpTrX7Gnav8Wjh6qMdV1Dbq3tGRB↓\",", 1450, 9)]
        r.negativeExamples = [s("Prefect tokens start with pnu_", 1452, 9), s("grep -rn 'pnu_' docs/", 1453, 9)]
        return r
    }

    private static func rule74() -> RawRule {
        var r = RawRule(position: p(1455, 5))
        r.id = s("gitter.token", 1455, 9)
        r.name = s("Gitter token", 1456, 11)
        r.description = s("Gitter access token (40 characters) after a Gitter label.", 1457, 18)
        r.group = s("Code hosting and CI", 1458, 12)
        r.label = [s("gitter", 1459, 13)]
        r.regex = s("[A-Za-z0-9_-]{40}", 1460, 12)
        r.validate = [s("random", 1461, 15)]
        r.category = s("secret", 1462, 15)
        r.severity = s("block", 1463, 15)
        r.tags = [s("token", 1464, 12)]
        r.examples = [s("GITTER_TOKEN = \"↓KzHfqOav_y9UBP5b8JFOb8y_gXPuiWwByis6_wQU↓\"", 1466, 9), s("gitterKey: ↓Gqz2T7G4q2Bru25mRiSNWMZVmGIBa5Q2cx28b_yE↓", 1467, 9)]
        r.negativeExamples = [s("GITTER_TOKEN_FILE = \"~/.config/gitter/token\"", 1469, 9), s("GITTER_URL = \"https://api.gitter.com/v2\"", 1470, 9)]
        return r
    }

    private static func rule75() -> RawRule {
        var r = RawRule(position: p(1472, 5))
        r.id = s("postman.key", 1472, 9)
        r.name = s("Postman API key", 1473, 11)
        r.description = s("Postman API key (PMAK-, 24 and 34 hex digits).", 1474, 18)
        r.group = s("Code hosting and CI", 1475, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34})(?![A-Za-z0-9_+/=-])", 1476, 12)
        r.keywords = [s("PMAK-", 1477, 16)]
        r.validate = [s("random", 1478, 15)]
        r.category = s("secret", 1479, 15)
        r.severity = s("block", 1480, 15)
        r.tags = [s("token", 1481, 12)]
        r.examples = [s("POSTMAN_API_KEY=↓PMAK-0B6DfbfeF3bec86bcebb65bC-FE71b5F37548F2E47AB9786fC3d1fbb8Be↓", 1483, 9), s("  \"postman_api_key\": \"↓PMAK-4D84cBB02e7BEC6F44aCeF6D-Bd345cbDdc7B1eFF3A2df1Fd2deD13fd11↓\",", 1484, 9)]
        r.negativeExamples = [s("Postman API keys start with PMAK-", 1486, 9), s("grep -rn 'PMAK-' docs/", 1487, 9)]
        return r
    }

    private static func rule76() -> RawRule {
        var r = RawRule(position: p(1489, 5))
        r.id = s("settlemint.token", 1489, 9)
        r.name = s("SettleMint token", 1490, 11)
        r.description = s("SettleMint application, personal and service access token (sm_aat_, sm_pat_, sm_sat_).", 1491, 18)
        r.group = s("Code hosting and CI", 1492, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sm_(?:aat|pat|sat)_[A-Za-z0-9]{16})(?![A-Za-z0-9_+/=-])", 1493, 12)
        r.keywords = [s("sm_aat_", 1494, 16), s("sm_pat_", 1494, 27), s("sm_sat_", 1494, 38)]
        r.validate = [s("random", 1495, 15)]
        r.category = s("secret", 1496, 15)
        r.severity = s("block", 1497, 15)
        r.tags = [s("token", 1498, 12)]
        r.examples = [s("SETTLEMINT_ACCESS_TOKEN=↓sm_pat_9paJUqPfixSCr8jV↓", 1500, 9), s("  \"settlemint_access_token\": \"↓sm_aat_A0v8Rb28KQpL70ed↓\",", 1501, 9)]
        r.negativeExamples = [s("SettleMint tokens start with sm_aat_", 1503, 9), s("grep -rn 'sm_aat_' docs/", 1504, 9)]
        return r
    }

    private static func rule77() -> RawRule {
        var r = RawRule(position: p(1506, 5))
        r.id = s("rubygems.key", 1506, 9)
        r.name = s("RubyGems API key", 1507, 11)
        r.description = s("RubyGems API key (rubygems_ and 48 hex digits).", 1508, 18)
        r.group = s("Package registries", 1509, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:rubygems_[a-f0-9]{48})(?![A-Za-z0-9_+/=-])", 1510, 12)
        r.keywords = [s("rubygems_", 1511, 16)]
        r.validate = [s("random", 1512, 15)]
        r.category = s("secret", 1513, 15)
        r.severity = s("block", 1514, 15)
        r.tags = [s("token", 1515, 12)]
        r.examples = [s("GEM_HOST_API_KEY=↓rubygems_e23a57d9ca0512b37ad87a5c7a1e98fbc98e05f65ac98024↓", 1517, 9), s("  \"gem_host_api_key\": \"↓rubygems_ea6ea08f7b54b0d9d6772b2f31b816ff6739a259e1b53dc4↓\",", 1518, 9)]
        r.negativeExamples = [s("RubyGems API keys start with rubygems_", 1520, 9), s("grep -rn 'rubygems_' docs/", 1521, 9)]
        return r
    }

    private static func rule78() -> RawRule {
        var r = RawRule(position: p(1523, 5))
        r.id = s("clojars.token", 1523, 9)
        r.name = s("Clojars token", 1524, 11)
        r.description = s("Clojars deploy token (CLOJARS_ and 60 characters).", 1525, 18)
        r.group = s("Package registries", 1526, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:CLOJARS_[A-Za-z0-9]{60})(?![A-Za-z0-9_+/=-])", 1527, 12)
        r.keywords = [s("CLOJARS_", 1528, 16)]
        r.validate = [s("random", 1529, 15)]
        r.category = s("secret", 1530, 15)
        r.severity = s("block", 1531, 15)
        r.tags = [s("token", 1532, 12)]
        r.examples = [s("CLOJARS_PASSWORD=↓CLOJARS_7egw1wb1zkgoryjc8hf0j7323o0fzpzac3qb7gmwtz8vf10oxesa81c3lx0y↓", 1534, 9), s("  \"clojars_password\": \"↓CLOJARS_fvysmu7d1fmiqvmu3coips69kpwv79ndkz5pq5o79nd0mudgzvj2l44gzk6v↓\",", 1535, 9)]
        r.negativeExamples = [s("Clojars tokens start with CLOJARS_", 1537, 9), s("grep -rn 'CLOJARS_' docs/", 1538, 9)]
        return r
    }

    private static func rule79() -> RawRule {
        var r = RawRule(position: p(1540, 5))
        r.id = s("nuget.password", 1540, 9)
        r.name = s("NuGet config password", 1541, 11)
        r.description = s("A password in a NuGet.config package source credential (<add key=\"ClearTextPassword\" value=\"…\" />).", 1542, 18)
        r.group = s("Package registries", 1543, 12)
        r.regex = s("<add key=\"(?:ClearText)?Password\"\\s*value=\"([^\"]{8,})\"", 1544, 12)
        r.secretGroup = i(1, 1545, 18)
        r.keywords = [s("<add key=", 1546, 16)]
        r.validate = [s("random", 1547, 15)]
        r.category = s("secret", 1548, 15)
        r.severity = s("block", 1549, 15)
        r.tags = [s("token", 1550, 12)]
        r.examples = [s("<add key=\"ClearTextPassword\" value=\"↓eEUl0O!2%qX%OP↓\" />", 1552, 9)]
        r.negativeExamples = [s("<add key=\"Username\" value=\"build-agent-01\" />", 1554, 9)]
        return r
    }

    private static func rule80() -> RawRule {
        var r = RawRule(position: p(1556, 5))
        r.id = s("readme.key", 1556, 9)
        r.name = s("ReadMe API key", 1557, 11)
        r.description = s("ReadMe API key (rdme_ and 70 characters).", 1558, 18)
        r.group = s("Package registries", 1559, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:rdme_[a-z0-9]{70})(?![A-Za-z0-9_+/=-])", 1560, 12)
        r.keywords = [s("rdme_", 1561, 16)]
        r.validate = [s("random", 1562, 15)]
        r.category = s("secret", 1563, 15)
        r.severity = s("block", 1564, 15)
        r.tags = [s("token", 1565, 12)]
        r.examples = [s("README_API_KEY=↓rdme_qkl877ihb1vsth7hbn0apkvv4h5pfbmlr0y5ni7eyxqurbkuyofds7thi2dkd09jcd5cg7↓", 1567, 9), s("  \"readme_api_key\": \"↓rdme_u1ai43x5bnharn4gfxn328yutgmkj0vouyo28imkc3gqbbx8klp2wrexwmywvvgbvy9nq2↓\",", 1568, 9)]
        r.negativeExamples = [s("ReadMe API keys start with rdme_", 1570, 9), s("grep -rn 'rdme_' docs/", 1571, 9)]
        return r
    }

    private static func rule81() -> RawRule {
        var r = RawRule(position: p(1573, 5))
        r.id = s("cohere.key", 1573, 9)
        r.name = s("Cohere API key", 1574, 11)
        r.description = s("Cohere API key (40 characters) after a Cohere label.", 1575, 18)
        r.group = s("AI services", 1576, 12)
        r.label = [s("cohere", 1577, 13), s("co_api_key", 1577, 21)]
        r.regex = s("[A-Za-z0-9]{40}", 1578, 12)
        r.validate = [s("random", 1579, 15)]
        r.category = s("secret", 1580, 15)
        r.severity = s("block", 1581, 15)
        r.tags = [s("token", 1582, 12)]
        r.examples = [s("COHERE_TOKEN = \"↓sWsdfw3mFOxyNc5WFo6C7wD6bBBuYPtYA5aaoeom↓\"", 1584, 9), s("cohereKey: ↓vpXXJN2kgNJAqE9RfDsV3M5LCKqH13N9EIOI5ldF↓", 1585, 9)]
        r.negativeExamples = [s("COHERE_TOKEN_FILE = \"~/.config/cohere/token\"", 1587, 9), s("COHERE_URL = \"https://api.cohere.com/v2\"", 1588, 9)]
        return r
    }

    private static func rule82() -> RawRule {
        var r = RawRule(position: p(1590, 5))
        r.id = s("perplexity.key", 1590, 9)
        r.name = s("Perplexity API key", 1591, 11)
        r.description = s("Perplexity API key (pplx- and 48 characters).", 1592, 18)
        r.group = s("AI services", 1593, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:pplx-[A-Za-z0-9]{48})(?![A-Za-z0-9_+/=-])", 1594, 12)
        r.keywords = [s("pplx-", 1595, 16)]
        r.validate = [s("random", 1596, 15)]
        r.category = s("secret", 1597, 15)
        r.severity = s("block", 1598, 15)
        r.tags = [s("token", 1599, 12)]
        r.examples = [s("PERPLEXITY_API_KEY=↓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↓", 1601, 9), s("  \"perplexity_api_key\": \"↓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↓\",", 1602, 9)]
        r.negativeExamples = [s("Perplexity API keys start with pplx-", 1604, 9), s("grep -rn 'pplx-' docs/", 1605, 9)]
        return r
    }

    private static func rule83() -> RawRule {
        var r = RawRule(position: p(1607, 5))
        r.id = s("privateai.key", 1607, 9)
        r.name = s("Private AI key", 1608, 11)
        r.description = s("Private AI API key (32 characters) after a Private AI label.", 1609, 18)
        r.group = s("AI services", 1610, 12)
        r.label = [s("privateai", 1611, 13), s("private_ai", 1611, 24), s("private-ai", 1611, 36)]
        r.regex = s("[A-Za-z0-9]{32}", 1612, 12)
        r.validate = [s("random", 1613, 15)]
        r.category = s("secret", 1614, 15)
        r.severity = s("block", 1615, 15)
        r.tags = [s("token", 1616, 12)]
        r.examples = [s("PRIVATEAI_TOKEN = \"↓ZhZROI1TzES30epkFtCD6iYUHl2XzzP2↓\"", 1618, 9), s("privateaiKey: ↓jmjGxhrW3sHqq3bsYTgiwZqLO3ylKoYj↓", 1619, 9)]
        r.negativeExamples = [s("PRIVATEAI_TOKEN_FILE = \"~/.config/privateai/token\"", 1621, 9), s("PRIVATEAI_URL = \"https://api.privateai.com/v2\"", 1622, 9)]
        return r
    }

    private static func rule84() -> RawRule {
        var r = RawRule(position: p(1624, 5))
        r.id = s("discord.secret", 1624, 9)
        r.name = s("Discord secret", 1625, 11)
        r.description = s("Discord bot token, client secret (32) or public key (64 hex digits), or client ID (18 digits) after a Discord label.", 1626, 18)
        r.group = s("Chat, social and productivity", 1627, 12)
        r.label = [s("discord", 1628, 13)]
        r.regex = s("[MNO][A-Za-z0-9_-]{23,27}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}|[a-f0-9]{64}|[A-Za-z0-9=_-]{32}|[0-9]{17,19}", 1629, 12)
        r.validate = [s("random", 1630, 15)]
        r.category = s("secret", 1631, 15)
        r.severity = s("block", 1632, 15)
        r.tags = [s("token", 1633, 12)]
        r.examples = [s("DISCORD_TOKEN = \"↓1b27f8ebc35dac244bbea36bab06b6cea529cac7f1300872ec3693a74be2ef1c↓\"", 1635, 9), s("discordKey: ↓39c5a4178144089b78eed9fd42f832529ad6410d648e61428837be83fbefcae0↓", 1636, 9)]
        r.negativeExamples = [s("DISCORD_TOKEN_FILE = \"~/.config/discord/token\"", 1638, 9), s("DISCORD_URL = \"https://api.discord.com/v2\"", 1639, 9)]
        return r
    }

    private static func rule85() -> RawRule {
        var r = RawRule(position: p(1641, 5))
        r.id = s("telegram.bot_token", 1641, 9)
        r.name = s("Telegram bot token", 1642, 11)
        r.description = s("Telegram bot token (the bot's number, a colon, A and 34 characters) after a Telegram label.", 1643, 18)
        r.group = s("Chat, social and productivity", 1644, 12)
        r.label = [s("telegram", 1645, 13), s("tg_bot", 1645, 23), s("tg-bot", 1645, 31)]
        r.regex = s("[0-9]{5,16}:A[A-Za-z0-9_-]{34}", 1646, 12)
        r.validate = [s("random", 1647, 15)]
        r.category = s("secret", 1648, 15)
        r.severity = s("block", 1649, 15)
        r.tags = [s("token", 1650, 12)]
        r.examples = [s("TELEGRAM_TOKEN = \"↓74105154114:AddnEVoWP0U6_hXduBSAxfXL3k7jBsdsO-P↓\"", 1652, 9), s("telegramKey: ↓36607237:AGyw5LBj7FbpfC029HanYJMrv6LmTtB04wT↓", 1653, 9)]
        r.negativeExamples = [s("TELEGRAM_TOKEN_FILE = \"~/.config/telegram/token\"", 1655, 9), s("TELEGRAM_URL = \"https://api.telegram.com/v2\"", 1656, 9)]
        return r
    }

    private static func rule86() -> RawRule {
        var r = RawRule(position: p(1658, 5))
        r.id = s("teams.webhook", 1658, 9)
        r.name = s("Microsoft Teams webhook", 1659, 11)
        r.description = s("Microsoft Teams incoming webhook URL (….webhook.office.com/webhookb2/…): the path after webhookb2/.", 1660, 18)
        r.group = s("Chat, social and productivity", 1661, 12)
        r.regex = s("[a-z0-9]+\\.webhook\\.office\\.com/webhookb2/([a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}@[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12})", 1662, 12)
        r.secretGroup = i(1, 1663, 18)
        r.keywords = [s("webhook.office.com", 1664, 16)]
        r.validate = [s("random", 1665, 15)]
        r.category = s("secret", 1666, 15)
        r.severity = s("block", 1667, 15)
        r.tags = [s("token", 1668, 12)]
        r.examples = [s("https://contoso.webhook.office.com/webhookb2/↓ljdq568w-1ryu-1rcy-jj6f-qcjshj19gpt9@gsdge1bt-p6oc-dug2-9sqx-rpb65sf7ofgl/IncomingWebhook/v4ngrdoz5hmhus3dfdla8wf9ugtz7sj2/uy3wn4c4-2e32-270e-k22o-zq0qe7u1g57q↓", 1670, 9)]
        r.negativeExamples = [s("see https://learn.microsoft.com/webhook.office.com/webhookb2 setup", 1672, 9)]
        return r
    }

    private static func rule87() -> RawRule {
        var r = RawRule(position: p(1674, 5))
        r.id = s("mattermost.token", 1674, 9)
        r.name = s("Mattermost token", 1675, 11)
        r.description = s("Mattermost access token (26 characters) after a Mattermost label.", 1676, 18)
        r.group = s("Chat, social and productivity", 1677, 12)
        r.label = [s("mattermost", 1678, 13)]
        r.regex = s("[a-z0-9]{26}", 1679, 12)
        r.validate = [s("random", 1680, 15)]
        r.category = s("secret", 1681, 15)
        r.severity = s("block", 1682, 15)
        r.tags = [s("token", 1683, 12)]
        r.examples = [s("MATTERMOST_TOKEN = \"↓m9808pku9b5sj4efbkwnrjgaam↓\"", 1685, 9), s("mattermostKey: ↓x1fauxfp6yrmpta6j5ogrtmu0g↓", 1686, 9)]
        r.negativeExamples = [s("MATTERMOST_TOKEN_FILE = \"~/.config/mattermost/token\"", 1688, 9), s("MATTERMOST_URL = \"https://api.mattermost.com/v2\"", 1689, 9)]
        return r
    }

    private static func rule88() -> RawRule {
        var r = RawRule(position: p(1691, 5))
        r.id = s("notion.token", 1691, 9)
        r.name = s("Notion token", 1692, 11)
        r.description = s("Notion integration token (ntn_, 11 digits and 35 characters).", 1693, 18)
        r.group = s("Chat, social and productivity", 1694, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ntn_[0-9]{11}[A-Za-z0-9]{35})(?![A-Za-z0-9_+/=-])", 1695, 12)
        r.keywords = [s("ntn_", 1696, 16)]
        r.validate = [s("random", 1697, 15)]
        r.category = s("secret", 1698, 15)
        r.severity = s("block", 1699, 15)
        r.tags = [s("token", 1700, 12)]
        r.examples = [s("NOTION_TOKEN=↓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↓", 1702, 9), s("  \"notion_token\": \"↓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↓\",", 1703, 9)]
        r.negativeExamples = [s("Notion tokens start with ntn_", 1705, 9), s("grep -rn 'ntn_' docs/", 1706, 9)]
        return r
    }

    private static func rule89() -> RawRule {
        var r = RawRule(position: p(1708, 5))
        r.id = s("twitch.token", 1708, 9)
        r.name = s("Twitch token", 1709, 11)
        r.description = s("Twitch API token (30 characters) after a Twitch label.", 1710, 18)
        r.group = s("Chat, social and productivity", 1711, 12)
        r.label = [s("twitch", 1712, 13)]
        r.regex = s("[a-z0-9]{30}", 1713, 12)
        r.validate = [s("random", 1714, 15)]
        r.category = s("secret", 1715, 15)
        r.severity = s("block", 1716, 15)
        r.tags = [s("token", 1717, 12)]
        r.examples = [s("TWITCH_TOKEN = \"↓6666vxcht8gm1ke9nvlq4ohaw4uva0↓\"", 1719, 9), s("twitchKey: ↓ad2kjs8opdyosjj3dptodl6halha21↓", 1720, 9)]
        r.negativeExamples = [s("TWITCH_TOKEN_FILE = \"~/.config/twitch/token\"", 1722, 9), s("TWITCH_URL = \"https://api.twitch.com/v2\"", 1723, 9)]
        return r
    }

    private static func rule90() -> RawRule {
        var r = RawRule(position: p(1725, 5))
        r.id = s("twitter.key", 1725, 9)
        r.name = s("Twitter / X key", 1726, 11)
        r.description = s("Twitter (X) API key, secret, access token and secret, or bearer token after a Twitter label.", 1727, 18)
        r.group = s("Chat, social and productivity", 1728, 12)
        r.label = [s("twitter", 1729, 13)]
        r.regex = s("[0-9]{15,25}-[A-Za-z0-9]{20,40}|A{22}[A-Za-z0-9%]{80,100}|[A-Za-z0-9]{50}|[A-Za-z0-9]{45}|[A-Za-z0-9]{25}", 1730, 12)
        r.category = s("secret", 1731, 15)
        r.severity = s("block", 1732, 15)
        r.tags = [s("token", 1733, 12)]
        r.examples = [s("TWITTER_TOKEN = \"↓2468966102874918106-tdrQjn16pl0bYDSPfO6kxrXWP9RfCH↓\"", 1735, 9), s("twitterKey: ↓1659328673449133461-K1my7nMaYyQag8VZXQpyiQN6VqcLSZ↓", 1736, 9)]
        r.negativeExamples = [s("TWITTER_TOKEN_FILE = \"~/.config/twitter/token\"", 1738, 9), s("TWITTER_URL = \"https://api.twitter.com/v2\"", 1739, 9)]
        return r
    }

    private static func rule91() -> RawRule {
        var r = RawRule(position: p(1741, 5))
        r.id = s("facebook.token", 1741, 9)
        r.name = s("Facebook access token", 1742, 11)
        r.description = s("Facebook page or user access token (EAAC or EAAM and 100 or more characters).", 1743, 18)
        r.group = s("Chat, social and productivity", 1744, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:EAA[MC][A-Za-z0-9]{100,})(?![A-Za-z0-9_+/=-])", 1745, 12)
        r.keywords = [s("EAAM", 1746, 16), s("EAAC", 1746, 24)]
        r.validate = [s("random", 1747, 15)]
        r.category = s("secret", 1748, 15)
        r.severity = s("block", 1749, 15)
        r.tags = [s("token", 1750, 12)]
        r.examples = [s("FB_ACCESS_TOKEN=↓EAACN3DpCmji6HZ1RaA4f6quioFBiCyffDjvAd96XGA4ICPPvTSFieIZoFMEC57QHDq81ZV8pbYJwX4rqMLKBjPNF7muppJXncZtjSnghPQZ3e2Oti↓", 1752, 9), s("  \"fb_access_token\": \"↓EAACnhBEIFIjpUuPdUqs2OB9QbU3o4oLCw1OMFELpg8phXgDxGFLMylMX78rHJYjimdCgJT9tO2djuyjBohduiBI5F1ZwdGT7fbPHne7hp5wYohrQX↓\",", 1753, 9)]
        r.negativeExamples = [s("Facebook access tokens start with EAAM", 1755, 9), s("grep -rn 'EAAM' docs/", 1756, 9)]
        return r
    }

    private static func rule92() -> RawRule {
        var r = RawRule(position: p(1758, 5))
        r.id = s("facebook.app_token", 1758, 9)
        r.name = s("Facebook app access token", 1759, 11)
        r.description = s("Facebook app access token: the app's 15- or 16-digit id, | (or %7C) and its secret.", 1760, 18)
        r.group = s("Chat, social and productivity", 1761, 12)
        r.regex = s("(?<![0-9])[0-9]{15,16}(?:\\||%7C)([A-Za-z0-9_-]{27,40})(?![A-Za-z0-9_-])", 1762, 12)
        r.secretGroup = i(1, 1763, 18)
        r.keywords = [s("facebook", 1764, 16), s("fb_", 1764, 26), s("graph.facebook", 1764, 31), s("access_token", 1764, 47)]
        r.validate = [s("random", 1765, 15)]
        r.category = s("secret", 1766, 15)
        r.severity = s("block", 1767, 15)
        r.tags = [s("token", 1768, 12)]
        r.examples = [s("facebook app token 1308742762612587|↓rhoK1cbv0DOU_RTX_87O4MkX7AI↓", 1770, 9), s("https://graph.facebook.com/me?access_token=1477036645700765%7C↓wRPf2v3mt2JfMqCLK8n7oltrEmc↓", 1771, 9)]
        r.negativeExamples = [s("facebook | 1308742762612587 | 2024-05-01", 1773, 9)]
        return r
    }

    private static func rule93() -> RawRule {
        var r = RawRule(position: p(1775, 5))
        r.id = s("facebook.secret", 1775, 9)
        r.name = s("Facebook secret", 1776, 11)
        r.description = s("Facebook app secret (32 hex digits) or app access token (app id|secret) after a Facebook label.", 1777, 18)
        r.group = s("Chat, social and productivity", 1778, 12)
        r.label = [s("facebook", 1779, 13)]
        r.regex = s("[0-9]{15,16}(?:\\||%7C)[A-Za-z0-9_-]{27,40}|[a-f0-9]{32}", 1780, 12)
        r.validate = [s("random", 1781, 15)]
        r.category = s("secret", 1782, 15)
        r.severity = s("block", 1783, 15)
        r.tags = [s("token", 1784, 12)]
        r.examples = [s("FACEBOOK_TOKEN = \"↓cabd5904f9a362c6e62107070479896d↓\"", 1786, 9), s("facebookKey: ↓4d1386c4873d842bcf96bd8584e09e9b↓", 1787, 9)]
        r.negativeExamples = [s("FACEBOOK_TOKEN_FILE = \"~/.config/facebook/token\"", 1789, 9), s("FACEBOOK_URL = \"https://api.facebook.com/v2\"", 1790, 9)]
        return r
    }

    private static func rule94() -> RawRule {
        var r = RawRule(position: p(1792, 5))
        r.id = s("linkedin.secret", 1792, 9)
        r.name = s("LinkedIn client secret", 1793, 11)
        r.description = s("LinkedIn client ID (14) or secret (16 characters) after a LinkedIn label.", 1794, 18)
        r.group = s("Chat, social and productivity", 1795, 12)
        r.label = [s("linkedin", 1796, 13), s("linked_in", 1796, 23), s("linked-in", 1796, 34)]
        r.regex = s("[A-Za-z0-9]{16}|[A-Za-z0-9]{14}", 1797, 12)
        r.validate = [s("random", 1798, 15)]
        r.category = s("secret", 1799, 15)
        r.severity = s("block", 1800, 15)
        r.tags = [s("token", 1801, 12)]
        r.examples = [s("LINKEDIN_TOKEN = \"↓qS0X5dRcaxzafl↓\"", 1803, 9), s("linkedinKey: ↓WlYPLdZnqJvCMi↓", 1804, 9)]
        r.negativeExamples = [s("LINKEDIN_TOKEN_FILE = \"~/.config/linkedin/token\"", 1806, 9), s("LINKEDIN_URL = \"https://api.linkedin.com/v2\"", 1807, 9)]
        return r
    }

    private static func rule95() -> RawRule {
        var r = RawRule(position: p(1809, 5))
        r.id = s("dropbox.token", 1809, 9)
        r.name = s("Dropbox token", 1810, 11)
        r.description = s("Dropbox short-lived (sl.…), long-lived or app token after a Dropbox label.", 1811, 18)
        r.group = s("Chat, social and productivity", 1812, 12)
        r.label = [s("dropbox", 1813, 13)]
        r.regex = s("sl\\.[A-Za-z0-9_=-]{130,}|[A-Za-z0-9]{11}AAAAAAAAAA[A-Za-z0-9_=-]{43}|[A-Za-z0-9]{15}", 1814, 12)
        r.category = s("secret", 1815, 15)
        r.severity = s("block", 1816, 15)
        r.tags = [s("token", 1817, 12)]
        r.examples = [s("DROPBOX_TOKEN = \"↓sl.iYHISHEGsaZza-IhbXqi9pyzNhFx2pQXdzhOYF-gP3OYodwuDJbcQyhEOUMJ6pFjj1_TLwi8RxWMP9CqkUA3teYKHVMyZG2lXJeRsxnTYK7vNmD_PON5arYg_V6U1hktjQVaMoa↓\"", 1819, 9), s("dropboxKey: ↓sl.swmLZizHmQox5JHD-zwFuhGCvrGfgcl_Jf_FraTf6-Ox53hV5l_C5V1cqeTYV3p9Q6eTSw9q1cpNcXUm_wdXPxZi9i7juhIu2MMuIZPQHbL7v3RK5t9upEd9CTy47wXpaM5p9_3↓", 1820, 9)]
        r.negativeExamples = [s("DROPBOX_TOKEN_FILE = \"~/.config/dropbox/token\"", 1822, 9), s("DROPBOX_URL = \"https://api.dropbox.com/v2\"", 1823, 9)]
        return r
    }

    private static func rule96() -> RawRule {
        var r = RawRule(position: p(1825, 5))
        r.id = s("asana.secret", 1825, 9)
        r.name = s("Asana secret", 1826, 11)
        r.description = s("Asana client ID (16 digits) or secret (32 characters) after an Asana label.", 1827, 18)
        r.group = s("Chat, social and productivity", 1828, 12)
        r.label = [s("asana", 1829, 13)]
        r.regex = s("[A-Za-z0-9]{32}|[0-9]{16}", 1830, 12)
        r.validate = [s("random", 1831, 15)]
        r.category = s("secret", 1832, 15)
        r.severity = s("block", 1833, 15)
        r.tags = [s("token", 1834, 12)]
        r.examples = [s("ASANA_TOKEN = \"↓fxO0odTc7jeU9M828RyCH3UDEG6Dv80j↓\"", 1836, 9), s("asanaKey: ↓1074454160599999↓", 1837, 9)]
        r.negativeExamples = [s("ASANA_TOKEN_FILE = \"~/.config/asana/token\"", 1839, 9), s("ASANA_URL = \"https://api.asana.com/v2\"", 1840, 9)]
        return r
    }

    private static func rule97() -> RawRule {
        var r = RawRule(position: p(1842, 5))
        r.id = s("airtable.token", 1842, 9)
        r.name = s("Airtable token", 1843, 11)
        r.description = s("Airtable personal access token (pat, 14 characters, a dot and 64 hex digits).", 1844, 18)
        r.group = s("Chat, social and productivity", 1845, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:pat[A-Za-z0-9]{14}\\.[a-f0-9]{64})(?![A-Za-z0-9_+/=-])", 1846, 12)
        r.keywords = [s("pat", 1847, 16)]
        r.validate = [s("random", 1848, 15)]
        r.category = s("secret", 1849, 15)
        r.severity = s("block", 1850, 15)
        r.tags = [s("token", 1851, 12)]
        r.examples = [s("AIRTABLE_TOKEN=↓patx53Icd92nNN9CE.1418056ee28e81bba37746b970c4283c5d59b10d7634484ca8da0f481705b4af↓", 1853, 9), s("  \"airtable_token\": \"↓pat7PuLmWeqH44pLJ.10032b2300adb0f792c51352ed0e758d3f64418dbbc6c8e94bb772fd1b11e9ff↓\",", 1854, 9)]
        r.negativeExamples = [s("Airtable tokens start with pat", 1856, 9), s("grep -rn 'pat' docs/", 1857, 9)]
        return r
    }

    private static func rule98() -> RawRule {
        var r = RawRule(position: p(1859, 5))
        r.id = s("airtable.key", 1859, 9)
        r.name = s("Airtable API key", 1860, 11)
        r.description = s("Airtable API key of the old form (17 characters) after an Airtable label.", 1861, 18)
        r.group = s("Chat, social and productivity", 1862, 12)
        r.label = [s("airtable", 1863, 13)]
        r.regex = s("[A-Za-z0-9]{17}", 1864, 12)
        r.validate = [s("random", 1865, 15)]
        r.category = s("secret", 1866, 15)
        r.severity = s("block", 1867, 15)
        r.tags = [s("token", 1868, 12)]
        r.examples = [s("AIRTABLE_TOKEN = \"↓sOkbjZEWCCgH6pyG3↓\"", 1870, 9), s("airtableKey: ↓gMiybQToGTEcrwhig↓", 1871, 9)]
        r.negativeExamples = [s("AIRTABLE_TOKEN_FILE = \"~/.config/airtable/token\"", 1873, 9), s("AIRTABLE_URL = \"https://api.airtable.com/v2\"", 1874, 9)]
        return r
    }

    private static func rule99() -> RawRule {
        var r = RawRule(position: p(1876, 5))
        r.id = s("typeform.token", 1876, 9)
        r.name = s("Typeform token", 1877, 11)
        r.description = s("Typeform personal access token (tfp_ and 59 characters).", 1878, 18)
        r.group = s("Chat, social and productivity", 1879, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:tfp_[A-Za-z0-9_.=-]{59})(?![A-Za-z0-9_+/=-])", 1880, 12)
        r.keywords = [s("tfp_", 1881, 16)]
        r.validate = [s("random", 1882, 15)]
        r.category = s("secret", 1883, 15)
        r.severity = s("block", 1884, 15)
        r.tags = [s("token", 1885, 12)]
        r.examples = [s("TYPEFORM_TOKEN=↓tfp_MVV4kUC7cFePEI96NLrTaYfDFhdgxrC6sKmlsfvT06SUmSKH_ZYEEOWQuoh↓", 1887, 9), s("  \"typeform_token\": \"↓tfp_t0rlD5O6PmmJlLul__eOuoqcLFBdeiea9924UGLyMawb3iTLnMDfEICKyCt↓\",", 1888, 9)]
        r.negativeExamples = [s("Typeform tokens start with tfp_", 1890, 9), s("grep -rn 'tfp_' docs/", 1891, 9)]
        return r
    }

    private static func rule100() -> RawRule {
        var r = RawRule(position: p(1893, 5))
        r.id = s("intercom.token", 1893, 9)
        r.name = s("Intercom token", 1894, 11)
        r.description = s("Intercom access token (60 characters) after an Intercom label.", 1895, 18)
        r.group = s("Chat, social and productivity", 1896, 12)
        r.label = [s("intercom", 1897, 13)]
        r.regex = s("[A-Za-z0-9=_-]{60}", 1898, 12)
        r.validate = [s("random", 1899, 15)]
        r.category = s("secret", 1900, 15)
        r.severity = s("block", 1901, 15)
        r.tags = [s("token", 1902, 12)]
        r.examples = [s("INTERCOM_TOKEN = \"↓cZPdpe1AIbV8yBKMwWZ9c5ESEzVrQ2EMeyJS7pMdiQax1S7bXWAIyDKwcCuO↓\"", 1904, 9), s("intercomKey: ↓thwfiOWpqyaTC4dvXss53ZcBphVFDgq9bMYQW3u9V9ieAZnvQLtWci1IdzVb↓", 1905, 9)]
        r.negativeExamples = [s("INTERCOM_TOKEN_FILE = \"~/.config/intercom/token\"", 1907, 9), s("INTERCOM_URL = \"https://api.intercom.com/v2\"", 1908, 9)]
        return r
    }

    private static func rule101() -> RawRule {
        var r = RawRule(position: p(1910, 5))
        r.id = s("zendesk.token", 1910, 9)
        r.name = s("Zendesk token", 1911, 11)
        r.description = s("Zendesk API token (40 characters) after a Zendesk label.", 1912, 18)
        r.group = s("Chat, social and productivity", 1913, 12)
        r.label = [s("zendesk", 1914, 13)]
        r.regex = s("[A-Za-z0-9]{40}", 1915, 12)
        r.validate = [s("random", 1916, 15)]
        r.category = s("secret", 1917, 15)
        r.severity = s("block", 1918, 15)
        r.tags = [s("token", 1919, 12)]
        r.examples = [s("ZENDESK_TOKEN = \"↓Aijv9oEIlLYj65QDSzAWhxziwGHIv1olropeRMSS↓\"", 1921, 9), s("zendeskKey: ↓rcjx6rhKf8jQQpjjauorOubTMLEw0UXx7hWJsB2w↓", 1922, 9)]
        r.negativeExamples = [s("ZENDESK_TOKEN_FILE = \"~/.config/zendesk/token\"", 1924, 9), s("ZENDESK_URL = \"https://api.zendesk.com/v2\"", 1925, 9)]
        return r
    }

    private static func rule102() -> RawRule {
        var r = RawRule(position: p(1927, 5))
        r.id = s("frameio.token", 1927, 9)
        r.name = s("Frame.io token", 1928, 11)
        r.description = s("Frame.io developer token (fio-u- and 64 characters).", 1929, 18)
        r.group = s("Chat, social and productivity", 1930, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:fio-u-[A-Za-z0-9_=-]{64})(?![A-Za-z0-9_+/=-])", 1931, 12)
        r.keywords = [s("fio-u-", 1932, 16)]
        r.validate = [s("random", 1933, 15)]
        r.category = s("secret", 1934, 15)
        r.severity = s("block", 1935, 15)
        r.tags = [s("token", 1936, 12)]
        r.examples = [s("FRAMEIO_TOKEN=↓fio-u-mPQkpLWZpbx1UG01Axo5fkGUGvWrVplMZkj3DNCNHt9ZayheJH2SCNaWGype62xs↓", 1938, 9), s("  \"frameio_token\": \"↓fio-u-554UMPLoNLHsuMTo5M3gFLYaAUweJEVq16AZX3cbli6MOJcrmwwvGEfV_3FRoi28↓\",", 1939, 9)]
        r.negativeExamples = [s("Frame.io tokens start with fio-u-", 1941, 9), s("grep -rn 'fio-u-' docs/", 1942, 9)]
        return r
    }

    private static func rule103() -> RawRule {
        var r = RawRule(position: p(1944, 5))
        r.id = s("beamer.token", 1944, 9)
        r.name = s("Beamer token", 1945, 11)
        r.description = s("Beamer API key (b_ and 44 characters) after a Beamer label.", 1946, 18)
        r.group = s("Chat, social and productivity", 1947, 12)
        r.label = [s("beamer", 1948, 13)]
        r.regex = s("b_[A-Za-z0-9=_-]{44}", 1949, 12)
        r.validate = [s("random", 1950, 15)]
        r.category = s("secret", 1951, 15)
        r.severity = s("block", 1952, 15)
        r.tags = [s("token", 1953, 12)]
        r.examples = [s("BEAMER_TOKEN = \"↓b_r0AYj5caHl9eZvKfREiXoE0fMkcbJV9aYOyASF4CCzCG↓\"", 1955, 9), s("beamerKey: ↓b_l8vdFGPYqLmwVm8vhjAThkNncCa8BwlnhktZXIVWgrFF↓", 1956, 9)]
        r.negativeExamples = [s("BEAMER_TOKEN_FILE = \"~/.config/beamer/token\"", 1958, 9), s("BEAMER_URL = \"https://api.beamer.com/v2\"", 1959, 9)]
        return r
    }

    private static func rule104() -> RawRule {
        var r = RawRule(position: p(1961, 5))
        r.id = s("intra42.secret", 1961, 9)
        r.name = s("42 intranet secret", 1962, 11)
        r.description = s("42 school intranet client secret (s-s4t2ud- or s-s4t2af- and 64 hex digits).", 1963, 18)
        r.group = s("Chat, social and productivity", 1964, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:s-s4t2(?:ud|af)-[a-f0-9]{64})(?![A-Za-z0-9_+/=-])", 1965, 12)
        r.keywords = [s("s-s4t2", 1966, 16)]
        r.validate = [s("random", 1967, 15)]
        r.category = s("secret", 1968, 15)
        r.severity = s("block", 1969, 15)
        r.tags = [s("token", 1970, 12)]
        r.examples = [s("INTRA42_SECRET=↓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↓", 1972, 9), s("  \"intra42_secret\": \"↓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↓\",", 1973, 9)]
        r.negativeExamples = [s("42 intranet secrets start with s-s4t2", 1975, 9), s("grep -rn 's-s4t2' docs/", 1976, 9)]
        return r
    }

    private static func rule105() -> RawRule {
        var r = RawRule(position: p(1978, 5))
        r.id = s("mailgun.key", 1978, 9)
        r.name = s("Mailgun key", 1979, 11)
        r.description = s("Mailgun private API key (key-…), public key (pubkey-…) or webhook signing key after a Mailgun label.", 1980, 18)
        r.group = s("E-mail and messaging", 1981, 12)
        r.label = [s("mailgun", 1982, 13)]
        r.regex = s("key-[a-f0-9]{32}|pubkey-[a-f0-9]{32}|[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}", 1983, 12)
        r.validate = [s("random", 1984, 15)]
        r.category = s("secret", 1985, 15)
        r.severity = s("block", 1986, 15)
        r.tags = [s("token", 1987, 12)]
        r.examples = [s("MAILGUN_TOKEN = \"↓key-8b52495d22fa8c11875d96fb21855051↓\"", 1989, 9), s("mailgunKey: ↓key-3bd6e13d18ea1e27f16b8d15d4aaf173↓", 1990, 9)]
        r.negativeExamples = [s("MAILGUN_TOKEN_FILE = \"~/.config/mailgun/token\"", 1992, 9), s("MAILGUN_URL = \"https://api.mailgun.com/v2\"", 1993, 9)]
        return r
    }

    private static func rule106() -> RawRule {
        var r = RawRule(position: p(1995, 5))
        r.id = s("mailchimp.key", 1995, 9)
        r.name = s("Mailchimp API key", 1996, 11)
        r.description = s("Mailchimp API key (32 hex digits, -us and the data centre's number).", 1997, 18)
        r.group = s("E-mail and messaging", 1998, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[a-f0-9]{32}-us[0-9]{1,2})(?![A-Za-z0-9_+/=-])", 1999, 12)
        r.keywords = [s("-us", 2000, 16)]
        r.validate = [s("random", 2001, 15)]
        r.category = s("secret", 2002, 15)
        r.severity = s("block", 2003, 15)
        r.tags = [s("token", 2004, 12)]
        r.examples = [s("MAILCHIMP_API_KEY=↓cea772e24d214fe137b008575a9e0339-us49↓", 2006, 9), s("  \"mailchimp_api_key\": \"↓e3110c7d8de443ebee3794642b942fed-us0↓\",", 2007, 9)]
        r.negativeExamples = [s("Mailchimp API keys start with -us", 2009, 9), s("grep -rn '-us' docs/", 2010, 9)]
        return r
    }

    private static func rule107() -> RawRule {
        var r = RawRule(position: p(2012, 5))
        r.id = s("brevo.key", 2012, 9)
        r.name = s("Brevo (Sendinblue) key", 2013, 11)
        r.description = s("Brevo (Sendinblue) API and SMTP key (xkeysib- or xsmtpsib-, 64 hex digits and 16 characters).", 2014, 18)
        r.group = s("E-mail and messaging", 2015, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16})(?![A-Za-z0-9_+/=-])", 2016, 12)
        r.keywords = [s("xkeysib-", 2017, 16), s("xsmtpsib-", 2017, 28)]
        r.validate = [s("random", 2018, 15)]
        r.category = s("secret", 2019, 15)
        r.severity = s("block", 2020, 15)
        r.tags = [s("token", 2021, 12)]
        r.examples = [s("BREVO_API_KEY=↓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↓", 2023, 9), s("  \"brevo_api_key\": \"↓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↓\",", 2024, 9)]
        r.negativeExamples = [s("Brevo (Sendinblue) keys start with xkeysib-", 2026, 9), s("grep -rn 'xkeysib-' docs/", 2027, 9)]
        return r
    }

    private static func rule108() -> RawRule {
        var r = RawRule(position: p(2029, 5))
        r.id = s("messagebird.key", 2029, 9)
        r.name = s("MessageBird key", 2030, 11)
        r.description = s("MessageBird API key (25 characters) or client ID (a UUID) after a MessageBird label.", 2031, 18)
        r.group = s("E-mail and messaging", 2032, 12)
        r.label = [s("messagebird", 2033, 13), s("message_bird", 2033, 26), s("message-bird", 2033, 40)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9]{25}", 2034, 12)
        r.validate = [s("random", 2035, 15)]
        r.category = s("secret", 2036, 15)
        r.severity = s("block", 2037, 15)
        r.tags = [s("token", 2038, 12)]
        r.examples = [s("MESSAGEBIRD_TOKEN = \"↓gqZRrk2T8xCUmcyAqWWJMbB3w↓\"", 2040, 9), s("messagebirdKey: ↓xpR4qXs8g8jXsEaIv7eSpDn96↓", 2041, 9)]
        r.negativeExamples = [s("MESSAGEBIRD_TOKEN_FILE = \"~/.config/messagebird/token\"", 2043, 9), s("MESSAGEBIRD_URL = \"https://api.messagebird.com/v2\"", 2044, 9)]
        return r
    }

    private static func rule109() -> RawRule {
        var r = RawRule(position: p(2046, 5))
        r.id = s("sendbird.token", 2046, 9)
        r.name = s("Sendbird token", 2047, 11)
        r.description = s("Sendbird API token (40 hex digits) or application ID (a UUID) after a Sendbird label.", 2048, 18)
        r.group = s("E-mail and messaging", 2049, 12)
        r.label = [s("sendbird", 2050, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-f0-9]{40}", 2051, 12)
        r.validate = [s("random", 2052, 15)]
        r.category = s("secret", 2053, 15)
        r.severity = s("block", 2054, 15)
        r.tags = [s("token", 2055, 12)]
        r.examples = [s("SENDBIRD_TOKEN = \"↓d05d76bb8de1099a354d0c1a3405fc93ceee9c16↓\"", 2057, 9), s("sendbirdKey: ↓a23239643a73e597eff69158d12b124bf873fd93↓", 2058, 9)]
        r.negativeExamples = [s("SENDBIRD_TOKEN_FILE = \"~/.config/sendbird/token\"", 2060, 9), s("SENDBIRD_URL = \"https://api.sendbird.com/v2\"", 2061, 9)]
        return r
    }

    private static func rule110() -> RawRule {
        var r = RawRule(position: p(2063, 5))
        r.id = s("stripe.test_key", 2063, 9)
        r.name = s("Stripe test key", 2064, 11)
        r.description = s("Stripe test-mode and production secret and restricted keys (sk_test_, rk_test_, sk_prod_, rk_prod_): they open the test account.", 2065, 18)
        r.group = s("Payments and commerce", 2066, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[sr]k_(?:test|prod)_[A-Za-z0-9]{10,247})(?![A-Za-z0-9_+/=-])", 2067, 12)
        r.keywords = [s("sk_test_", 2068, 16), s("rk_test_", 2068, 28), s("sk_prod_", 2068, 40), s("rk_prod_", 2068, 52)]
        r.validate = [s("random", 2069, 15)]
        r.category = s("secret", 2070, 15)
        r.severity = s("warn", 2071, 15)
        r.tags = [s("token", 2072, 12)]
        r.examples = [s("stripe listen --api-key ↓sk_test_p8RBG5sxEC75FUkKI8tL0AIV↓", 2074, 9), s("  \"stripe_secret_key\": \"↓sk_test_pEsZRfH1o8nJPeesevADnhbV↓\",", 2075, 9)]
        r.negativeExamples = [s("Stripe test keys start with sk_test_", 2077, 9), s("grep -rn 'sk_test_' docs/", 2078, 9)]
        return r
    }

    private static func rule111() -> RawRule {
        var r = RawRule(position: p(2080, 5))
        r.id = s("square.token", 2080, 9)
        r.name = s("Square token", 2081, 11)
        r.description = s("Square access token (EAAA… or sq0atp-…) and application secret (sq0csp-…).", 2082, 18)
        r.group = s("Payments and commerce", 2083, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:(?:EAAA|sq0atp-)[A-Za-z0-9_-]{22,60}|sq0csp-[A-Za-z0-9_-]{43})(?![A-Za-z0-9_+/=-])", 2084, 12)
        r.keywords = [s("EAAA", 2085, 16), s("sq0atp-", 2085, 24), s("sq0csp-", 2085, 35)]
        r.validate = [s("random", 2086, 15)]
        r.category = s("secret", 2087, 15)
        r.severity = s("block", 2088, 15)
        r.tags = [s("token", 2089, 12)]
        r.examples = [s("SQUARE_ACCESS_TOKEN=↓EAAAhzzUjS7oOlVmAzDovZ6rUqs0Xgk3-ZxUseX-M0IiQ37ZrFh2DcpWyHQVPjsr↓", 2091, 9), s("  \"square_access_token\": \"↓EAAAbSMPgncKSyk0ZK4Z8BQOuJF1VeiXnK7aYfQAtpxQ-54MCIyzNLWPxfm4NvW0↓\",", 2092, 9)]
        r.negativeExamples = [s("Square tokens start with EAAA", 2094, 9), s("grep -rn 'EAAA' docs/", 2095, 9)]
        return r
    }

    private static func rule112() -> RawRule {
        var r = RawRule(position: p(2097, 5))
        r.id = s("shopify.token", 2097, 9)
        r.name = s("Shopify token", 2098, 11)
        r.description = s("Shopify access, custom app, private app token and shared secret (shpat_, shpca_, shppa_, shpss_ and 32 hex digits).", 2099, 18)
        r.group = s("Payments and commerce", 2100, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})(?![A-Za-z0-9_+/=-])", 2101, 12)
        r.keywords = [s("shpat_", 2102, 16), s("shpca_", 2102, 26), s("shppa_", 2102, 36), s("shpss_", 2102, 46)]
        r.validate = [s("random", 2103, 15)]
        r.category = s("secret", 2104, 15)
        r.severity = s("block", 2105, 15)
        r.tags = [s("token", 2106, 12)]
        r.examples = [s("SHOPIFY_ACCESS_TOKEN=↓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↓", 2108, 9), s("  \"shopify_access_token\": \"↓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↓\",", 2109, 9)]
        r.negativeExamples = [s("Shopify tokens start with shpat_", 2111, 9), s("grep -rn 'shpat_' docs/", 2112, 9)]
        return r
    }

    private static func rule113() -> RawRule {
        var r = RawRule(position: p(2114, 5))
        r.id = s("plaid.secret", 2114, 9)
        r.name = s("Plaid secret", 2115, 11)
        r.description = s("Plaid access token (access-…), secret (30) or client ID (24 characters) after a Plaid label.", 2116, 18)
        r.group = s("Payments and commerce", 2117, 12)
        r.label = [s("plaid", 2118, 13)]
        r.regex = s("access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9]{30}|[A-Za-z0-9]{24}", 2119, 12)
        r.validate = [s("random", 2120, 15)]
        r.category = s("secret", 2121, 15)
        r.severity = s("block", 2122, 15)
        r.tags = [s("token", 2123, 12)]
        r.examples = [s("PLAID_TOKEN = \"↓access-production-af0ebfdd-5d21-8014-8234-2018b038760e↓\"", 2125, 9), s("plaidKey: ↓access-production-e0d76bc9-34de-bfec-a586-82ee8f2c7923↓", 2126, 9)]
        r.negativeExamples = [s("PLAID_TOKEN_FILE = \"~/.config/plaid/token\"", 2128, 9), s("PLAID_URL = \"https://api.plaid.com/v2\"", 2129, 9)]
        return r
    }

    private static func rule114() -> RawRule {
        var r = RawRule(position: p(2131, 5))
        r.id = s("coinbase.token", 2131, 9)
        r.name = s("Coinbase token", 2132, 11)
        r.description = s("Coinbase access token (64 characters) after a Coinbase label.", 2133, 18)
        r.group = s("Payments and commerce", 2134, 12)
        r.label = [s("coinbase", 2135, 13)]
        r.regex = s("[A-Za-z0-9_-]{64}", 2136, 12)
        r.validate = [s("random", 2137, 15)]
        r.category = s("secret", 2138, 15)
        r.severity = s("block", 2139, 15)
        r.tags = [s("token", 2140, 12)]
        r.examples = [s("COINBASE_TOKEN = \"↓jfzeI7f-4-ymhozusH-DmHu3YAp5KbuOiuPlIvzUihnMcA4QjU35OScIw5Ueby98↓\"", 2142, 9), s("coinbaseKey: ↓BvF8Xg_H5ZE2_6C_b73VaYaUs6pJs8I5HjaGgD6N0KxrIAru8fJ4bQE3FmF96T1v↓", 2143, 9)]
        r.negativeExamples = [s("COINBASE_TOKEN_FILE = \"~/.config/coinbase/token\"", 2145, 9), s("COINBASE_URL = \"https://api.coinbase.com/v2\"", 2146, 9)]
        return r
    }

    private static func rule115() -> RawRule {
        var r = RawRule(position: p(2148, 5))
        r.id = s("kraken.token", 2148, 9)
        r.name = s("Kraken key", 2149, 11)
        r.description = s("Kraken API secret (80–90 characters) after a Kraken label.", 2150, 18)
        r.group = s("Payments and commerce", 2151, 12)
        r.label = [s("kraken", 2152, 13)]
        r.regex = s("[A-Za-z0-9/=_+-]{80,90}", 2153, 12)
        r.validate = [s("random", 2154, 15)]
        r.category = s("secret", 2155, 15)
        r.severity = s("block", 2156, 15)
        r.tags = [s("token", 2157, 12)]
        r.examples = [s("KRAKEN_TOKEN = \"↓j4TokYxeWTs/IXTGYPJn7GtboomaJu/xW1zI+K3Ai7gHQuOxLK784buo5fZqGvUsY487OfEq0rZ3fp3N4rGcpI==↓\"", 2159, 9), s("krakenKey: ↓wRCikyuBdEcTxJ0B4DubsiXxBRgmZ46fQvS0EFZs1bg1KnOhyZYlNtf/NFDNsLd1aLc71ZR6iU+87553FiAU+b==↓", 2160, 9)]
        r.negativeExamples = [s("KRAKEN_TOKEN_FILE = \"~/.config/kraken/token\"", 2162, 9), s("KRAKEN_URL = \"https://api.kraken.com/v2\"", 2163, 9)]
        return r
    }

    private static func rule116() -> RawRule {
        var r = RawRule(position: p(2165, 5))
        r.id = s("kucoin.key", 2165, 9)
        r.name = s("KuCoin key", 2166, 11)
        r.description = s("KuCoin API key (24 hex digits) or secret (a UUID) after a KuCoin label.", 2167, 18)
        r.group = s("Payments and commerce", 2168, 12)
        r.label = [s("kucoin", 2169, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-f0-9]{24}", 2170, 12)
        r.validate = [s("random", 2171, 15)]
        r.category = s("secret", 2172, 15)
        r.severity = s("block", 2173, 15)
        r.tags = [s("token", 2174, 12)]
        r.examples = [s("KUCOIN_TOKEN = \"↓dd2f550d-58ff-e936-05a8-a86908d03ac0↓\"", 2176, 9), s("kucoinKey: ↓f60829aa22bf7c3ff687ace8↓", 2177, 9)]
        r.negativeExamples = [s("KUCOIN_TOKEN_FILE = \"~/.config/kucoin/token\"", 2179, 9), s("KUCOIN_URL = \"https://api.kucoin.com/v2\"", 2180, 9)]
        return r
    }

    private static func rule117() -> RawRule {
        var r = RawRule(position: p(2182, 5))
        r.id = s("bittrex.key", 2182, 9)
        r.name = s("Bittrex key", 2183, 11)
        r.description = s("Bittrex API key or secret (32 characters) after a Bittrex label.", 2184, 18)
        r.group = s("Payments and commerce", 2185, 12)
        r.label = [s("bittrex", 2186, 13)]
        r.regex = s("[A-Za-z0-9]{32}", 2187, 12)
        r.validate = [s("random", 2188, 15)]
        r.category = s("secret", 2189, 15)
        r.severity = s("block", 2190, 15)
        r.tags = [s("token", 2191, 12)]
        r.examples = [s("BITTREX_TOKEN = \"↓6NcBXcWCHD9Mx9z9BOiB6di8wCoE1UbA↓\"", 2193, 9), s("bittrexKey: ↓C81k16h4DvVwOF3m5lhvMZiFu3mxprrb↓", 2194, 9)]
        r.negativeExamples = [s("BITTREX_TOKEN_FILE = \"~/.config/bittrex/token\"", 2196, 9), s("BITTREX_URL = \"https://api.bittrex.com/v2\"", 2197, 9)]
        return r
    }

    private static func rule118() -> RawRule {
        var r = RawRule(position: p(2199, 5))
        r.id = s("flutterwave.key", 2199, 9)
        r.name = s("Flutterwave key", 2200, 11)
        r.description = s("Flutterwave secret, public and encryption keys (FLWSECK…, FLWPUBK…).", 2201, 18)
        r.group = s("Payments and commerce", 2202, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:FLW(?:SECK|PUBK)(?:_TEST)?-(?:[a-hA-H0-9]{32}-X|[a-hA-H0-9]{12}))(?![A-Za-z0-9_+/=-])", 2203, 12)
        r.keywords = [s("FLWSECK", 2204, 16), s("FLWPUBK", 2204, 27)]
        r.validate = [s("random", 2205, 15)]
        r.category = s("secret", 2206, 15)
        r.severity = s("block", 2207, 15)
        r.tags = [s("token", 2208, 12)]
        r.examples = [s("FLW_SECRET_KEY=↓FLWSECK_TEST-4hd654ef73hcg9g5h9474h2gfa068694-X↓", 2210, 9), s("  \"flw_secret_key\": \"↓FLWSECK_TEST-ce4h4hb4d1cg8d4c5c813c3f778h7eg2-X↓\",", 2211, 9)]
        r.negativeExamples = [s("Flutterwave keys start with FLWSECK", 2213, 9), s("grep -rn 'FLWSECK' docs/", 2214, 9)]
        return r
    }

    private static func rule119() -> RawRule {
        var r = RawRule(position: p(2216, 5))
        r.id = s("gocardless.token", 2216, 9)
        r.name = s("GoCardless token", 2217, 11)
        r.description = s("GoCardless live access token (live_ and 40 characters) after a GoCardless label.", 2218, 18)
        r.group = s("Payments and commerce", 2219, 12)
        r.label = [s("gocardless", 2220, 13)]
        r.regex = s("live_[A-Za-z0-9_=-]{40}", 2221, 12)
        r.validate = [s("random", 2222, 15)]
        r.category = s("secret", 2223, 15)
        r.severity = s("block", 2224, 15)
        r.tags = [s("token", 2225, 12)]
        r.examples = [s("GOCARDLESS_TOKEN = \"↓live_U4uX4GUQHd2lu0KGLcdtLXqsXvczs0alcwA6sgFt↓\"", 2227, 9), s("gocardlessKey: ↓live_TpHU0XrIfZyKm6ChVOzDqwwvVd1IYTdfwTRZHIPn↓", 2228, 9)]
        r.negativeExamples = [s("GOCARDLESS_TOKEN_FILE = \"~/.config/gocardless/token\"", 2230, 9), s("GOCARDLESS_URL = \"https://api.gocardless.com/v2\"", 2231, 9)]
        return r
    }

    private static func rule120() -> RawRule {
        var r = RawRule(position: p(2233, 5))
        r.id = s("finicity.secret", 2233, 9)
        r.name = s("Finicity secret", 2234, 11)
        r.description = s("Finicity app key (32 hex digits) or client secret (20 characters) after a Finicity label.", 2235, 18)
        r.group = s("Payments and commerce", 2236, 12)
        r.label = [s("finicity", 2237, 13)]
        r.regex = s("[a-f0-9]{32}|[A-Za-z0-9]{20}", 2238, 12)
        r.validate = [s("random", 2239, 15)]
        r.category = s("secret", 2240, 15)
        r.severity = s("block", 2241, 15)
        r.tags = [s("token", 2242, 12)]
        r.examples = [s("FINICITY_TOKEN = \"↓ff9a9d8a7597caf39a74ab69d7571c95↓\"", 2244, 9), s("finicityKey: ↓pMCwSRpHoyKUOfH3zLo0↓", 2245, 9)]
        r.negativeExamples = [s("FINICITY_TOKEN_FILE = \"~/.config/finicity/token\"", 2247, 9), s("FINICITY_URL = \"https://api.finicity.com/v2\"", 2248, 9)]
        return r
    }

    private static func rule121() -> RawRule {
        var r = RawRule(position: p(2250, 5))
        r.id = s("finnhub.token", 2250, 9)
        r.name = s("Finnhub token", 2251, 11)
        r.description = s("Finnhub API token (20 characters) after a Finnhub label.", 2252, 18)
        r.group = s("Payments and commerce", 2253, 12)
        r.label = [s("finnhub", 2254, 13)]
        r.regex = s("[A-Za-z0-9]{20}", 2255, 12)
        r.validate = [s("random", 2256, 15)]
        r.category = s("secret", 2257, 15)
        r.severity = s("block", 2258, 15)
        r.tags = [s("token", 2259, 12)]
        r.examples = [s("FINNHUB_TOKEN = \"↓6KV9TXMzLrnSj8eSfK1W↓\"", 2261, 9), s("finnhubKey: ↓zBtCUx3RR6H5ItC0A6aR↓", 2262, 9)]
        r.negativeExamples = [s("FINNHUB_TOKEN_FILE = \"~/.config/finnhub/token\"", 2264, 9), s("FINNHUB_URL = \"https://api.finnhub.com/v2\"", 2265, 9)]
        return r
    }

    private static func rule122() -> RawRule {
        var r = RawRule(position: p(2267, 5))
        r.id = s("duffel.token", 2267, 9)
        r.name = s("Duffel token", 2268, 11)
        r.description = s("Duffel API token (duffel_test_ or duffel_live_ and 43 characters).", 2269, 18)
        r.group = s("Payments and commerce", 2270, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:duffel_(?:test|live)_[A-Za-z0-9_=-]{43})(?![A-Za-z0-9_+/=-])", 2271, 12)
        r.keywords = [s("duffel_", 2272, 16)]
        r.validate = [s("random", 2273, 15)]
        r.category = s("secret", 2274, 15)
        r.severity = s("block", 2275, 15)
        r.tags = [s("token", 2276, 12)]
        r.examples = [s("DUFFEL_ACCESS_TOKEN=↓duffel_live_0JorMSMb1tlNOSF_5eLICGdokLqz09j4_XnXiKs55Yu↓", 2278, 9), s("  \"duffel_access_token\": \"↓duffel_live_wb9A_9XLzkK5vPXeIKhQ6rysM2r26hWBS7R6_lIvVTz↓\",", 2279, 9)]
        r.negativeExamples = [s("Duffel tokens start with duffel_", 2281, 9), s("grep -rn 'duffel_' docs/", 2282, 9)]
        return r
    }

    private static func rule123() -> RawRule {
        var r = RawRule(position: p(2284, 5))
        r.id = s("freemius.key", 2284, 9)
        r.name = s("Freemius secret key", 2285, 11)
        r.description = s("Freemius secret key (sk_ and 29 characters) in a PHP array's 'secret_key' entry.", 2286, 18)
        r.group = s("Payments and commerce", 2287, 12)
        r.regex = s("[\"']secret_key[\"']\\s*=>\\s*[\"'](sk_[^\\s\"']{29})[\"']", 2288, 12)
        r.secretGroup = i(1, 2289, 18)
        r.keywords = [s("secret_key", 2290, 16)]
        r.validate = [s("random", 2291, 15)]
        r.category = s("secret", 2292, 15)
        r.severity = s("block", 2293, 15)
        r.tags = [s("token", 2294, 12)]
        r.examples = [s("'secret_key' => '↓sk_Qxe5FRpjxv3Tci7GwOGS5RXyg9mtX↓',", 2296, 9)]
        r.negativeExamples = [s("'secret_key' => 'sk_short',", 2298, 9)]
        return r
    }

    private static func rule124() -> RawRule {
        var r = RawRule(position: p(2300, 5))
        r.id = s("lob.key", 2300, 9)
        r.name = s("Lob API key", 2301, 11)
        r.description = s("Lob live, test and publishable API key (live_, test_, live_pub_, test_pub_) after a Lob label.", 2302, 18)
        r.group = s("Payments and commerce", 2303, 12)
        r.label = [s("lob", 2304, 13)]
        r.regex = s("(?:live|test)_pub_[a-f0-9]{31}|(?:live|test)_[a-f0-9]{35}", 2305, 12)
        r.validate = [s("random", 2306, 15)]
        r.category = s("secret", 2307, 15)
        r.severity = s("block", 2308, 15)
        r.tags = [s("token", 2309, 12)]
        r.examples = [s("LOB_TOKEN = \"↓live_954e9d36fd9fd1551bd23526fa5f55b9571↓\"", 2311, 9), s("lobKey: ↓live_052831baa7b551a5a1cdba6d2c3e229c076↓", 2312, 9)]
        r.negativeExamples = [s("LOB_TOKEN_FILE = \"~/.config/lob/token\"", 2314, 9), s("LOB_URL = \"https://api.lob.com/v2\"", 2315, 9)]
        return r
    }

    private static func rule125() -> RawRule {
        var r = RawRule(position: p(2317, 5))
        r.id = s("shippo.token", 2317, 9)
        r.name = s("Shippo token", 2318, 11)
        r.description = s("Shippo API token (shippo_live_ or shippo_test_ and 40 hex digits).", 2319, 18)
        r.group = s("Payments and commerce", 2320, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:shippo_(?:live|test)_[a-fA-F0-9]{40})(?![A-Za-z0-9_+/=-])", 2321, 12)
        r.keywords = [s("shippo_", 2322, 16)]
        r.validate = [s("random", 2323, 15)]
        r.category = s("secret", 2324, 15)
        r.severity = s("block", 2325, 15)
        r.tags = [s("token", 2326, 12)]
        r.examples = [s("SHIPPO_API_TOKEN=↓shippo_live_CaABcBeE9Ce34bd24ce2C918ee9c64f5Ea61Bb3A↓", 2328, 9), s("  \"shippo_api_token\": \"↓shippo_test_A7243DEfb1dd11e4df0deC3A18C64B7B71FB74B2↓\",", 2329, 9)]
        r.negativeExamples = [s("Shippo tokens start with shippo_", 2331, 9), s("grep -rn 'shippo_' docs/", 2332, 9)]
        return r
    }

    private static func rule126() -> RawRule {
        var r = RawRule(position: p(2334, 5))
        r.id = s("easypost.key", 2334, 9)
        r.name = s("EasyPost API key", 2335, 11)
        r.description = s("EasyPost production and test API key (EZAK, EZTK and 54 characters).", 2336, 18)
        r.group = s("Payments and commerce", 2337, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:EZ[AT]K[A-Za-z0-9]{54})(?![A-Za-z0-9_+/=-])", 2338, 12)
        r.keywords = [s("EZAK", 2339, 16), s("EZTK", 2339, 24)]
        r.validate = [s("random", 2340, 15)]
        r.category = s("secret", 2341, 15)
        r.severity = s("block", 2342, 15)
        r.tags = [s("token", 2343, 12)]
        r.examples = [s("EASYPOST_API_KEY=↓EZAKfA3MxjwvRiBxHQ2HGwv765EFvKAepeef1CstY4MgPnFMhperxF9jjI↓", 2345, 9), s("  \"easypost_api_key\": \"↓EZTKBy57iWW5yOUFtDYoL8mitRRWzd62XWGw84GiWjHAFQsaF31PQ7Z8FK↓\",", 2346, 9)]
        r.negativeExamples = [s("EasyPost API keys start with EZAK", 2348, 9), s("grep -rn 'EZAK' docs/", 2349, 9)]
        return r
    }

    private static func rule127() -> RawRule {
        var r = RawRule(position: p(2351, 5))
        r.id = s("etsy.key", 2351, 9)
        r.name = s("Etsy key", 2352, 11)
        r.description = s("Etsy API key (24 characters) after an Etsy label.", 2353, 18)
        r.group = s("Payments and commerce", 2354, 12)
        r.label = [s("etsy", 2355, 13)]
        r.regex = s("[A-Za-z0-9]{24}", 2356, 12)
        r.validate = [s("random", 2357, 15)]
        r.category = s("secret", 2358, 15)
        r.severity = s("block", 2359, 15)
        r.tags = [s("token", 2360, 12)]
        r.examples = [s("ETSY_TOKEN = \"↓ksSLdp5woXHlrr7TkeCrueQM↓\"", 2362, 9), s("etsyKey: ↓WDzqrY1vOD0ZfKfoMHB7OVoE↓", 2363, 9)]
        r.negativeExamples = [s("ETSY_TOKEN_FILE = \"~/.config/etsy/token\"", 2365, 9), s("ETSY_URL = \"https://api.etsy.com/v2\"", 2366, 9)]
        return r
    }

    private static func rule128() -> RawRule {
        var r = RawRule(position: p(2368, 5))
        r.id = s("squarespace.token", 2368, 9)
        r.name = s("Squarespace token", 2369, 11)
        r.description = s("Squarespace API key (a UUID) after a Squarespace label.", 2370, 18)
        r.group = s("Payments and commerce", 2371, 12)
        r.label = [s("squarespace", 2372, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 2373, 12)
        r.validate = [s("random", 2374, 15)]
        r.category = s("secret", 2375, 15)
        r.severity = s("block", 2376, 15)
        r.tags = [s("token", 2377, 12)]
        r.examples = [s("SQUARESPACE_TOKEN = \"↓16846dfd-1912-19e4-838a-8748296910e9↓\"", 2379, 9), s("squarespaceKey: ↓660ded88-d516-22b3-c4f6-504200e8109c↓", 2380, 9)]
        r.negativeExamples = [s("SQUARESPACE_TOKEN_FILE = \"~/.config/squarespace/token\"", 2382, 9), s("SQUARESPACE_URL = \"https://api.squarespace.com/v2\"", 2383, 9)]
        return r
    }

    private static func rule129() -> RawRule {
        var r = RawRule(position: p(2385, 5))
        r.id = s("freshbooks.token", 2385, 9)
        r.name = s("FreshBooks token", 2386, 11)
        r.description = s("FreshBooks access token (64 characters) after a FreshBooks label.", 2387, 18)
        r.group = s("Payments and commerce", 2388, 12)
        r.label = [s("freshbooks", 2389, 13)]
        r.regex = s("[A-Za-z0-9]{64}", 2390, 12)
        r.validate = [s("random", 2391, 15)]
        r.category = s("secret", 2392, 15)
        r.severity = s("block", 2393, 15)
        r.tags = [s("token", 2394, 12)]
        r.examples = [s("FRESHBOOKS_TOKEN = \"↓CSCvjqUja2QDQSPujnYMIZg8fjIkvvYAi7Kzlw7YpY6diPVP38JXthcPjzHn92KJ↓\"", 2396, 9), s("freshbooksKey: ↓tyWpVhTVagoGUcRz9JBjLMbyjsiBbLhklkWA1uTD63pU4gtQ0i6WK2AdsbmSEpZs↓", 2397, 9)]
        r.negativeExamples = [s("FRESHBOOKS_TOKEN_FILE = \"~/.config/freshbooks/token\"", 2399, 9), s("FRESHBOOKS_URL = \"https://api.freshbooks.com/v2\"", 2400, 9)]
        return r
    }

    private static func rule130() -> RawRule {
        var r = RawRule(position: p(2402, 5))
        r.id = s("hubspot.key", 2402, 9)
        r.name = s("HubSpot API key", 2403, 11)
        r.description = s("HubSpot API key (a UUID) after a HubSpot label.", 2404, 18)
        r.group = s("Payments and commerce", 2405, 12)
        r.label = [s("hubspot", 2406, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", 2407, 12)
        r.validate = [s("random", 2408, 15)]
        r.category = s("secret", 2409, 15)
        r.severity = s("block", 2410, 15)
        r.tags = [s("token", 2411, 12)]
        r.examples = [s("HUBSPOT_TOKEN = \"↓E04D55F7-BABD-1E61-04C1-C4E2FAC50463↓\"", 2413, 9), s("hubspotKey: ↓8CF62214-2B38-ABF9-8644-46C5E55C3308↓", 2414, 9)]
        r.negativeExamples = [s("HUBSPOT_TOKEN_FILE = \"~/.config/hubspot/token\"", 2416, 9), s("HUBSPOT_URL = \"https://api.hubspot.com/v2\"", 2417, 9)]
        return r
    }

    private static func rule131() -> RawRule {
        var r = RawRule(position: p(2419, 5))
        r.id = s("fastly.token", 2419, 9)
        r.name = s("Fastly API token", 2420, 11)
        r.description = s("Fastly API token (32 characters) after a Fastly label.", 2421, 18)
        r.group = s("Monitoring, data and APIs", 2422, 12)
        r.label = [s("fastly", 2423, 13)]
        r.regex = s("[A-Za-z0-9=_-]{32}", 2424, 12)
        r.validate = [s("random", 2425, 15)]
        r.category = s("secret", 2426, 15)
        r.severity = s("block", 2427, 15)
        r.tags = [s("token", 2428, 12)]
        r.examples = [s("FASTLY_API_TOKEN = \"↓q3Nw-8XbK2vLmT9cZ_0aRfYh6JpUe4Ds↓\"", 2430, 9), s("fastlyKey: ↓Vd7kP2mQ9xLc4Rt8Bn3Wz6Hy1Js5Fg0A↓", 2431, 9)]
        r.negativeExamples = [s("FASTLY_API_TOKEN_FILE = \"~/.config/fastly/token\"", 2433, 9), s("FASTLY_SERVICE_URL = \"https://api.fastly.com/service\"", 2434, 9)]
        return r
    }

    private static func rule132() -> RawRule {
        var r = RawRule(position: p(2436, 5))
        r.id = s("datadog.key", 2436, 9)
        r.name = s("Datadog key", 2437, 11)
        r.description = s("Datadog API key (32 hex digits) or application key (40 characters) after a Datadog label.", 2438, 18)
        r.group = s("Monitoring, data and APIs", 2439, 12)
        r.label = [s("datadog", 2440, 13), s("dd_api_key", 2440, 22), s("dd_app_key", 2440, 34), s("dd-api-key", 2440, 46), s("dd-application-key", 2440, 58)]
        r.regex = s("[A-Za-z0-9]{40}|[a-f0-9]{32}", 2441, 12)
        r.validate = [s("random", 2442, 15)]
        r.category = s("secret", 2443, 15)
        r.severity = s("block", 2444, 15)
        r.tags = [s("token", 2445, 12)]
        r.examples = [s("DATADOG_TOKEN = \"↓ggFIVywAhrg8WJrK7X0fDGgmfztWbmf6GC2gOyt2↓\"", 2447, 9), s("datadogKey: ↓348f8ba76a4b3af14f7557f0aaa42bc6↓", 2448, 9)]
        r.negativeExamples = [s("DATADOG_TOKEN_FILE = \"~/.config/datadog/token\"", 2450, 9), s("DATADOG_URL = \"https://api.datadog.com/v2\"", 2451, 9)]
        return r
    }

    private static func rule133() -> RawRule {
        var r = RawRule(position: p(2453, 5))
        r.id = s("newrelic.key", 2453, 9)
        r.name = s("New Relic key", 2454, 11)
        r.description = s("New Relic user API key (NRAK-), insert key (NRII-) and browser key (NRJS-).", 2455, 18)
        r.group = s("Monitoring, data and APIs", 2456, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:NRAK-[A-Z0-9]{27}|NRII-[A-Za-z0-9_-]{32}|NRJS-[a-f0-9]{19})(?![A-Za-z0-9_+/=-])", 2457, 12)
        r.keywords = [s("NRAK-", 2458, 16), s("NRII-", 2458, 25), s("NRJS-", 2458, 34)]
        r.validate = [s("random", 2459, 15)]
        r.category = s("secret", 2460, 15)
        r.severity = s("block", 2461, 15)
        r.tags = [s("token", 2462, 12)]
        r.examples = [s("NEW_RELIC_API_KEY=↓NRAK-XNDXNJ40S7J1A5Z1P9CGJ6K1YM2↓", 2464, 9), s("  \"new_relic_api_key\": \"↓NRAK-G57LXZ5P78ZGAWM8XF6R8KB3N34↓\",", 2465, 9)]
        r.negativeExamples = [s("New Relic keys start with NRAK-", 2467, 9), s("grep -rn 'NRAK-' docs/", 2468, 9)]
        return r
    }

    private static func rule134() -> RawRule {
        var r = RawRule(position: p(2470, 5))
        r.id = s("newrelic.legacy_key", 2470, 9)
        r.name = s("New Relic key (legacy)", 2471, 11)
        r.description = s("New Relic key of the old form (64 characters) after a New Relic label.", 2472, 18)
        r.group = s("Monitoring, data and APIs", 2473, 12)
        r.label = [s("newrelic", 2474, 13), s("new_relic", 2474, 23), s("new-relic", 2474, 34)]
        r.regex = s("[A-Za-z0-9]{64}", 2475, 12)
        r.validate = [s("random", 2476, 15)]
        r.category = s("secret", 2477, 15)
        r.severity = s("block", 2478, 15)
        r.tags = [s("token", 2479, 12)]
        r.examples = [s("NEWRELIC_TOKEN = \"↓DRH9RNofAqjvXMBQor0Kd7cfNh0ymeEJhifHdA4Umjvc7pBNFwLO3di8RBWQWxfw↓\"", 2481, 9), s("newrelicKey: ↓IhhcQwGOGLKzlSPaZt4z7jLRkgwValWdH8VdyBCoh5TEj9qrkVLCbJIsomEjEAxi↓", 2482, 9)]
        r.negativeExamples = [s("NEWRELIC_TOKEN_FILE = \"~/.config/newrelic/token\"", 2484, 9), s("NEWRELIC_URL = \"https://api.newrelic.com/v2\"", 2485, 9)]
        return r
    }

    private static func rule135() -> RawRule {
        var r = RawRule(position: p(2487, 5))
        r.id = s("sentry.token", 2487, 9)
        r.name = s("Sentry token", 2488, 11)
        r.description = s("Sentry user auth token (sntryu_ and 64 hex digits) and organisation token (sntrys_ and a base64 JSON document naming the organisation's URLs).", 2489, 18)
        r.group = s("Monitoring, data and APIs", 2490, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sntryu_[a-f0-9]{64}|sntrys_eyJpYXQiO[A-Za-z0-9+/]{10,300}={0,2}_[A-Za-z0-9+/]{43})(?![A-Za-z0-9_+/=-])", 2491, 12)
        r.keywords = [s("sntryu_", 2492, 16), s("sntrys_", 2492, 27)]
        r.validate = [s("random", 2493, 15)]
        r.category = s("secret", 2494, 15)
        r.severity = s("block", 2495, 15)
        r.tags = [s("token", 2496, 12)]
        r.examples = [s("SENTRY_AUTH_TOKEN=↓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↓", 2498, 9), s("  \"sentry_auth_token\": \"↓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↓\",", 2499, 9)]
        r.negativeExamples = [s("Sentry tokens start with sntryu_", 2501, 9), s("grep -rn 'sntryu_' docs/", 2502, 9)]
        return r
    }

    private static func rule136() -> RawRule {
        var r = RawRule(position: p(2504, 5))
        r.id = s("sentry.legacy_token", 2504, 9)
        r.name = s("Sentry token (legacy)", 2505, 11)
        r.description = s("Sentry auth token of the old form (64 hex digits) after a Sentry label.", 2506, 18)
        r.group = s("Monitoring, data and APIs", 2507, 12)
        r.label = [s("sentry", 2508, 13)]
        r.regex = s("[a-f0-9]{64}", 2509, 12)
        r.validate = [s("random", 2510, 15)]
        r.category = s("secret", 2511, 15)
        r.severity = s("block", 2512, 15)
        r.tags = [s("token", 2513, 12)]
        r.examples = [s("SENTRY_TOKEN = \"↓3b785eb5f46596bc151cbeca8d4c805e0bde3d65a5073cedfeec89564b3e57f9↓\"", 2515, 9), s("sentryKey: ↓c1ac8ab18401a4a0762668c8692bb7dc439f96155bb6c5473e497b75506620a4↓", 2516, 9)]
        r.negativeExamples = [s("SENTRY_TOKEN_FILE = \"~/.config/sentry/token\"", 2518, 9), s("SENTRY_URL = \"https://api.sentry.com/v2\"", 2519, 9)]
        return r
    }

    private static func rule137() -> RawRule {
        var r = RawRule(position: p(2521, 5))
        r.id = s("grafana.token", 2521, 9)
        r.name = s("Grafana token", 2522, 11)
        r.description = s("Grafana API key (eyJrIjoi…), Grafana Cloud token (glc_…) and service account token (glsa_…).", 2523, 18)
        r.group = s("Monitoring, data and APIs", 2524, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:eyJrIjoi[A-Za-z0-9]{70,400}={0,3}|glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})(?![A-Za-z0-9_+/=-])", 2525, 12)
        r.keywords = [s("eyJrIjoi", 2526, 16), s("glc_", 2526, 28), s("glsa_", 2526, 36)]
        r.validate = [s("random", 2527, 15)]
        r.category = s("secret", 2528, 15)
        r.severity = s("block", 2529, 15)
        r.tags = [s("token", 2530, 12)]
        r.examples = [s("GRAFANA_TOKEN=↓glsa_LVD91ZYUPDVXSexkoRs0UNcxexSnDzgY_cacdfb19↓", 2532, 9), s("  \"grafana_token\": \"↓glsa_0KKj3LJERx0B5GfL6Rxnuh8yuGa6SldW_f84ac163↓\",", 2533, 9)]
        r.negativeExamples = [s("Grafana tokens start with eyJrIjoi", 2535, 9), s("grep -rn 'eyJrIjoi' docs/", 2536, 9)]
        return r
    }

    private static func rule138() -> RawRule {
        var r = RawRule(position: p(2538, 5))
        r.id = s("dynatrace.token", 2538, 9)
        r.name = s("Dynatrace token", 2539, 11)
        r.description = s("Dynatrace API token (dt0c01., 24 and 64 characters).", 2540, 18)
        r.group = s("Monitoring, data and APIs", 2541, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:dt0c01\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64})(?![A-Za-z0-9_+/=-])", 2542, 12)
        r.keywords = [s("dt0c01.", 2543, 16)]
        r.validate = [s("random", 2544, 15)]
        r.category = s("secret", 2545, 15)
        r.severity = s("block", 2546, 15)
        r.tags = [s("token", 2547, 12)]
        r.examples = [s("DT_API_TOKEN=↓dt0c01.hu1zGj4qAVTx8hwOxDSG8Z3K.x1lFptCCg4UYP8WDPh6VkExdTuQZLzCX7WZi6QQs48tDmnlVJAK5k2unjD5D7MFn↓", 2549, 9), s("  \"dt_api_token\": \"↓dt0c01.PZJEnF4Y01dD2RUaWVPKh8yP.u0Ny0FrucWOaJmXLI1pMyx0ordnS8WX2eJkj9hSaaFLvvvLKcmVpueLsSkHzfKJW↓\",", 2550, 9)]
        r.negativeExamples = [s("Dynatrace tokens start with dt0c01.", 2552, 9), s("grep -rn 'dt0c01.' docs/", 2553, 9)]
        return r
    }

    private static func rule139() -> RawRule {
        var r = RawRule(position: p(2555, 5))
        r.id = s("sumologic.key", 2555, 9)
        r.name = s("Sumo Logic key", 2556, 11)
        r.description = s("Sumo Logic access ID (su and 12 characters) or access key (64 characters) after a Sumo label.", 2557, 18)
        r.group = s("Monitoring, data and APIs", 2558, 12)
        r.label = [s("sumo", 2559, 13), s("sumologic", 2559, 19)]
        r.regex = s("[A-Za-z0-9]{64}|su[A-Za-z0-9]{12}", 2560, 12)
        r.validate = [s("random", 2561, 15)]
        r.category = s("secret", 2562, 15)
        r.severity = s("block", 2563, 15)
        r.tags = [s("token", 2564, 12)]
        r.examples = [s("SUMO_TOKEN = \"↓taWoJwX2po2MV2cRYtJr5zB6WoU7KSwaxspY4u8YI9KATDktzzzjGObWlcrO8gFF↓\"", 2566, 9), s("sumoKey: ↓ndTgX8d9p64VHWyQr8zEsW4ueBKiGzPTNGT3ijY9e4sPt6vcYZWufW58vNrkCNMl↓", 2567, 9)]
        r.negativeExamples = [s("SUMO_TOKEN_FILE = \"~/.config/sumo/token\"", 2569, 9), s("SUMO_URL = \"https://api.sumo.com/v2\"", 2570, 9)]
        return r
    }

    private static func rule140() -> RawRule {
        var r = RawRule(position: p(2572, 5))
        r.id = s("launchdarkly.token", 2572, 9)
        r.name = s("LaunchDarkly token", 2573, 11)
        r.description = s("LaunchDarkly access token (40 characters) after a LaunchDarkly label.", 2574, 18)
        r.group = s("Monitoring, data and APIs", 2575, 12)
        r.label = [s("launchdarkly", 2576, 13)]
        r.regex = s("[A-Za-z0-9=_-]{40}", 2577, 12)
        r.validate = [s("random", 2578, 15)]
        r.category = s("secret", 2579, 15)
        r.severity = s("block", 2580, 15)
        r.tags = [s("token", 2581, 12)]
        r.examples = [s("LAUNCHDARKLY_TOKEN = \"↓api-49194493-a67d-96cf-2968-98368f28591c↓\"", 2583, 9), s("launchdarklyKey: ↓api-3e9166f2-14b4-0920-1208-1f331641d309↓", 2584, 9)]
        r.negativeExamples = [s("LAUNCHDARKLY_TOKEN_FILE = \"~/.config/launchdarkly/token\"", 2586, 9), s("LAUNCHDARKLY_URL = \"https://api.launchdarkly.com/v2\"", 2587, 9)]
        return r
    }

    private static func rule141() -> RawRule {
        var r = RawRule(position: p(2589, 5))
        r.id = s("algolia.key", 2589, 9)
        r.name = s("Algolia key", 2590, 11)
        r.description = s("Algolia API key (32 characters) after an Algolia label.", 2591, 18)
        r.group = s("Monitoring, data and APIs", 2592, 12)
        r.label = [s("algolia", 2593, 13)]
        r.regex = s("[A-Za-z0-9]{32}", 2594, 12)
        r.validate = [s("random", 2595, 15)]
        r.category = s("secret", 2596, 15)
        r.severity = s("block", 2597, 15)
        r.tags = [s("token", 2598, 12)]
        r.examples = [s("ALGOLIA_TOKEN = \"↓S60preQzlwKlwieh3V1QX4WFTY1bWlc3↓\"", 2600, 9), s("algoliaKey: ↓E3ZAMxgsL6HnT31OfhwEJGajQ7TLxjMy↓", 2601, 9)]
        r.negativeExamples = [s("ALGOLIA_TOKEN_FILE = \"~/.config/algolia/token\"", 2603, 9), s("ALGOLIA_URL = \"https://api.algolia.com/v2\"", 2604, 9)]
        return r
    }

    private static func rule142() -> RawRule {
        var r = RawRule(position: p(2606, 5))
        r.id = s("contentful.token", 2606, 9)
        r.name = s("Contentful token", 2607, 11)
        r.description = s("Contentful delivery API token (43 characters) after a Contentful label.", 2608, 18)
        r.group = s("Monitoring, data and APIs", 2609, 12)
        r.label = [s("contentful", 2610, 13)]
        r.regex = s("[A-Za-z0-9=_-]{43}", 2611, 12)
        r.validate = [s("random", 2612, 15)]
        r.category = s("secret", 2613, 15)
        r.severity = s("block", 2614, 15)
        r.tags = [s("token", 2615, 12)]
        r.examples = [s("CONTENTFUL_TOKEN = \"↓i5G9L_485BY6lMZpShmbjZXv-dB_R1n-Blw3MGzvOg_↓\"", 2617, 9), s("contentfulKey: ↓ytbKnt8dLElsKmYi8vbPp5V6JzNF07W06bxYk_F0El1↓", 2618, 9)]
        r.negativeExamples = [s("CONTENTFUL_TOKEN_FILE = \"~/.config/contentful/token\"", 2620, 9), s("CONTENTFUL_URL = \"https://api.contentful.com/v2\"", 2621, 9)]
        return r
    }

    private static func rule143() -> RawRule {
        var r = RawRule(position: p(2623, 5))
        r.id = s("mapbox.token", 2623, 9)
        r.name = s("Mapbox token", 2624, 11)
        r.description = s("Mapbox access token (pk. or sk., 60 and 22 characters) after a Mapbox label.", 2625, 18)
        r.group = s("Monitoring, data and APIs", 2626, 12)
        r.label = [s("mapbox", 2627, 13)]
        r.regex = s("[ps]k\\.[A-Za-z0-9]{60}\\.[A-Za-z0-9_-]{22}", 2628, 12)
        r.validate = [s("random", 2629, 15)]
        r.category = s("secret", 2630, 15)
        r.severity = s("block", 2631, 15)
        r.tags = [s("token", 2632, 12)]
        r.examples = [s("MAPBOX_TOKEN = \"↓sk.qUXjsPgXLfstS3UD4w5OjzghiqQgcrOhHCxZjM9XayYwUBpZGjUfUDrfyco2.pGx4YIu6E5IM9CweZvjK0c↓\"", 2634, 9), s("mapboxKey: ↓pk.t0r9i3g5Gi1Vr8yniDXnP5GBDC6GFBdC8SS3xNZwhDHgMn1GNHzA9zvzOvYi.Km36SesKjgXeUN55DVKQN0↓", 2635, 9)]
        r.negativeExamples = [s("MAPBOX_TOKEN_FILE = \"~/.config/mapbox/token\"", 2637, 9), s("MAPBOX_URL = \"https://api.mapbox.com/v2\"", 2638, 9)]
        return r
    }

    private static func rule144() -> RawRule {
        var r = RawRule(position: p(2640, 5))
        r.id = s("maxmind.key", 2640, 9)
        r.name = s("MaxMind license key", 2641, 11)
        r.description = s("MaxMind license key (6, 29 characters and _mmk).", 2642, 18)
        r.group = s("Monitoring, data and APIs", 2643, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk)(?![A-Za-z0-9_+/=-])", 2644, 12)
        r.keywords = [s("_mmk", 2645, 16)]
        r.validate = [s("random", 2646, 15)]
        r.category = s("secret", 2647, 15)
        r.severity = s("block", 2648, 15)
        r.tags = [s("token", 2649, 12)]
        r.examples = [s("MAXMIND_LICENSE_KEY=↓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↓", 2651, 9), s("  \"maxmind_license_key\": \"↓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↓\",", 2652, 9)]
        r.negativeExamples = [s("MaxMind license keys start with _mmk", 2654, 9), s("grep -rn '_mmk' docs/", 2655, 9)]
        return r
    }

    private static func rule145() -> RawRule {
        var r = RawRule(position: p(2657, 5))
        r.id = s("looker.secret", 2657, 9)
        r.name = s("Looker secret", 2658, 11)
        r.description = s("Looker client ID (20) or secret (24 characters) after a Looker label.", 2659, 18)
        r.group = s("Monitoring, data and APIs", 2660, 12)
        r.label = [s("looker", 2661, 13)]
        r.regex = s("[A-Za-z0-9]{24}|[A-Za-z0-9]{20}", 2662, 12)
        r.validate = [s("random", 2663, 15)]
        r.category = s("secret", 2664, 15)
        r.severity = s("block", 2665, 15)
        r.tags = [s("token", 2666, 12)]
        r.examples = [s("LOOKER_TOKEN = \"↓fOszpIZWzASGFKCf0DHMvRkU↓\"", 2668, 9), s("lookerKey: ↓0hJ3u8GrnyDr6wJOcYK0↓", 2669, 9)]
        r.negativeExamples = [s("LOOKER_TOKEN_FILE = \"~/.config/looker/token\"", 2671, 9), s("LOOKER_URL = \"https://api.looker.com/v2\"", 2672, 9)]
        return r
    }

    private static func rule146() -> RawRule {
        var r = RawRule(position: p(2674, 5))
        r.id = s("nytimes.key", 2674, 9)
        r.name = s("New York Times key", 2675, 11)
        r.description = s("New York Times API key (32 characters) after an NYTimes label.", 2676, 18)
        r.group = s("Monitoring, data and APIs", 2677, 12)
        r.label = [s("nytimes", 2678, 13), s("newyorktimes", 2678, 22), s("new-york-times", 2678, 36)]
        r.regex = s("[A-Za-z0-9=_-]{32}", 2679, 12)
        r.validate = [s("random", 2680, 15)]
        r.category = s("secret", 2681, 15)
        r.severity = s("block", 2682, 15)
        r.tags = [s("token", 2683, 12)]
        r.examples = [s("NYTIMES_TOKEN = \"↓fD8exU8wACaKgnF4cB8grSqVmCf20qOu↓\"", 2685, 9), s("nytimesKey: ↓JDlZgSBeOS2VDAyHM789JDm9b6cvzKyP↓", 2686, 9)]
        r.negativeExamples = [s("NYTIMES_TOKEN_FILE = \"~/.config/nytimes/token\"", 2688, 9), s("NYTIMES_URL = \"https://api.nytimes.com/v2\"", 2689, 9)]
        return r
    }

    private static func rule147() -> RawRule {
        var r = RawRule(position: p(2691, 5))
        r.id = s("flickr.key", 2691, 9)
        r.name = s("Flickr key", 2692, 11)
        r.description = s("Flickr API key (32 characters) after a Flickr label.", 2693, 18)
        r.group = s("Monitoring, data and APIs", 2694, 12)
        r.label = [s("flickr", 2695, 13)]
        r.regex = s("[A-Za-z0-9]{32}", 2696, 12)
        r.validate = [s("random", 2697, 15)]
        r.category = s("secret", 2698, 15)
        r.severity = s("block", 2699, 15)
        r.tags = [s("token", 2700, 12)]
        r.examples = [s("FLICKR_TOKEN = \"↓2I0AMKjH5Bd6hB9D8Z1WhRPO9AHtKk51↓\"", 2702, 9), s("flickrKey: ↓Glg4eLiBFXAZGvS0AEzxEFN6Ww3R1ndf↓", 2703, 9)]
        r.negativeExamples = [s("FLICKR_TOKEN_FILE = \"~/.config/flickr/token\"", 2705, 9), s("FLICKR_URL = \"https://api.flickr.com/v2\"", 2706, 9)]
        return r
    }

    private static func rule148() -> RawRule {
        var r = RawRule(position: p(2708, 5))
        r.id = s("adafruit.key", 2708, 9)
        r.name = s("Adafruit IO key", 2709, 11)
        r.description = s("Adafruit IO key (aio_ and 28, or 32 characters) after an Adafruit label.", 2710, 18)
        r.group = s("Monitoring, data and APIs", 2711, 12)
        r.label = [s("adafruit", 2712, 13)]
        r.regex = s("aio_[A-Za-z0-9]{28}|[A-Za-z0-9_-]{32}", 2713, 12)
        r.validate = [s("random", 2714, 15)]
        r.category = s("secret", 2715, 15)
        r.severity = s("block", 2716, 15)
        r.tags = [s("token", 2717, 12)]
        r.examples = [s("ADAFRUIT_TOKEN = \"↓ClN008oMZIkL_BsvGvJxUBt0nnStkmV3↓\"", 2719, 9), s("adafruitKey: ↓72awihD6HoZinH96Xaw26zZok5ApDCEI↓", 2720, 9)]
        r.negativeExamples = [s("ADAFRUIT_TOKEN_FILE = \"~/.config/adafruit/token\"", 2722, 9), s("ADAFRUIT_URL = \"https://api.adafruit.com/v2\"", 2723, 9)]
        return r
    }

    private static func rule149() -> RawRule {
        var r = RawRule(position: p(2725, 5))
        r.id = s("rapidapi.key", 2725, 9)
        r.name = s("RapidAPI key", 2726, 11)
        r.description = s("RapidAPI key (50 characters) after a RapidAPI label.", 2727, 18)
        r.group = s("Monitoring, data and APIs", 2728, 12)
        r.label = [s("rapidapi", 2729, 13)]
        r.regex = s("[A-Za-z0-9_-]{50}", 2730, 12)
        r.validate = [s("random", 2731, 15)]
        r.category = s("secret", 2732, 15)
        r.severity = s("block", 2733, 15)
        r.tags = [s("token", 2734, 12)]
        r.examples = [s("RAPIDAPI_TOKEN = \"↓keIq8P8KfaU4uIi03J7hL9msqbPOKvKCk3NdDRskF606SltYe3↓\"", 2736, 9), s("rapidapiKey: ↓-rKBR6VP2IvDS0VLKKdKoCQNKPl0LN8UAOj9KZg1C77Wyonm3P↓", 2737, 9)]
        r.negativeExamples = [s("RAPIDAPI_TOKEN_FILE = \"~/.config/rapidapi/token\"", 2739, 9), s("RAPIDAPI_URL = \"https://api.rapidapi.com/v2\"", 2740, 9)]
        return r
    }

    private static func rule150() -> RawRule {
        var r = RawRule(position: p(2742, 5))
        r.id = s("sidekiq.secret", 2742, 9)
        r.name = s("Sidekiq Enterprise credentials", 2743, 11)
        r.description = s("Sidekiq Pro / Enterprise gem server credentials (8 hex : 8 hex) after its Bundler variable.", 2744, 18)
        r.group = s("Monitoring, data and APIs", 2745, 12)
        r.label = [s("bundle_enterprise__contribsys__com", 2746, 13), s("bundle_gems__contribsys__com", 2746, 49)]
        r.regex = s("[a-f0-9]{8}:[a-f0-9]{8}", 2747, 12)
        r.validate = [s("random", 2748, 15)]
        r.category = s("secret", 2749, 15)
        r.severity = s("block", 2750, 15)
        r.tags = [s("token", 2751, 12)]
        r.examples = [s("BUNDLE_ENTERPRISE__CONTRIBSYS__COM_TOKEN = \"↓aec755c4:4804bf5a↓\"", 2753, 9), s("bundle_enterprise__contribsys__com.key: ↓471d13e3:19889229↓", 2754, 9)]
        r.negativeExamples = [s("BUNDLE_ENTERPRISE__CONTRIBSYS__COM_TOKEN_FILE = \"~/.config/bundleenterprisecontribsyscom/token\"", 2756, 9), s("BUNDLE_ENTERPRISE__CONTRIBSYS__COM_URL = \"https://api.bundleenterprisecontribsyscom.com/v2\"", 2757, 9)]
        return r
    }

    private static func rule151() -> RawRule {
        var r = RawRule(position: p(2759, 5))
        r.id = s("sidekiq.url", 2759, 9)
        r.name = s("Sidekiq Enterprise URL", 2760, 11)
        r.description = s("Sidekiq Pro / Enterprise gem server URL with its credentials (https://…:…@gems.contribsys.com).", 2761, 18)
        r.group = s("Monitoring, data and APIs", 2762, 12)
        r.regex = s("https?://([a-f0-9]{8}:[a-f0-9]{8})@(?:gems|enterprise)\\.contribsys\\.com", 2763, 12)
        r.secretGroup = i(1, 2764, 18)
        r.keywords = [s("contribsys.com", 2765, 16)]
        r.validate = [s("random", 2766, 15)]
        r.category = s("secret", 2767, 15)
        r.severity = s("block", 2768, 15)
        r.tags = [s("token", 2769, 12)]
        r.examples = [s("source \"https://↓41fde9bc:4b337d08↓@gems.contribsys.com/\"", 2771, 9)]
        r.negativeExamples = [s("source \"https://gems.contribsys.com/\"", 2773, 9)]
        return r
    }

    private static func rule152() -> RawRule {
        var r = RawRule(position: p(2775, 5))
        r.id = s("http.authorization", 2775, 9)
        r.name = s("Authorization header", 2776, 11)
        r.description = s("The credential of an HTTP Authorization header (Basic, Bearer, Token, Api-Token, or no scheme and a value with a digit), as curl -H, HTTPie or a request log shows it.", 2777, 18)
        r.group = s("Credentials in context", 2778, 12)
        r.regex = s("(?i:authorization)[\"']?\\s*[:=]\\s*[\"']?(?:(?i:basic|bearer|token|api-token|apikey|digest)\\s+|(?=[A-Za-z0-9+/=._~@-]*[0-9]))([A-Za-z0-9+/=._~@-]{8,})", 2779, 12)
        r.secretGroup = i(1, 2780, 18)
        r.keywords = [s("authorization", 2781, 16)]
        r.validate = [s("random", 2782, 15)]
        r.category = s("secret", 2783, 15)
        r.severity = s("block", 2784, 15)
        r.tags = [s("token", 2785, 12)]
        r.examples = [s("curl -H \"Authorization: Bearer ↓wW7EbubZziEoC7gmR61FVOyZebsfadyN↓\" https://api.acme.dev/v1/me", 2787, 9), s("authorization: Basic ↓wW7EbubZziEoC7gmR61FVOyZebsfadyN↓", 2788, 9)]
        r.negativeExamples = [s("Authorization: Bearer", 2790, 9), s("Authorization: required for every request", 2791, 9)]
        return r
    }

    private static func rule153() -> RawRule {
        var r = RawRule(position: p(2793, 5))
        r.id = s("curl.user", 2793, 9)
        r.name = s("curl user password", 2794, 11)
        r.description = s("The password of curl -u / --user user:password (also on a continuation line of a curl command).", 2795, 18)
        r.group = s("Credentials in context", 2796, 12)
        r.regex = s("(?:\\bcurl\\b.*?\\s|^\\s*)(?:-u|--user)(?:=|\\s+)[\"']?[^\\s\"':]*:([^\\s\"']{3,})", 2797, 12)
        r.secretGroup = i(1, 2798, 18)
        r.keywords = [s("curl", 2799, 16), s("-u", 2799, 24), s("--user", 2799, 30)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2801, 9))
                a.description = s("placeholder: a documentation password or a variable (user:pass, <user:password>, [PASSWORD], ${TOKEN})", 2801, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|pwd|secret|token|test|changeme|password>|pass>)|\\*+|x+|y+|\\.\\.\\.|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{.*\\}\\}|%[A-Za-z_]+%)$", 2803, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 2804, 15)]
        r.category = s("secret", 2805, 15)
        r.severity = s("block", 2806, 15)
        r.tags = [s("token", 2807, 12)]
        r.examples = [s("curl -u deploy:↓GifhXnftZxRW↓ https://ci.acme.dev/api", 2809, 9), s("curl --user 'deploy:↓GifhXnftZxRW↓' https://ci.acme.dev/api", 2810, 9)]
        r.negativeExamples = [s("curl -u deploy https://ci.acme.dev/api", 2812, 9), s("curl --user-agent veil https://ci.acme.dev", 2813, 9)]
        return r
    }

    private static func rule154() -> RawRule {
        var r = RawRule(position: p(2815, 5))
        r.id = s("jwt.base64", 2815, 9)
        r.name = s("Base64-encoded JWT", 2816, 11)
        r.description = s("A JSON Web Token encoded once more in base64 (ZXlK…), as Kubernetes secrets and some configs hold it.", 2817, 18)
        r.group = s("Keys and web tokens", 2818, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ZXlK[A-Za-z0-9+/]{60,}={0,2})(?![A-Za-z0-9_+/=-])", 2819, 12)
        r.keywords = [s("ZXlK", 2820, 16)]
        r.validate = [s("random", 2821, 15)]
        r.category = s("secret", 2822, 15)
        r.severity = s("block", 2823, 15)
        r.tags = [s("token", 2824, 12)]
        r.examples = [s("TOKEN_B64=↓ZXlKaGJHY2lPaUpJVXpJMU5pSjkuZXlKeZL4ZOfW4npY7sr1vk/k5Dr0+odqHzYcR997Tg4+g7UVRZP7fmzAdwiT+Rzq↓", 2826, 9), s("  \"token_b64\": \"↓ZXlKaGJHY2lPaUpJVXpJMU5pSjkuZXlKwxMoxOsfudxCis0vKil282SVkc8I0O3OqUG4SDCaJx4kTIF0LtcQNESRQmrY↓\",", 2827, 9)]
        r.negativeExamples = [s("Base64-encoded JWTs start with ZXlK", 2829, 9), s("grep -rn 'ZXlK' docs/", 2830, 9)]
        return r
    }

    private static func rule155() -> RawRule {
        var r = RawRule(position: p(2833, 5))
        r.id = s("private_key", 2833, 9)
        r.name = s("Private key", 2834, 11)
        r.description = s("A private key block (PEM, OpenSSH, PGP), hidden from its header to its END line, or while the lines below it can be its body.", 2835, 18)
        r.group = s("Keys and web tokens", 2836, 12)
        r.detector = s("private_key", 2837, 15)
        r.category = s("secret", 2838, 15)
        r.severity = s("block", 2839, 15)
        r.tags = [s("key", 2840, 12)]
        r.keywords = [s("-----BEGIN", 2841, 16)]
        r.examples = [s("$ cat id_rsa\n↓-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAz5r1pY4OjE2jBMptUsGr7CmY+uCu3ZR1zTOlUcR64cXQLioD\nhx2jIclHkCiHp6bR1IqfEouHgxzNNAL5wIScGebcy8F5n3/YNBDRzrZSgqbjG3uh\n-----END RSA PRIVATE KEY-----↓\n$ ls", 2843, 9), s("↓-----BEGIN OPENSSH PRIVATE KEY-----\nkWKFLf6xuI5aHUQPFeNBTxaQWk8JzFalHlsZfYcMMDktXP/tKsf2rcDkdfrUnW5g↓", 2850, 9), s("key: ↓-----BEGIN PGP PRIVATE KEY BLOCK-----↓", 2853, 9), s("key = \"↓-----BEGIN PRIVATE KEY----- MIIEvQIBADANBgkqhkiG9w0BAQEFAASC -----END PRIVATE KEY-----↓\" # one line", 2854, 9), s("↓-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5xkFT7dPsSpDnoAoGCCqGSM49↓\nTotal: 3 files", 2855, 9)]
        r.negativeExamples = [s("-----BEGIN PUBLIC KEY-----", 2860, 9), s("-----BEGIN CERTIFICATE-----", 2861, 9), s("-----BEGIN private key-----", 2862, 9), s("grep 'BEGIN RSA PRIVATE KEY' *.pem", 2863, 9)]
        return r
    }

    private static func rule156() -> RawRule {
        var r = RawRule(position: p(2865, 5))
        r.id = s("password.labelled", 2865, 9)
        r.name = s("Password", 2866, 11)
        r.description = s("A value right of a password, secret, API key, token or credentials label (db_password, DB_PASS, client_secret, access_token, 密码…), after `:` `=` `:=` `=>` `==` a table cell's bar or `found:`.", 2867, 18)
        r.group = s("Credentials in context", 2868, 12)
        r.detector = s("password.labelled", 2869, 15)
        r.category = s("secret", 2870, 15)
        r.severity = s("block", 2871, 15)
        r.tags = [s("password", 2872, 12)]
        r.keywords = [s("pass", 2873, 16), s("pwd", 2873, 22), s("secret", 2873, 27), s("token", 2873, 35), s("apikey", 2873, 42), s("api_key", 2873, 50), s("api-key", 2873, 59), s("auth", 2873, 68), s("creds", 2873, 74), s("credential", 2873, 81), s("private", 2873, 93), s("密码", 2873, 102), s("口令", 2873, 106), s("密钥", 2873, 110), s("私钥", 2873, 114), s("令牌", 2873, 118)]
        r.examples = [s("Password: ↓hunter22↓", 2875, 9), s("密码：↓abc12345↓", 2876, 9), s("DB_PASSWORD=↓s3cr3t-Pa55↓", 2877, 9), s("api_key = ↓k3y-Valu3-9f8e↓", 2878, 9), s("{\"password\": \"↓Tr0ub4dor&3↓\"}", 2879, 9), s("userPassword: ↓correct-horse↓", 2880, 9), s("支付密码 = ↓839201↓", 2881, 9), s("令牌：↓令牌值九八七↓", 2882, 9), s("access_token=↓7fd2c0a9e1b3&user=jo↓", 2883, 9), s("db_password := ↓q7Rv-9wLm↓", 2884, 9), s("'api_key' => '↓b5e1f0c9-live↓'", 2885, 9), s("if password == \"↓Sw0rdf1sh!↓\":", 2886, 9), s("SECRET_KEY_BASE=↓9f3ab21c7de4↓", 2887, 9), s("DB_PASS=↓pg-Pa55w0rd↓", 2888, 9), s("│ Password │ ↓hunter2↓ │", 2889, 9), s("Password found: ↓pswd↓", 2890, 9), s("client_secret: ↓Gx7-kQ2p-Lm9z↓", 2891, 9)]
        r.negativeExamples = [s("Password: ********", 2893, 9), s("password: ${DB_PASSWORD}", 2894, 9), s("secret: {{.Values.secret}}", 2895, 9), s("token=$GITHUB_TOKEN", 2896, 9), s("password=$(pass show db/prod)", 2897, 9), s("api_key: <your-api-key>", 2898, 9), s("Password: changeme", 2899, 9), s("passwordless: true", 2900, 9), s("grep: /etc/passwd: Permission denied", 2901, 9), s("Password: abc", 2902, 9), s("Enter password:", 2903, 9), s("密码：●●●●●●", 2904, 9), s("tokens: 4096", 2905, 9), s("publicToken: pk_9f8e7d6c5b4a", 2906, 9), s("password: real_key", 2907, 9), s("token_type: bearer", 2908, 9), s("max_tokens=4096", 2909, 9), s("[sudo] password for alice:", 2910, 9)]
        return r
    }

    private static func rule157() -> RawRule {
        var r = RawRule(position: p(2913, 5))
        r.id = s("generic.entropy", 2913, 9)
        r.name = s("High-entropy string", 2914, 11)
        r.description = s("A long random-looking string (base64 above 4.5 bits per character, hex above 3.0); block next to a key word.", 2915, 18)
        r.group = s("Credentials in context", 2916, 12)
        r.detector = s("generic.entropy", 2917, 15)
        r.category = s("secret", 2918, 15)
        r.severity = s("warn", 2919, 15)
        r.context = [s("key", 2920, 15), s("secret", 2920, 20), s("token", 2920, 28), s("password", 2920, 35), s("passwd", 2920, 45), s("pwd", 2920, 53), s("passphrase", 2920, 58), s("auth", 2920, 70), s("authorization", 2920, 76), s("oauth", 2920, 91), s("credential", 2920, 98), s("bearer", 2920, 110), s("api", 2920, 118), s("apikey", 2920, 123), s("accesskey", 2920, 131), s("secretkey", 2920, 142), s("privatekey", 2920, 153), s("private", 2920, 165), s("session", 2920, 174), s("cookie", 2920, 183), s("密钥", 2920, 191), s("令牌", 2920, 195)]
        r.contextSeverity = s("block", 2921, 22)
        r.tags = [s("entropy", 2922, 12)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2924, 9))
                a.description = s("documentation keys and placeholders (AWS's …EXAMPLEKEY, sample, dummy)", 2924, 22)
                a.regexes = [s("EXAMPLE", 2925, 19), s("(?i)(?:sample|dummy|placeholder|changeme|xxxxxxxx)", 2925, 30)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2926, 9))
                a.description = s("public by design (Stripe publishable keys pk_live_, pk_test_; SSH public keys, the base64 of ssh-rsa, ssh-ed25519, ecdsa-sha2-…)", 2926, 22)
                a.regexes = [s("^(?:pk_(?:live|test)_[A-Za-z0-9]+$|AAAA(?:B3NzaC1yc2E|C3NzaC1lZDI1NTE5|E2VjZHNhLXNoYTIt|B3NzaC1kc3M))", 2927, 19)]
                return a
            }(),
        ]
        r.examples = [s("blob ↓Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zku↓ end", 2929, 9), s("SESSION=↓kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp↓", 2930, 9), s("id ↓a8d41bed440e50454f31af3176813e02ea68ef78↓", 2931, 9)]
        r.negativeExamples = [s("request 123e4567-e89b-12d3-a456-426614174000", 2933, 9), s("commit a8d41bed440e50454f31af3176813e02ea68ef78", 2934, 9), s("image sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", 2935, 9), s("/usr/local/lib/node_modules/typescript/bin/tsc", 2936, 9), s("abcdefghijklmnopqrstuvwxyz0123456789", 2937, 9), s("https://github.com/veil/veil/blob/main/Sources/VeilRedaction/Model/Rule.swift", 2938, 9), s("ThisIsAVeryLongIdentifierNameForSomething", 2939, 9), s("--------------------------------------------", 2940, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 2941, 9), s("publishable pk_live_4eC39HqLyjWDarjtT1zdp7dcXq2Rm8Zv", 2942, 9), s("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl jane@laptop", 2943, 9)]
        return r
    }

    private static func rule158() -> RawRule {
        var r = RawRule(position: p(2947, 5))
        r.id = s("ipv4", 2947, 9)
        r.name = s("IPv4 address", 2948, 11)
        r.description = s("IPv4 address.", 2949, 18)
        r.group = s("Off by default", 2950, 12)
        r.regex = s("(?<![0-9.])(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}(?![0-9.])", 2951, 12)
        r.keywords = [s(".", 2952, 16)]
        r.category = s("pii", 2953, 15)
        r.severity = s("warn", 2954, 15)
        r.enabled = b(false, 2955, 14)
        r.examples = [s("client ↓203.0.113.42↓ connected", 2957, 9)]
        r.negativeExamples = [s("version 1.2.3", 2959, 9), s("999.1.1.1", 2960, 9)]
        return r
    }

    private static func rule159() -> RawRule {
        var r = RawRule(position: p(2962, 5))
        r.id = s("mac.address", 2962, 9)
        r.name = s("MAC address", 2963, 11)
        r.description = s("MAC address.", 2964, 18)
        r.group = s("Off by default", 2965, 12)
        r.regex = s("(?i)(?<![0-9a-f:])(?:[0-9a-f]{2}[-\\:]){5}[0-9a-f]{2}(?![0-9a-f:])", 2966, 12)
        r.category = s("pii", 2967, 15)
        r.severity = s("warn", 2968, 15)
        r.enabled = b(false, 2969, 14)
        r.examples = [s("ether ↓3c:22:fb:7a:01:9e↓", 2971, 9)]
        r.negativeExamples = [s("time 12:30:45", 2973, 9)]
        return r
    }

    private static func rule160() -> RawRule {
        var r = RawRule(position: p(2975, 5))
        r.id = s("btc.address", 2975, 9)
        r.name = s("Bitcoin address", 2976, 11)
        r.description = s("Bitcoin address (legacy base58 or bech32).", 2977, 18)
        r.group = s("Off by default", 2978, 12)
        r.regex = s("(?<![A-Za-z0-9])(?:[13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[02-9ac-hj-np-z]{11,71})(?![A-Za-z0-9])", 2979, 12)
        r.category = s("pii", 2980, 15)
        r.severity = s("warn", 2981, 15)
        r.enabled = b(false, 2982, 14)
        r.examples = [s("pay to ↓bc1quauvt7txunf9zeu2qyrzv0pa5uvwjlq9a369s5↓", 2984, 9)]
        r.negativeExamples = [s("order 1234567890", 2986, 9)]
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
