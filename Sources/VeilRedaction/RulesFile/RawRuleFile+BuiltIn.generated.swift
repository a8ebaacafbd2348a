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
        raw.rules = [rule0(), rule1(), rule2(), rule3(), rule4(), rule5(), rule6(), rule7(), rule8(), rule9(), rule10(), rule11(), rule12(), rule13(), rule14(), rule15(), rule16(), rule17(), rule18(), rule19(), rule20(), rule21(), rule22(), rule23(), rule24(), rule25(), rule26(), rule27(), rule28(), rule29(), rule30(), rule31(), rule32(), rule33(), rule34(), rule35(), rule36(), rule37(), rule38(), rule39(), rule40(), rule41(), rule42(), rule43(), rule44(), rule45(), rule46(), rule47(), rule48(), rule49(), rule50(), rule51(), rule52(), rule53(), rule54(), rule55(), rule56(), rule57(), rule58(), rule59(), rule60(), rule61(), rule62(), rule63(), rule64(), rule65(), rule66(), rule67(), rule68(), rule69(), rule70(), rule71(), rule72(), rule73(), rule74(), rule75(), rule76(), rule77(), rule78(), rule79(), rule80(), rule81(), rule82(), rule83(), rule84(), rule85(), rule86(), rule87(), rule88(), rule89(), rule90(), rule91(), rule92(), rule93(), rule94(), rule95(), rule96(), rule97(), rule98(), rule99(), rule100(), rule101(), rule102(), rule103(), rule104(), rule105(), rule106(), rule107(), rule108(), rule109(), rule110(), rule111(), rule112(), rule113(), rule114(), rule115(), rule116(), rule117(), rule118(), rule119(), rule120(), rule121(), rule122(), rule123(), rule124(), rule125(), rule126(), rule127(), rule128(), rule129(), rule130(), rule131(), rule132(), rule133(), rule134(), rule135(), rule136(), rule137(), rule138(), rule139(), rule140(), rule141(), rule142(), rule143(), rule144(), rule145(), rule146(), rule147(), rule148(), rule149(), rule150(), rule151(), rule152(), rule153(), rule154(), rule155(), rule156(), rule157(), rule158(), rule159(), rule160(), rule161(), rule162(), rule163(), rule164(), rule165(), rule166(), rule167(), rule168(), rule169(), rule170()]
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
        r.validate = [s("random", 478, 15)]
        r.category = s("secret", 479, 15)
        r.severity = s("block", 480, 15)
        r.tags = [s("token", 481, 12), s("cloud", 481, 19)]
        r.keywords = [s("sk-ant-", 482, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(484, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 484, 22)
                a.regexes = [s("(.)\\1{5}", 486, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 487, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 488, 13)]
                return a
            }(),
        ]
        r.examples = [s("x-api-key: ↓sk-ant-api03-M5dcJjWpwIqulpwIKak99neEC7C6JYMiznF6ytTBURaHyx49wQOmCb5k5pbS2Sd6CRSH2D6oqM79_O36jKkv_0GhTnrU-AA↓", 490, 9)]
        r.negativeExamples = [s("sk-ant-api03-short", 492, 9)]
        return r
    }

    private static func rule19() -> RawRule {
        var r = RawRule(position: p(494, 5))
        r.id = s("twilio.key", 494, 9)
        r.name = s("Twilio SID", 495, 11)
        r.description = s("Twilio account SID and API key SID, AC or SK and 32 lowercase hex digits (the auth token and key secret beside them are found by their labels).", 496, 18)
        r.group = s("E-mail and messaging", 497, 12)
        r.detector = s("twilio.key", 498, 15)
        r.category = s("secret", 499, 15)
        r.severity = s("block", 500, 15)
        r.tags = [s("token", 501, 12), s("cloud", 501, 19)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(503, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 503, 22)
                a.regexes = [s("(.)\\1{5}", 505, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 506, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 507, 13)]
                return a
            }(),
        ]
        r.examples = [s("TWILIO_API_KEY=↓SK7e8df33809cd89bf6e31c021f6b75d27↓", 509, 9)]
        r.negativeExamples = [s("SKU 1234 in stock; ACME-CORP", 511, 9), s("SK7E8DF33809CD89BF6E31C021F6B75D27", 512, 9)]
        return r
    }

    private static func rule20() -> RawRule {
        var r = RawRule(position: p(514, 5))
        r.id = s("sendgrid.key", 514, 9)
        r.name = s("SendGrid API key", 515, 11)
        r.description = s("SendGrid API key, SG., 22 characters, a dot and 43 characters.", 516, 18)
        r.group = s("E-mail and messaging", 517, 12)
        r.detector = s("sendgrid.key", 518, 15)
        r.category = s("secret", 519, 15)
        r.severity = s("block", 520, 15)
        r.tags = [s("token", 521, 12), s("cloud", 521, 19)]
        r.keywords = [s("SG.", 522, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(524, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 524, 22)
                a.regexes = [s("(.)\\1{5}", 526, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 527, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 528, 13)]
                return a
            }(),
        ]
        r.examples = [s("SENDGRID_API_KEY=↓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↓", 530, 9)]
        r.negativeExamples = [s("SG.Server.Config.Default", 532, 9)]
        return r
    }

    private static func rule21() -> RawRule {
        var r = RawRule(position: p(534, 5))
        r.id = s("dockerhub.token", 534, 9)
        r.name = s("Docker Hub access token", 535, 11)
        r.description = s("Docker Hub personal and organization access token (dckr_pat_, dckr_oat_).", 536, 18)
        r.group = s("Package registries", 537, 12)
        r.detector = s("dockerhub.token", 538, 15)
        r.category = s("secret", 539, 15)
        r.severity = s("block", 540, 15)
        r.tags = [s("token", 541, 12), s("cloud", 541, 19)]
        r.keywords = [s("dckr_", 542, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(544, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 544, 22)
                a.regexes = [s("(.)\\1{5}", 546, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 547, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 548, 13)]
                return a
            }(),
        ]
        r.examples = [s("docker login -u veil -p ↓dckr_pat_fIoGCo16wEn4XR2ayVcLCrR9QCr↓", 550, 9)]
        r.negativeExamples = [s("dckr_pat_short", 552, 9)]
        return r
    }

    private static func rule22() -> RawRule {
        var r = RawRule(position: p(554, 5))
        r.id = s("huggingface.token", 554, 9)
        r.name = s("Hugging Face token", 555, 11)
        r.description = s("Hugging Face user and organization token, hf_ or api_org_ and 34 letters and digits.", 556, 18)
        r.group = s("AI services", 557, 12)
        r.detector = s("huggingface.token", 558, 15)
        r.category = s("secret", 559, 15)
        r.severity = s("block", 560, 15)
        r.tags = [s("token", 561, 12), s("cloud", 561, 19)]
        r.keywords = [s("hf_", 562, 16), s("api_org_", 562, 21)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(564, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 564, 22)
                a.regexes = [s("(.)\\1{5}", 566, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 567, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 568, 13)]
                return a
            }(),
        ]
        r.examples = [s("HF_TOKEN=↓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↓", 570, 9)]
        r.negativeExamples = [s("hf_hub_download(repo_id=\"bert-base-uncased\")", 572, 9), s("hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 573, 9)]
        return r
    }

    private static func rule23() -> RawRule {
        var r = RawRule(position: p(575, 5))
        r.id = s("vault.token", 575, 9)
        r.name = s("HashiCorp Vault token", 576, 11)
        r.description = s("HashiCorp Vault service, batch and recovery token (hvs., hvb., hvr.).", 577, 18)
        r.group = s("Identity and secrets managers", 578, 12)
        r.detector = s("vault.token", 579, 15)
        r.category = s("secret", 580, 15)
        r.severity = s("block", 581, 15)
        r.tags = [s("token", 582, 12), s("cloud", 582, 19)]
        r.keywords = [s("hvs.", 583, 16), s("hvb.", 583, 22), s("hvr.", 583, 28)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(585, 9))
                a.description = s("placeholder: one character repeated, a counting sequence or a documentation word", 585, 22)
                a.regexes = [s("(.)\\1{5}", 587, 13), s("(?i)(?:0123456|1234567|2345678|3456789|abcdefg|bcdefgh)", 588, 13), s("(?i)(?:example|placeholder|dummy|sample|randomstring|stringhere|your[-_]?(?:token|key|secret)|redacted|changeme)", 589, 13)]
                return a
            }(),
        ]
        r.examples = [s("VAULT_TOKEN=↓hvs.vQLYDPbr7D1YtQHBEbxgXE1J↓", 591, 9)]
        r.negativeExamples = [s("hvs.short", 593, 9)]
        return r
    }

    private static func rule24() -> RawRule {
        var r = RawRule(position: p(595, 5))
        r.id = s("url.credentials", 595, 9)
        r.name = s("Password in a URL", 596, 11)
        r.description = s("The password in a URL with credentials (scheme://user:password@host), such as a database URL.", 597, 18)
        r.group = s("Credentials in context", 598, 12)
        r.detector = s("url.credentials", 599, 15)
        r.keywords = [s("://", 600, 16)]
        r.category = s("secret", 601, 15)
        r.severity = s("block", 602, 15)
        r.tags = [s("password", 603, 12), s("database", 603, 22)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(605, 9))
                a.description = s("placeholder: a documentation password or a variable", 605, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|pwd|secret|changeme|\\*+|x+|\\.\\.\\.)|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|<[^>]*>|\\{\\{.*\\}\\}|%[A-Za-z_]+%)$", 607, 13)]
                return a
            }(),
        ]
        r.examples = [s("postgres://app:↓Zq8-pw3d↓@db.internal:5432/app", 609, 9), s("DATABASE_URL=mysql://root:↓Tr0ub4dor-3x↓@127.0.0.1:3306/shop", 610, 9), s("redis://:↓p4ssW0rd7QzX↓@cache.internal:6379/0", 611, 9)]
        r.negativeExamples = [s("https://veil.dev/docs", 613, 9), s("ssh://git@github.com/veil/veil", 614, 9), s("postgres://user:password@localhost:5432/db", 615, 9), s("postgres://postgres:${POSTGRES_PASSWORD}@db:5432/app", 616, 9), s("https://veil.dev:443/docs@v2", 617, 9)]
        return r
    }

    private static func rule25() -> RawRule {
        var r = RawRule(position: p(623, 5))
        r.id = s("onepassword.secret_key", 623, 9)
        r.name = s("1Password secret key", 624, 11)
        r.description = s("1Password account secret key (A3- and five groups).", 625, 18)
        r.group = s("Identity and secrets managers", 626, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})(?![A-Za-z0-9_+/=-])", 627, 12)
        r.keywords = [s("A3-", 628, 16)]
        r.validate = [s("random", 629, 15)]
        r.category = s("secret", 630, 15)
        r.severity = s("block", 631, 15)
        r.tags = [s("token", 632, 12)]
        r.examples = [s("OP_SECRET_KEY=↓A3-A4HZJC-H8OIJCDIO82-70NFH-BZVMN-VZXPN↓", 634, 9), s("  \"op_secret_key\": \"↓A3-N09DDL-INJYBF-72NN1-XMVO4-CQVSV-Z4UNG↓\",", 635, 9)]
        r.negativeExamples = [s("1Password secret keys start with A3-", 637, 9), s("grep -rn 'A3-' docs/", 638, 9)]
        return r
    }

    private static func rule26() -> RawRule {
        var r = RawRule(position: p(640, 5))
        r.id = s("onepassword.service_token", 640, 9)
        r.name = s("1Password service account token", 641, 11)
        r.description = s("1Password service account token (ops_ and a base64 JSON document).", 642, 18)
        r.group = s("Identity and secrets managers", 643, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ops_eyJ[A-Za-z0-9+/]{250,}={0,3})(?![A-Za-z0-9_+/=-])", 644, 12)
        r.keywords = [s("ops_eyJ", 645, 16)]
        r.validate = [s("random", 646, 15)]
        r.category = s("secret", 647, 15)
        r.severity = s("block", 648, 15)
        r.tags = [s("token", 649, 12)]
        r.examples = [s("OP_SERVICE_ACCOUNT_TOKEN=↓ops_eyJnWlLWYDvMzknZO6Zq4zGPiMPYZqUT8H/jv+EO+R/Dg+8seBMwk5WFQPGaYmX6zdY7n7pRvPsYlwVFP2aSfwna2nfiEE8jhZ3uazE4xZebpsmvObIf9/5jX1EI9Tm8AAjwikmfnzdeSoMYCv/n8hnxybc0GfeG0piNHpf+2SGnoF0c4SJC/84i99AreVL7tHypxZ1cH5E05zRo2egL6HRnZQw7djrr1oi41rIXchVONni53ZKMq+9tS39TH↓", 651, 9), s("  \"op_service_account_token\": \"↓ops_eyJgponHpPdWhRmx4ohJVTS8S26XW6Rtx+Z9rB/vYR9nUaM7/sRJlVIMCGsXeJv01mGmzMIMzUlUEsJSykMpff8t02VhBebCTNjY+cs6Uk7udjti7rwZ31FC7r81K7+DAeGykyjL5fU5fyX/dQjrEhjNDyzF7M5O7xmVJrvUkviQPTgIIb+Fm4bgNGwHFEZTgP5KLIJRpwkpPvGV3/c8dDHsfcSH6SOyvKg9rlytMxGTuATfO/RZtYrChjywk↓\",", 652, 9)]
        r.negativeExamples = [s("1Password service account tokens start with ops_eyJ", 654, 9), s("grep -rn 'ops_eyJ' docs/", 655, 9)]
        return r
    }

    private static func rule27() -> RawRule {
        var r = RawRule(position: p(657, 5))
        r.id = s("age.secret_key", 657, 9)
        r.name = s("age secret key", 658, 11)
        r.description = s("age encryption secret key (AGE-SECRET-KEY-1 and 58 bech32 characters whose checksum holds).", 659, 18)
        r.group = s("Identity and secrets managers", 660, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})(?![A-Za-z0-9_+/=-])", 661, 12)
        r.keywords = [s("AGE-SECRET-KEY-1", 662, 16)]
        r.validate = [s("bech32", 663, 15)]
        r.category = s("secret", 664, 15)
        r.severity = s("block", 665, 15)
        r.tags = [s("token", 666, 12)]
        r.examples = [s("AGE_KEY=↓AGE-SECRET-KEY-1HD5V9M5SF0AYZNK4SSKMQDU5YN5HEQEZQ9ND6M7M5TXRW9VC9ML3GYRXPN↓", 668, 9), s("  \"age_key\": \"↓AGE-SECRET-KEY-12X0MK6R3STP5X4EFHVJPM2U2JVAYAZA4NTS6XG5PV7QRHLPNJ7GH9YTD47↓\",", 669, 9)]
        r.negativeExamples = [s("age secret keys start with AGE-SECRET-KEY-1", 671, 9), s("grep -rn 'AGE-SECRET-KEY-1' docs/", 672, 9), s("AGE_KEY=AGE-SECRET-KEY-1HD5V9M5SF0AYZNK4SSKMQDU5YN5HEQEZQ9ND6M7M5TXRW9VC9ML3GYRXPQ (checksum fails)", 673, 9)]
        return r
    }

    private static func rule28() -> RawRule {
        var r = RawRule(position: p(675, 5))
        r.id = s("okta.token", 675, 9)
        r.name = s("Okta API token", 676, 11)
        r.description = s("Okta API token (00 and 40 characters) after an Okta label.", 677, 18)
        r.group = s("Identity and secrets managers", 678, 12)
        r.label = [s("okta", 679, 13)]
        r.regex = s("00[A-Za-z0-9=_-]{40}", 680, 12)
        r.validate = [s("random", 681, 15)]
        r.category = s("secret", 682, 15)
        r.severity = s("block", 683, 15)
        r.tags = [s("token", 684, 12)]
        r.examples = [s("OKTA_TOKEN = \"↓00GO8qPBYe17wwPpR1t8VRY8J5TfUIWiyf2MPWtSw1↓\"", 686, 9), s("oktaKey: ↓00mkSy6tQg2p4Qi_DRROEmLNWykfz9DcvDH3tNAW_7↓", 687, 9)]
        r.negativeExamples = [s("OKTA_TOKEN_FILE = \"~/.config/okta/token\"", 689, 9), s("OKTA_URL = \"https://api.okta.com/v2\"", 690, 9)]
        return r
    }

    private static func rule29() -> RawRule {
        var r = RawRule(position: p(692, 5))
        r.id = s("authress.key", 692, 9)
        r.name = s("Authress access key", 693, 11)
        r.description = s("Authress service client access key (sc_, ext_, scauth_ or authress_, four dotted parts).", 694, 18)
        r.group = s("Identity and secrets managers", 695, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\\.[A-Za-z0-9]{4,6}\\.acc[_-][A-Za-z0-9-]{10,32}\\.[A-Za-z0-9+/_=-]{30,120})(?![A-Za-z0-9_+/=-])", 696, 12)
        r.keywords = [s("sc_", 697, 16), s("ext_", 697, 23), s("scauth_", 697, 31), s("authress_", 697, 42)]
        r.validate = [s("random", 698, 15)]
        r.category = s("secret", 699, 15)
        r.severity = s("block", 700, 15)
        r.tags = [s("token", 701, 12)]
        r.examples = [s("AUTHRESS_KEY=↓authress_qY46Y.ednQ.acc-WIxJ1-swSm7IIrnPn.BxwiLs=G+7Jsm6jQfs0BkGyG-t_ZXc1X4f7cd↓", 703, 9), s("  \"authress_key\": \"↓sc_a1ivPL.nY2e.acc_LsTlhuQBgRWNDY0ui.-5/wu+ULQoWGx4JSaxKeXxMxBtJLs-↓\",", 704, 9)]
        r.negativeExamples = [s("Authress access keys start with sc_", 706, 9), s("grep -rn 'sc_' docs/", 707, 9)]
        return r
    }

    private static func rule30() -> RawRule {
        var r = RawRule(position: p(709, 5))
        r.id = s("doppler.token", 709, 9)
        r.name = s("Doppler token", 710, 11)
        r.description = s("Doppler personal, service, CLI, service account, SCIM and audit tokens (dp.pt., dp.st., …).", 711, 18)
        r.group = s("Identity and secrets managers", 712, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:dp\\.(?:pt|st|ct|sa|scim|audit)\\.[A-Za-z0-9]{40,44})(?![A-Za-z0-9_+/=-])", 713, 12)
        r.keywords = [s("dp.pt.", 714, 16), s("dp.st.", 714, 26), s("dp.ct.", 714, 36), s("dp.sa.", 714, 46), s("dp.scim.", 714, 56), s("dp.audit.", 714, 68)]
        r.validate = [s("random", 715, 15)]
        r.category = s("secret", 716, 15)
        r.severity = s("block", 717, 15)
        r.tags = [s("token", 718, 12)]
        r.examples = [s("DOPPLER_TOKEN=↓dp.pt.Kmfs6BgMwoYyl8rI9ugcwl2rQatmC9CBdjWW46Q2yD6↓", 720, 9), s("  \"doppler_token\": \"↓dp.sa.j0SALxsl2R2jbB8D2VaSXIV5URkAao9qA0mTb0ce↓\",", 721, 9)]
        r.negativeExamples = [s("Doppler tokens start with dp.pt.", 723, 9), s("grep -rn 'dp.pt.' docs/", 724, 9)]
        return r
    }

    private static func rule31() -> RawRule {
        var r = RawRule(position: p(726, 5))
        r.id = s("hashicorp.terraform_token", 726, 9)
        r.name = s("Terraform Cloud token", 727, 11)
        r.description = s("HashiCorp Terraform Cloud / Enterprise API token (….atlasv1.…).", 728, 18)
        r.group = s("Identity and secrets managers", 729, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,70})(?![A-Za-z0-9_+/=-])", 730, 12)
        r.keywords = [s("atlasv1", 731, 16)]
        r.validate = [s("random", 732, 15)]
        r.category = s("secret", 733, 15)
        r.severity = s("block", 734, 15)
        r.tags = [s("token", 735, 12)]
        r.examples = [s("TF_TOKEN_app_terraform_io=↓t9upYHsPPm0tkH.atlasv1.axsL76ESp67iuT2aTCgj4CtCpM84-RneJPaNDs==EZe5B39PDXA0TAQUvXbq6qz↓", 737, 9), s("  \"tf_token_app_terraform_io\": \"↓gtbLz3bwTgWFld.atlasv1.DCau=9gRFtCeovYRxBh92ogqIBKRB7eMX2nQeV=0dqpYGm4HyDm-SZTZBCkerREW_3↓\",", 738, 9)]
        r.negativeExamples = [s("Terraform Cloud tokens start with atlasv1", 740, 9), s("grep -rn 'atlasv1' docs/", 741, 9)]
        return r
    }

    private static func rule32() -> RawRule {
        var r = RawRule(position: p(743, 5))
        r.id = s("vault.legacy_token", 743, 9)
        r.name = s("Vault legacy token", 744, 11)
        r.description = s("HashiCorp Vault token of the old form (s. and 24 characters) after a Vault label.", 745, 18)
        r.group = s("Identity and secrets managers", 746, 12)
        r.label = [s("vault", 747, 13)]
        r.regex = s("s\\.[A-Za-z0-9]{24}", 748, 12)
        r.validate = [s("random", 749, 15)]
        r.category = s("secret", 750, 15)
        r.severity = s("block", 751, 15)
        r.tags = [s("token", 752, 12)]
        r.examples = [s("VAULT_TOKEN = \"↓s.EIs1KewaHxIxMW8CBBeq6Xre↓\"", 754, 9), s("vaultKey: ↓s.A4q7TkOpIEHkkAwx5Qokbo6D↓", 755, 9)]
        r.negativeExamples = [s("VAULT_TOKEN_FILE = \"~/.config/vault/token\"", 757, 9), s("VAULT_URL = \"https://api.vault.com/v2\"", 758, 9)]
        return r
    }

    private static func rule33() -> RawRule {
        var r = RawRule(position: p(760, 5))
        r.id = s("adobe.client_secret", 760, 9)
        r.name = s("Adobe client secret", 761, 11)
        r.description = s("Adobe OAuth client secret (p8e- and 32 characters).", 762, 18)
        r.group = s("Identity and secrets managers", 763, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:p8e-[A-Za-z0-9]{32})(?![A-Za-z0-9_+/=-])", 764, 12)
        r.keywords = [s("p8e-", 765, 16)]
        r.validate = [s("random", 766, 15)]
        r.category = s("secret", 767, 15)
        r.severity = s("block", 768, 15)
        r.tags = [s("token", 769, 12)]
        r.examples = [s("ADOBE_CLIENT_SECRET=↓p8e-Ks73qiIvbnrs0r7s0rjetMbVUUlrfIbs↓", 771, 9), s("  \"adobe_client_secret\": \"↓p8e-dev7sbLvjJqJa2X0oPyaTwF4rlsC8ulx↓\",", 772, 9)]
        r.negativeExamples = [s("Adobe client secrets start with p8e-", 774, 9), s("grep -rn 'p8e-' docs/", 775, 9)]
        return r
    }

    private static func rule34() -> RawRule {
        var r = RawRule(position: p(777, 5))
        r.id = s("adobe.client_id", 777, 9)
        r.name = s("Adobe client ID", 778, 11)
        r.description = s("Adobe client ID (32 hex digits) after an Adobe label.", 779, 18)
        r.group = s("Identity and secrets managers", 780, 12)
        r.label = [s("adobe", 781, 13)]
        r.regex = s("[a-f0-9]{32}", 782, 12)
        r.validate = [s("random", 783, 15)]
        r.category = s("secret", 784, 15)
        r.severity = s("block", 785, 15)
        r.tags = [s("token", 786, 12)]
        r.examples = [s("ADOBE_TOKEN = \"↓df92d297643f1653cd9f4f4e07d89aab↓\"", 788, 9), s("adobeKey: ↓89639cdc9ec04a0f89adabc4f8c97ca4↓", 789, 9)]
        r.negativeExamples = [s("ADOBE_TOKEN_FILE = \"~/.config/adobe/token\"", 791, 9), s("ADOBE_URL = \"https://api.adobe.com/v2\"", 792, 9)]
        return r
    }

    private static func rule35() -> RawRule {
        var r = RawRule(position: p(794, 5))
        r.id = s("aws.bedrock_key", 794, 9)
        r.name = s("Amazon Bedrock API key", 795, 11)
        r.description = s("Amazon Bedrock API key, long-lived (ABSK…) or short-lived (bedrock-api-key-…).", 796, 18)
        r.group = s("Cloud platforms", 797, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ABSK[A-Za-z0-9+/]{109,269}={0,2}|bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%&?.-]{20,})(?![A-Za-z0-9_+/=-])", 798, 12)
        r.keywords = [s("ABSK", 799, 16), s("bedrock-api-key-", 799, 24)]
        r.validate = [s("random", 800, 15)]
        r.category = s("secret", 801, 15)
        r.severity = s("block", 802, 15)
        r.tags = [s("token", 803, 12)]
        r.examples = [s("AWS_BEARER_TOKEN_BEDROCK=↓ABSKjiWqs4MZRHOzloeybAZSS3K2eBug7wTqh2sAFik4XLd2wY1a7T3XYt/JswDPS8jbYlvlo1+XarJiw9OHmTZ94aiuJvqx2C6Jky7k1wFj5FQ9rkCFCWGEcIFx↓", 805, 9), s("  \"aws_bearer_token_bedrock\": \"↓ABSKEXgfmXHdkMzcfqsq57z4/fgsqdV6cJnc7oUhlHo5eL66BiFXDO4+2TwjQ15g3dTA3JnHBOmFRQL7lixxh+cI1hQuGfngtCV0SG+OBQoZTR8oc8981rta2qsL↓\",", 806, 9)]
        r.negativeExamples = [s("Amazon Bedrock API keys start with ABSK", 808, 9), s("grep -rn 'ABSK' docs/", 809, 9)]
        return r
    }

    private static func rule36() -> RawRule {
        var r = RawRule(position: p(811, 5))
        r.id = s("azure.client_secret", 811, 9)
        r.name = s("Azure AD client secret", 812, 11)
        r.description = s("Microsoft Entra ID (Azure AD) application client secret (three characters, a digit, Q~, 31–34 more).", 813, 18)
        r.group = s("Cloud platforms", 814, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34})(?![A-Za-z0-9_+/=-])", 815, 12)
        r.keywords = [s("Q~", 816, 16)]
        r.validate = [s("random", 817, 15)]
        r.category = s("secret", 818, 15)
        r.severity = s("block", 819, 15)
        r.tags = [s("token", 820, 12)]
        r.examples = [s("AZURE_CLIENT_SECRET=↓SqF2Q~qPjK01uNt4g8dpX8c4GfxlEIE5R7JGKNdG↓", 822, 9), s("  \"azure_client_secret\": \"↓as03Q~BAEWPrj7tU6iAjHuWzm0u4d5zsSPB4_rvm↓\",", 823, 9)]
        r.negativeExamples = [s("Azure AD client secrets start with Q~", 825, 9), s("grep -rn 'Q~' docs/", 826, 9)]
        return r
    }

    private static func rule37() -> RawRule {
        var r = RawRule(position: p(828, 5))
        r.id = s("alibaba.access_key", 828, 9)
        r.name = s("Alibaba Cloud access key ID", 829, 11)
        r.description = s("Alibaba Cloud AccessKey ID (LTAI and 20 characters).", 830, 18)
        r.group = s("Cloud platforms", 831, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:LTAI[A-Za-z0-9]{20})(?![A-Za-z0-9_+/=-])", 832, 12)
        r.keywords = [s("LTAI", 833, 16)]
        r.validate = [s("random", 834, 15)]
        r.category = s("secret", 835, 15)
        r.severity = s("block", 836, 15)
        r.tags = [s("token", 837, 12)]
        r.examples = [s("ALIBABA_CLOUD_ACCESS_KEY_ID=↓LTAIORCRo8fiVfZPEQwJwvBm↓", 839, 9), s("  \"alibaba_cloud_access_key_id\": \"↓LTAIqWkTikHVk1goZaymZxFT↓\",", 840, 9)]
        r.negativeExamples = [s("Alibaba Cloud access key IDs start with LTAI", 842, 9), s("grep -rn 'LTAI' docs/", 843, 9)]
        return r
    }

    private static func rule38() -> RawRule {
        var r = RawRule(position: p(845, 5))
        r.id = s("alibaba.secret_key", 845, 9)
        r.name = s("Alibaba Cloud secret", 846, 11)
        r.description = s("Alibaba Cloud AccessKey secret (30 characters) after an Alibaba label.", 847, 18)
        r.group = s("Cloud platforms", 848, 12)
        r.label = [s("alibaba", 849, 13), s("aliyun", 849, 22)]
        r.regex = s("[A-Za-z0-9]{30}", 850, 12)
        r.validate = [s("random", 851, 15)]
        r.category = s("secret", 852, 15)
        r.severity = s("block", 853, 15)
        r.tags = [s("token", 854, 12)]
        r.examples = [s("ALIBABA_TOKEN = \"↓BuWotxKgQliF0HrxOWipzE4pmMgfR8↓\"", 856, 9), s("alibabaKey: ↓jbWdxD5NzVI05qB2uQRJK9apXGlCvU↓", 857, 9)]
        r.negativeExamples = [s("ALIBABA_TOKEN_FILE = \"~/.config/alibaba/token\"", 859, 9), s("ALIBABA_URL = \"https://api.alibaba.com/v2\"", 860, 9)]
        return r
    }

    private static func rule39() -> RawRule {
        var r = RawRule(position: p(862, 5))
        r.id = s("yandex.key", 862, 9)
        r.name = s("Yandex Cloud key", 863, 11)
        r.description = s("Yandex Cloud IAM token (t1.…), API key (AQVN…) or static access key (YC…) after a Yandex label.", 864, 18)
        r.group = s("Cloud platforms", 865, 12)
        r.label = [s("yandex", 866, 13)]
        r.regex = s("t1\\.[A-Za-z0-9_-]+=*\\.[A-Za-z0-9_-]{86}=*|AQVN[A-Za-z0-9_-]{35,38}|YC[A-Za-z0-9_-]{38}", 867, 12)
        r.validate = [s("random", 868, 15)]
        r.category = s("secret", 869, 15)
        r.severity = s("block", 870, 15)
        r.tags = [s("token", 871, 12)]
        r.examples = [s("YANDEX_TOKEN = \"↓AQVNhihYHSWIHxQAKsyesP-F9UZruIrYzIr75KOp↓\"", 873, 9), s("yandexKey: ↓AQVNd3ZIy-cyGPb8QLRN_QRdMZEV8DylfpcyGn9B↓", 874, 9)]
        r.negativeExamples = [s("YANDEX_TOKEN_FILE = \"~/.config/yandex/token\"", 876, 9), s("YANDEX_URL = \"https://api.yandex.com/v2\"", 877, 9)]
        return r
    }

    private static func rule40() -> RawRule {
        var r = RawRule(position: p(879, 5))
        r.id = s("digitalocean.token", 879, 9)
        r.name = s("DigitalOcean token", 880, 11)
        r.description = s("DigitalOcean personal access, OAuth and refresh token (dop_v1_, doo_v1_, dor_v1_ and 64 hex digits).", 881, 18)
        r.group = s("Cloud platforms", 882, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:do[opr]_v1_[a-f0-9]{64})(?![A-Za-z0-9_+/=-])", 883, 12)
        r.keywords = [s("dop_v1_", 884, 16), s("doo_v1_", 884, 27), s("dor_v1_", 884, 38)]
        r.validate = [s("random", 885, 15)]
        r.category = s("secret", 886, 15)
        r.severity = s("block", 887, 15)
        r.tags = [s("token", 888, 12)]
        r.examples = [s("DIGITALOCEAN_ACCESS_TOKEN=↓dor_v1_9e916c371e93c42c34a64abf57e45a91747642f1373387f45818df2929e3e8c0↓", 890, 9), s("  \"digitalocean_access_token\": \"↓dop_v1_a573c3db5a19bf5cba4a77d167a48fd5ce2eeff1c4aec5ffd482616048345f46↓\",", 891, 9)]
        r.negativeExamples = [s("DigitalOcean tokens start with dop_v1_", 893, 9), s("grep -rn 'dop_v1_' docs/", 894, 9)]
        return r
    }

    private static func rule41() -> RawRule {
        var r = RawRule(position: p(896, 5))
        r.id = s("cloudflare.api_key", 896, 9)
        r.name = s("Cloudflare API key", 897, 11)
        r.description = s("Cloudflare API token (40 characters) or global API key (37 hex digits) after a Cloudflare label.", 898, 18)
        r.group = s("Cloud platforms", 899, 12)
        r.label = [s("cloudflare", 900, 13), s("cf_api", 900, 25)]
        r.regex = s("[A-Za-z0-9_-]{40}|[a-f0-9]{37}", 901, 12)
        r.validate = [s("random", 902, 15)]
        r.category = s("secret", 903, 15)
        r.severity = s("block", 904, 15)
        r.tags = [s("token", 905, 12)]
        r.examples = [s("CLOUDFLARE_TOKEN = \"↓kQAYTnWLoU9VZR2Cj6ccIiuGglhP5W2rY60Pot3V↓\"", 907, 9), s("cloudflareKey: ↓O0jKA6BKe_kfNx9movxmuP-Uyt46WhTzkFqTugzH↓", 908, 9)]
        r.negativeExamples = [s("CLOUDFLARE_TOKEN_FILE = \"~/.config/cloudflare/token\"", 910, 9), s("CLOUDFLARE_URL = \"https://api.cloudflare.com/v2\"", 911, 9)]
        return r
    }

    private static func rule42() -> RawRule {
        var r = RawRule(position: p(913, 5))
        r.id = s("cloudflare.origin_ca_key", 913, 9)
        r.name = s("Cloudflare Origin CA key", 914, 11)
        r.description = s("Cloudflare Origin CA key (v1.0-, 24 and 146 hex digits).", 915, 18)
        r.group = s("Cloud platforms", 916, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:v1\\.0-[a-f0-9]{24}-[a-f0-9]{146})(?![A-Za-z0-9_+/=-])", 917, 12)
        r.keywords = [s("v1.0-", 918, 16)]
        r.validate = [s("random", 919, 15)]
        r.category = s("secret", 920, 15)
        r.severity = s("block", 921, 15)
        r.tags = [s("token", 922, 12)]
        r.examples = [s("CF_ORIGIN_CA_KEY=↓v1.0-457cdd51d708204c89c524b7-19303620ab46a7b4430d8cb037915dcabe3953b2ae3c5438fcc3c1975edea342d8184f9f1a4b4f83afbe160548194184c62cebb081ed78db314ef913295827c0d910dd06c3c6f48240↓", 924, 9), s("  \"cf_origin_ca_key\": \"↓v1.0-851ee1b066e716938e3d2a08-1acdf9c2395b94332ffdd21bf818e06d87740c525e24b8a9ec5d43b1dafe908388ce3e2f45b272bc4c59c6868ab3953bb041871bcffaf1496cf8c47903bae6d5f23ed95779d22f213c↓\",", 925, 9)]
        r.negativeExamples = [s("Cloudflare Origin CA keys start with v1.0-", 927, 9), s("grep -rn 'v1.0-' docs/", 928, 9)]
        return r
    }

    private static func rule43() -> RawRule {
        var r = RawRule(position: p(930, 5))
        r.id = s("heroku.api_key", 930, 9)
        r.name = s("Heroku API key", 931, 11)
        r.description = s("Heroku API key (a UUID) after a Heroku label.", 932, 18)
        r.group = s("Cloud platforms", 933, 12)
        r.label = [s("heroku", 934, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 935, 12)
        r.validate = [s("random", 936, 15)]
        r.category = s("secret", 937, 15)
        r.severity = s("block", 938, 15)
        r.tags = [s("token", 939, 12)]
        r.examples = [s("HEROKU_TOKEN = \"↓f6cb23bd-cbfd-c41c-ce8b-5cf7eb6ac2d8↓\"", 941, 9), s("herokuKey: ↓d9751d1d-c9c2-fdf3-ff04-2c9660f37adb↓", 942, 9)]
        r.negativeExamples = [s("HEROKU_TOKEN_FILE = \"~/.config/heroku/token\"", 944, 9), s("HEROKU_URL = \"https://api.heroku.com/v2\"", 945, 9)]
        return r
    }

    private static func rule44() -> RawRule {
        var r = RawRule(position: p(947, 5))
        r.id = s("heroku.token", 947, 9)
        r.name = s("Heroku token", 948, 11)
        r.description = s("Heroku platform API token (HRKU-AA and 58 characters).", 949, 18)
        r.group = s("Cloud platforms", 950, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:HRKU-AA[A-Za-z0-9_-]{58})(?![A-Za-z0-9_+/=-])", 951, 12)
        r.keywords = [s("HRKU-", 952, 16)]
        r.validate = [s("random", 953, 15)]
        r.category = s("secret", 954, 15)
        r.severity = s("block", 955, 15)
        r.tags = [s("token", 956, 12)]
        r.examples = [s("HEROKU_API_KEY=↓HRKU-AAUbDkBLbPyljocA9E5A78ShI7L9RvbH5gqAhOrXhUCYRaFQYpgAxzEtPbX7↓", 958, 9), s("  \"heroku_api_key\": \"↓HRKU-AAAYghs9wZlv7xMjDoN1suazuvJDzzwPGoV8-CJmPLoz8Ip66wGXYzx9SVeN↓\",", 959, 9)]
        r.negativeExamples = [s("Heroku tokens start with HRKU-", 961, 9), s("grep -rn 'HRKU-' docs/", 962, 9)]
        return r
    }

    private static func rule45() -> RawRule {
        var r = RawRule(position: p(964, 5))
        r.id = s("flyio.token", 964, 9)
        r.name = s("Fly.io token", 965, 11)
        r.description = s("Fly.io access and macaroon tokens (fo1_, fm1a_, fm1r_, fm2_).", 966, 18)
        r.group = s("Cloud platforms", 967, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:fo1_[A-Za-z0-9_-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}={0,3}|fm2_[A-Za-z0-9+/]{100,}={0,3})(?![A-Za-z0-9_+/=-])", 968, 12)
        r.keywords = [s("fo1_", 969, 16), s("fm1a_", 969, 24), s("fm1r_", 969, 33), s("fm2_", 969, 42)]
        r.validate = [s("random", 970, 15)]
        r.category = s("secret", 971, 15)
        r.severity = s("block", 972, 15)
        r.tags = [s("token", 973, 12)]
        r.examples = [s("FLY_API_TOKEN=↓fo1_Vsbl7jpKL3s-4tXv3YLaZtYms0LFn_ZrqjCC6dcpz8A↓", 975, 9), s("  \"fly_api_token\": \"↓fo1_ytZf8TKXJZOQA6MsHTKlg7HQ8av8p-49FpyGdZ4a9Pu↓\",", 976, 9)]
        r.negativeExamples = [s("Fly.io tokens start with fo1_", 978, 9), s("grep -rn 'fo1_' docs/", 979, 9)]
        return r
    }

    private static func rule46() -> RawRule {
        var r = RawRule(position: p(981, 5))
        r.id = s("scalingo.token", 981, 9)
        r.name = s("Scalingo token", 982, 11)
        r.description = s("Scalingo API token (tk-us- and 48 characters).", 983, 18)
        r.group = s("Cloud platforms", 984, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:tk-us-[A-Za-z0-9_-]{48})(?![A-Za-z0-9_+/=-])", 985, 12)
        r.keywords = [s("tk-us-", 986, 16)]
        r.validate = [s("random", 987, 15)]
        r.category = s("secret", 988, 15)
        r.severity = s("block", 989, 15)
        r.tags = [s("token", 990, 12)]
        r.examples = [s("SCALINGO_API_TOKEN=↓tk-us-WkoqJFnwfUDL-uhw1jjI2SXHBdzNVd8Y5WHVk1AzqemMTNXr↓", 992, 9), s("  \"scalingo_api_token\": \"↓tk-us-szmMboPzsKoxTmPhw6jkoGjcZz49SCPJIGeAlTNBLZgH80jp↓\",", 993, 9)]
        r.negativeExamples = [s("Scalingo tokens start with tk-us-", 995, 9), s("grep -rn 'tk-us-' docs/", 996, 9)]
        return r
    }

    private static func rule47() -> RawRule {
        var r = RawRule(position: p(998, 5))
        r.id = s("netlify.token", 998, 9)
        r.name = s("Netlify token", 999, 11)
        r.description = s("Netlify access token (40–46 characters) after a Netlify label.", 1000, 18)
        r.group = s("Cloud platforms", 1001, 12)
        r.label = [s("netlify", 1002, 13)]
        r.regex = s("[A-Za-z0-9_=-]{40,46}", 1003, 12)
        r.validate = [s("random", 1004, 15)]
        r.category = s("secret", 1005, 15)
        r.severity = s("block", 1006, 15)
        r.tags = [s("token", 1007, 12)]
        r.examples = [s("NETLIFY_TOKEN = \"↓vZ8A4FHAx4xAnXh3CHfYGBpzyRN9rvmqlC2fxYcnsun↓\"", 1009, 9), s("netlifyKey: ↓I0f9cfexdn8U_bmd2dAwh3V1wcwfUTb9gxb0n39Jqn4↓", 1010, 9)]
        r.negativeExamples = [s("NETLIFY_TOKEN_FILE = \"~/.config/netlify/token\"", 1012, 9), s("NETLIFY_URL = \"https://api.netlify.com/v2\"", 1013, 9)]
        return r
    }

    private static func rule48() -> RawRule {
        var r = RawRule(position: p(1015, 5))
        r.id = s("planetscale.token", 1015, 9)
        r.name = s("PlanetScale token", 1016, 11)
        r.description = s("PlanetScale API, OAuth token and database password (pscale_tkn_, pscale_oauth_, pscale_pw_).", 1017, 18)
        r.group = s("Cloud platforms", 1018, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_=.-]{32,64})(?![A-Za-z0-9_+/=-])", 1019, 12)
        r.keywords = [s("pscale_", 1020, 16)]
        r.validate = [s("random", 1021, 15)]
        r.category = s("secret", 1022, 15)
        r.severity = s("block", 1023, 15)
        r.tags = [s("token", 1024, 12)]
        r.examples = [s("PLANETSCALE_SERVICE_TOKEN=↓pscale_pw_XA90CjhIamhCG44WUlMG8Qa8L6Pkw5gs9VoqP2n0Ayk↓", 1026, 9), s("  \"planetscale_service_token\": \"↓pscale_pw_18Fdq4jbZGC8YPgsHU76qaXBd3Qnkzru3AdvNmsTuF0↓\",", 1027, 9)]
        r.negativeExamples = [s("PlanetScale tokens start with pscale_", 1029, 9), s("grep -rn 'pscale_' docs/", 1030, 9)]
        return r
    }

    private static func rule49() -> RawRule {
        var r = RawRule(position: p(1032, 5))
        r.id = s("clickhouse.secret", 1032, 9)
        r.name = s("ClickHouse Cloud key secret", 1033, 11)
        r.description = s("ClickHouse Cloud API key secret (4b1d and 38 characters).", 1034, 18)
        r.group = s("Cloud platforms", 1035, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:4b1d[A-Za-z0-9]{38})(?![A-Za-z0-9_+/=-])", 1036, 12)
        r.keywords = [s("4b1d", 1037, 16)]
        r.validate = [s("random", 1038, 15)]
        r.category = s("secret", 1039, 15)
        r.severity = s("block", 1040, 15)
        r.tags = [s("token", 1041, 12)]
        r.examples = [s("CLICKHOUSE_KEY_SECRET=↓4b1dayDjo2EXR7RMQcjXFBFeDzyEknmT0OvDmoEWnB↓", 1043, 9), s("  \"clickhouse_key_secret\": \"↓4b1dmYeyJMbEb86hDemUVvhgp6xROjCff2SCSLWE8W↓\",", 1044, 9)]
        r.negativeExamples = [s("ClickHouse Cloud key secrets start with 4b1d", 1046, 9), s("grep -rn '4b1d' docs/", 1047, 9)]
        return r
    }

    private static func rule50() -> RawRule {
        var r = RawRule(position: p(1049, 5))
        r.id = s("databricks.token", 1049, 9)
        r.name = s("Databricks token", 1050, 11)
        r.description = s("Databricks personal access token (dapi and 32 hex digits).", 1051, 18)
        r.group = s("Cloud platforms", 1052, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:dapi[a-f0-9]{32}(?:-[0-9])?)(?![A-Za-z0-9_+/=-])", 1053, 12)
        r.keywords = [s("dapi", 1054, 16)]
        r.validate = [s("random", 1055, 15)]
        r.category = s("secret", 1056, 15)
        r.severity = s("block", 1057, 15)
        r.tags = [s("token", 1058, 12)]
        r.examples = [s("DATABRICKS_TOKEN=↓dapia973cf1471703f2a5c9294087ea85388↓", 1060, 9), s("  \"databricks_token\": \"↓dapi338f27c8ecfc9d2d928b08c06e57eabd-3↓\",", 1061, 9)]
        r.negativeExamples = [s("Databricks tokens start with dapi", 1063, 9), s("grep -rn 'dapi' docs/", 1064, 9)]
        return r
    }

    private static func rule51() -> RawRule {
        var r = RawRule(position: p(1066, 5))
        r.id = s("confluent.key", 1066, 9)
        r.name = s("Confluent key", 1067, 11)
        r.description = s("Confluent Cloud API key (16) or secret (64 characters) after a Confluent label.", 1068, 18)
        r.group = s("Cloud platforms", 1069, 12)
        r.label = [s("confluent", 1070, 13)]
        r.regex = s("[A-Za-z0-9]{64}|[A-Za-z0-9]{16}", 1071, 12)
        r.validate = [s("random", 1072, 15)]
        r.category = s("secret", 1073, 15)
        r.severity = s("block", 1074, 15)
        r.tags = [s("token", 1075, 12)]
        r.examples = [s("CONFLUENT_TOKEN = \"↓bjQVhbPR9E6cFdwXRsAliJaocTcqvFGjHRQ2Kcb48A2Fst52PFeBqjTY2b1opJ9h↓\"", 1077, 9), s("confluentKey: ↓TeJXaaYwh5VpXvcvAvKwnuG03u0Ot8qxd4eC5624C8doR2CfXTJcdUUp2qeatrkp↓", 1078, 9)]
        r.negativeExamples = [s("CONFLUENT_TOKEN_FILE = \"~/.config/confluent/token\"", 1080, 9), s("CONFLUENT_URL = \"https://api.confluent.com/v2\"", 1081, 9)]
        return r
    }

    private static func rule52() -> RawRule {
        var r = RawRule(position: p(1083, 5))
        r.id = s("pulumi.token", 1083, 9)
        r.name = s("Pulumi token", 1084, 11)
        r.description = s("Pulumi access token (pul- and 40 hex digits).", 1085, 18)
        r.group = s("Cloud platforms", 1086, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:pul-[a-f0-9]{40})(?![A-Za-z0-9_+/=-])", 1087, 12)
        r.keywords = [s("pul-", 1088, 16)]
        r.validate = [s("random", 1089, 15)]
        r.category = s("secret", 1090, 15)
        r.severity = s("block", 1091, 15)
        r.tags = [s("token", 1092, 12)]
        r.examples = [s("PULUMI_ACCESS_TOKEN=↓pul-4a3a4168b971d43bf9a38ab84a3b54cc144e1873↓", 1094, 9), s("  \"pulumi_access_token\": \"↓pul-7b11a25c9194d62c6010e5e7751b540038021f5e↓\",", 1095, 9)]
        r.negativeExamples = [s("Pulumi tokens start with pul-", 1097, 9), s("grep -rn 'pul-' docs/", 1098, 9)]
        return r
    }

    private static func rule53() -> RawRule {
        var r = RawRule(position: p(1100, 5))
        r.id = s("infracost.token", 1100, 9)
        r.name = s("Infracost token", 1101, 11)
        r.description = s("Infracost API key (ico- and 32 characters).", 1102, 18)
        r.group = s("Cloud platforms", 1103, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ico-[A-Za-z0-9]{32})(?![A-Za-z0-9_+/=-])", 1104, 12)
        r.keywords = [s("ico-", 1105, 16)]
        r.validate = [s("random", 1106, 15)]
        r.category = s("secret", 1107, 15)
        r.severity = s("block", 1108, 15)
        r.tags = [s("token", 1109, 12)]
        r.examples = [s("INFRACOST_API_KEY=↓ico-reKABU5302n2fLAWeEdCuTqs19YsrMhx↓", 1111, 9), s("  \"infracost_api_key\": \"↓ico-wSnevnx78IUyZLEnJ91zFMI20n2gpHun↓\",", 1112, 9)]
        r.negativeExamples = [s("Infracost tokens start with ico-", 1114, 9), s("grep -rn 'ico-' docs/", 1115, 9)]
        return r
    }

    private static func rule54() -> RawRule {
        var r = RawRule(position: p(1117, 5))
        r.id = s("definednet.token", 1117, 9)
        r.name = s("Defined Networking token", 1118, 11)
        r.description = s("Defined Networking (Nebula) API token (dnkey-, 26 and 52 characters).", 1119, 18)
        r.group = s("Cloud platforms", 1120, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52})(?![A-Za-z0-9_+/=-])", 1121, 12)
        r.keywords = [s("dnkey-", 1122, 16)]
        r.validate = [s("random", 1123, 15)]
        r.category = s("secret", 1124, 15)
        r.severity = s("block", 1125, 15)
        r.tags = [s("token", 1126, 12)]
        r.examples = [s("DN_API_KEY=↓dnkey-ZH_vNrwOY5HhT0PrOZDjsGRf6y-pyWUlFebq3YUbcaHC8dC8PQ7H01A8zSwOhjHYEJUNefpWPP0e9bI↓", 1128, 9), s("  \"dn_api_key\": \"↓dnkey-SHK_1yJgKdtVu_Yu9wq6q4ltUe-H0R5xUWexOyDgE1qI82qPxdZ0fcUxl85820kOaZbPYuZehgC7bpe↓\",", 1129, 9)]
        r.negativeExamples = [s("Defined Networking tokens start with dnkey-", 1131, 9), s("grep -rn 'dnkey-' docs/", 1132, 9)]
        return r
    }

    private static func rule55() -> RawRule {
        var r = RawRule(position: p(1134, 5))
        r.id = s("openshift.token", 1134, 9)
        r.name = s("OpenShift token", 1135, 11)
        r.description = s("OpenShift OAuth access token (sha256~ and 43 characters).", 1136, 18)
        r.group = s("Cloud platforms", 1137, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sha256~[A-Za-z0-9_-]{43})(?![A-Za-z0-9_+/=-])", 1138, 12)
        r.keywords = [s("sha256~", 1139, 16)]
        r.validate = [s("random", 1140, 15)]
        r.category = s("secret", 1141, 15)
        r.severity = s("block", 1142, 15)
        r.tags = [s("token", 1143, 12)]
        r.examples = [s("OC_TOKEN=↓sha256~g0RubbnfdEItbxoIxu1mrwCF7taDh5koCKt6GFmpswe↓", 1145, 9), s("  \"oc_token\": \"↓sha256~FtkEVVobKS5cNz9Tv804CQ4Qmy4WUxuPihP7oC1E2GT↓\",", 1146, 9)]
        r.negativeExamples = [s("OpenShift tokens start with sha256~", 1148, 9), s("grep -rn 'sha256~' docs/", 1149, 9)]
        return r
    }

    private static func rule56() -> RawRule {
        var r = RawRule(position: p(1151, 5))
        r.id = s("artifactory.key", 1151, 9)
        r.name = s("Artifactory key", 1152, 11)
        r.description = s("JFrog Artifactory API key (AKCp…) and reference token (cmVmd…).", 1153, 18)
        r.group = s("Package registries", 1154, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})(?![A-Za-z0-9_+/=-])", 1155, 12)
        r.keywords = [s("AKCp", 1156, 16), s("cmVmd", 1156, 24)]
        r.validate = [s("random", 1157, 15)]
        r.category = s("secret", 1158, 15)
        r.severity = s("block", 1159, 15)
        r.tags = [s("token", 1160, 12)]
        r.examples = [s("ARTIFACTORY_API_KEY=↓cmVmdhTXkh6wJ5ba4sLyzWpnGVnOuFlIod4r6gcAb4E0KrGkiXAeOwyFfm0ASJeX↓", 1162, 9), s("  \"artifactory_api_key\": \"↓AKCpGKAdwJhru5RpAXUD0PSWe5HN77XKJhSi444SnN6Srvaai26nnijdvatqrIIKj2af6Tiuo↓\",", 1163, 9)]
        r.negativeExamples = [s("Artifactory keys start with AKCp", 1165, 9), s("grep -rn 'AKCp' docs/", 1166, 9)]
        return r
    }

    private static func rule57() -> RawRule {
        var r = RawRule(position: p(1168, 5))
        r.id = s("jfrog.token", 1168, 9)
        r.name = s("JFrog token", 1169, 11)
        r.description = s("JFrog API key (73) or identity token (64 characters) after a JFrog, Artifactory, Bintray or Xray label.", 1170, 18)
        r.group = s("Package registries", 1171, 12)
        r.label = [s("jfrog", 1172, 13), s("artifactory", 1172, 20), s("bintray", 1172, 33), s("xray", 1172, 42)]
        r.regex = s("[A-Za-z0-9]{73}|[A-Za-z0-9]{64}", 1173, 12)
        r.validate = [s("random", 1174, 15)]
        r.category = s("secret", 1175, 15)
        r.severity = s("block", 1176, 15)
        r.tags = [s("token", 1177, 12)]
        r.examples = [s("JFROG_TOKEN = \"↓zVCB5CVdHGMwKsQrGIGLVg9NbigTEDQ5FsOBVCZFJswuWwAWaZy4zIY1D58EZMZj↓\"", 1179, 9), s("jfrogKey: ↓vi2KSaoZHQ7CpfwF36DGI5i2VkjnmNCQUTMMTXbDzK1NAuRC5jCrumXyvcc3Q8P0↓", 1180, 9)]
        r.negativeExamples = [s("JFROG_TOKEN_FILE = \"~/.config/jfrog/token\"", 1182, 9), s("JFROG_URL = \"https://api.jfrog.com/v2\"", 1183, 9)]
        return r
    }

    private static func rule58() -> RawRule {
        var r = RawRule(position: p(1185, 5))
        r.id = s("gitlab.runner_registration", 1185, 9)
        r.name = s("GitLab runner registration token", 1186, 11)
        r.description = s("GitLab runner registration token (GR1348941 and 20 characters).", 1187, 18)
        r.group = s("Code hosting and CI", 1188, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:GR1348941[A-Za-z0-9_-]{20})(?![A-Za-z0-9_+/=-])", 1189, 12)
        r.keywords = [s("GR1348941", 1190, 16)]
        r.validate = [s("random", 1191, 15)]
        r.category = s("secret", 1192, 15)
        r.severity = s("block", 1193, 15)
        r.tags = [s("token", 1194, 12)]
        r.examples = [s("REGISTRATION_TOKEN=↓GR1348941SvLeKkOukoN12lzOqo5q↓", 1196, 9), s("  \"registration_token\": \"↓GR1348941qrrQnmIlZ9hAgkfUHrSA↓\",", 1197, 9)]
        r.negativeExamples = [s("GitLab runner registration tokens start with GR1348941", 1199, 9), s("grep -rn 'GR1348941' docs/", 1200, 9)]
        return r
    }

    private static func rule59() -> RawRule {
        var r = RawRule(position: p(1202, 5))
        r.id = s("gitlab.session_cookie", 1202, 9)
        r.name = s("GitLab session cookie", 1203, 11)
        r.description = s("GitLab session cookie (_gitlab_session= and 32 characters).", 1204, 18)
        r.group = s("Code hosting and CI", 1205, 12)
        r.regex = s("_gitlab_session=([0-9a-z]{32})", 1206, 12)
        r.secretGroup = i(1, 1207, 18)
        r.keywords = [s("_gitlab_session=", 1208, 16)]
        r.validate = [s("random", 1209, 15)]
        r.category = s("secret", 1210, 15)
        r.severity = s("block", 1211, 15)
        r.tags = [s("token", 1212, 12)]
        r.examples = [s("Cookie: _gitlab_session=↓rt2wenk0yju8xfi27galu0kttk044ol0↓; path=/", 1214, 9)]
        r.negativeExamples = [s("Cookie: _gitlab_session=deleted; path=/", 1216, 9)]
        return r
    }

    private static func rule60() -> RawRule {
        var r = RawRule(position: p(1218, 5))
        r.id = s("bitbucket.secret", 1218, 9)
        r.name = s("Bitbucket client secret", 1219, 11)
        r.description = s("Bitbucket OAuth client ID (32) or secret (64 characters) after a Bitbucket label.", 1220, 18)
        r.group = s("Code hosting and CI", 1221, 12)
        r.label = [s("bitbucket", 1222, 13)]
        r.regex = s("[A-Za-z0-9=_-]{64}|[A-Za-z0-9]{32}", 1223, 12)
        r.validate = [s("random", 1224, 15)]
        r.category = s("secret", 1225, 15)
        r.severity = s("block", 1226, 15)
        r.tags = [s("token", 1227, 12)]
        r.examples = [s("BITBUCKET_TOKEN = \"↓4ihRoEUd4Z6veeGrwMgClmLI4qf3C7L1↓\"", 1229, 9), s("bitbucketKey: ↓a7PcZ6V5qcjMOF0RDLwnv2ZcyTHmBx3e↓", 1230, 9)]
        r.negativeExamples = [s("BITBUCKET_TOKEN_FILE = \"~/.config/bitbucket/token\"", 1232, 9), s("BITBUCKET_URL = \"https://api.bitbucket.com/v2\"", 1233, 9)]
        return r
    }

    private static func rule61() -> RawRule {
        var r = RawRule(position: p(1235, 5))
        r.id = s("atlassian.token", 1235, 9)
        r.name = s("Atlassian API token", 1236, 11)
        r.description = s("Atlassian API token (ATATT3 and 186 characters).", 1237, 18)
        r.group = s("Code hosting and CI", 1238, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ATATT3[A-Za-z0-9_=-]{186})(?![A-Za-z0-9_+/=-])", 1239, 12)
        r.keywords = [s("ATATT3", 1240, 16)]
        r.validate = [s("random", 1241, 15)]
        r.category = s("secret", 1242, 15)
        r.severity = s("block", 1243, 15)
        r.tags = [s("token", 1244, 12)]
        r.examples = [s("JIRA_API_TOKEN=↓ATATT3foGl6-TfX6hYE1LPaIHX3P6sQqgq60vni_glsBI8DHnMDWPVtK1hYpYt3LXstoSA3XpMV7HyTn84qp3xingqYDb_xLrUk98jEFHvQdmyx8T2lLqquIwVT-9CNYKFlcB_NKZ1Bx-9uFUgjkmriUjyqwkRpNyV1yC3fjGABeou8fX65vbwWH2G-0Uqmi↓", 1246, 9), s("  \"jira_api_token\": \"↓ATATT3RgLolzHGJI_LxpeA69Pr6JRgd8tncROoPHD6VbRqFwZGX05BARDenoWCg_4xGw53c5BlmvIbEz-JJT8ffgynuJ0fkJKXEP5l7_FnJ7QDICVmsVPyBWZbh_0iXc8IADLKp7SoaNAxZuBYhdBSom_f4y8bJgphRYmUiUSTvW2_nbfUVdvsvZNo0tjAsc↓\",", 1247, 9)]
        r.negativeExamples = [s("Atlassian API tokens start with ATATT3", 1249, 9), s("grep -rn 'ATATT3' docs/", 1250, 9)]
        return r
    }

    private static func rule62() -> RawRule {
        var r = RawRule(position: p(1252, 5))
        r.id = s("atlassian.legacy_token", 1252, 9)
        r.name = s("Atlassian API token (legacy)", 1253, 11)
        r.description = s("Atlassian, Jira or Confluence API token of the old form (24 characters) after such a label.", 1254, 18)
        r.group = s("Code hosting and CI", 1255, 12)
        r.label = [s("atlassian", 1256, 13), s("confluence", 1256, 24), s("jira", 1256, 36)]
        r.regex = s("(?=[A-Za-z]*[0-9])[A-Za-z0-9]{24}", 1257, 12)
        r.validate = [s("random", 1258, 15)]
        r.category = s("secret", 1259, 15)
        r.severity = s("block", 1260, 15)
        r.tags = [s("token", 1261, 12)]
        r.examples = [s("ATLASSIAN_TOKEN = \"↓RVkWqG7Gl2IcT2QX9pairIAq↓\"", 1263, 9), s("atlassianKey: ↓KvjuGW3IEa39j0fm9CHjRJmJ↓", 1264, 9)]
        r.negativeExamples = [s("ATLASSIAN_TOKEN_FILE = \"~/.config/atlassian/token\"", 1266, 9), s("ATLASSIAN_URL = \"https://api.atlassian.com/v2\"", 1267, 9)]
        return r
    }

    private static func rule63() -> RawRule {
        var r = RawRule(position: p(1269, 5))
        r.id = s("codecov.token", 1269, 9)
        r.name = s("Codecov token", 1270, 11)
        r.description = s("Codecov upload token (32 characters or a UUID) after a Codecov label.", 1271, 18)
        r.group = s("Code hosting and CI", 1272, 12)
        r.label = [s("codecov", 1273, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9]{32}", 1274, 12)
        r.validate = [s("random", 1275, 15)]
        r.category = s("secret", 1276, 15)
        r.severity = s("block", 1277, 15)
        r.tags = [s("token", 1278, 12)]
        r.examples = [s("CODECOV_TOKEN = \"↓34721c33-4e59-01eb-8887-fcbed1847f2e↓\"", 1280, 9), s("codecovKey: ↓ab679bfb-179a-4fff-e525-644f89723fb2↓", 1281, 9)]
        r.negativeExamples = [s("CODECOV_TOKEN_FILE = \"~/.config/codecov/token\"", 1283, 9), s("CODECOV_URL = \"https://api.codecov.com/v2\"", 1284, 9)]
        return r
    }

    private static func rule64() -> RawRule {
        var r = RawRule(position: p(1286, 5))
        r.id = s("droneci.token", 1286, 9)
        r.name = s("Drone CI token", 1287, 11)
        r.description = s("Drone CI access token (32 characters) after a Drone label.", 1288, 18)
        r.group = s("Code hosting and CI", 1289, 12)
        r.label = [s("droneci", 1290, 13), s("drone_token", 1290, 22), s("drone-token", 1290, 35)]
        r.regex = s("[A-Za-z0-9]{32}", 1291, 12)
        r.validate = [s("random", 1292, 15)]
        r.category = s("secret", 1293, 15)
        r.severity = s("block", 1294, 15)
        r.tags = [s("token", 1295, 12)]
        r.examples = [s("DRONECI_TOKEN = \"↓Koo5piKw1M1qXCCPOQn4zXJwA4j7PjwX↓\"", 1297, 9), s("droneciKey: ↓tfrxIlIxmINu8jG0PX6XDV1OXBjocJK9↓", 1298, 9)]
        r.negativeExamples = [s("DRONECI_TOKEN_FILE = \"~/.config/droneci/token\"", 1300, 9), s("DRONECI_URL = \"https://api.droneci.com/v2\"", 1301, 9)]
        return r
    }

    private static func rule65() -> RawRule {
        var r = RawRule(position: p(1303, 5))
        r.id = s("travisci.token", 1303, 9)
        r.name = s("Travis CI token", 1304, 11)
        r.description = s("Travis CI access token (22 characters) after a Travis label.", 1305, 18)
        r.group = s("Code hosting and CI", 1306, 12)
        r.label = [s("travis", 1307, 13)]
        r.regex = s("[A-Za-z0-9]{22}", 1308, 12)
        r.validate = [s("random", 1309, 15)]
        r.category = s("secret", 1310, 15)
        r.severity = s("block", 1311, 15)
        r.tags = [s("token", 1312, 12)]
        r.examples = [s("TRAVIS_TOKEN = \"↓ICuYh0LJkWhEP4VNWwGVMq↓\"", 1314, 9), s("travisKey: ↓zb8nTJLOJDV8n0AXiYSq4i↓", 1315, 9)]
        r.negativeExamples = [s("TRAVIS_TOKEN_FILE = \"~/.config/travis/token\"", 1317, 9), s("TRAVIS_URL = \"https://api.travis.com/v2\"", 1318, 9)]
        return r
    }

    private static func rule66() -> RawRule {
        var r = RawRule(position: p(1320, 5))
        r.id = s("sourcegraph.token", 1320, 9)
        r.name = s("Sourcegraph token", 1321, 11)
        r.description = s("Sourcegraph access token (sgp_ and 40 hex digits, with an instance part or local).", 1322, 18)
        r.group = s("Code hosting and CI", 1323, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40})(?![A-Za-z0-9_+/=-])", 1324, 12)
        r.keywords = [s("sgp_", 1325, 16)]
        r.validate = [s("random", 1326, 15)]
        r.category = s("secret", 1327, 15)
        r.severity = s("block", 1328, 15)
        r.tags = [s("token", 1329, 12)]
        r.examples = [s("SRC_ACCESS_TOKEN=↓sgp_FAc7C7545e8Cf25b8d3F7Fc64BbD0cfd05aB3A92↓", 1331, 9), s("  \"src_access_token\": \"↓sgp_453cCe327dee3DbA_352bDceCdE5D219dfB00458F82d3531E50A2d4a7↓\",", 1332, 9)]
        r.negativeExamples = [s("Sourcegraph tokens start with sgp_", 1334, 9), s("grep -rn 'sgp_' docs/", 1335, 9)]
        return r
    }

    private static func rule67() -> RawRule {
        var r = RawRule(position: p(1337, 5))
        r.id = s("sourcegraph.legacy_token", 1337, 9)
        r.name = s("Sourcegraph token (legacy)", 1338, 11)
        r.description = s("Sourcegraph access token of the old form (40 hex digits) after a Sourcegraph label.", 1339, 18)
        r.group = s("Code hosting and CI", 1340, 12)
        r.label = [s("sourcegraph", 1341, 13)]
        r.regex = s("[a-f0-9]{40}", 1342, 12)
        r.validate = [s("random", 1343, 15)]
        r.category = s("secret", 1344, 15)
        r.severity = s("block", 1345, 15)
        r.tags = [s("token", 1346, 12)]
        r.examples = [s("SOURCEGRAPH_TOKEN = \"↓d0fd609ce90e8107823349362028327388991de2↓\"", 1348, 9), s("sourcegraphKey: ↓8769821f62b3311983c2483e4b28e87757f0fef9↓", 1349, 9)]
        r.negativeExamples = [s("SOURCEGRAPH_TOKEN_FILE = \"~/.config/sourcegraph/token\"", 1351, 9), s("SOURCEGRAPH_URL = \"https://api.sourcegraph.com/v2\"", 1352, 9)]
        return r
    }

    private static func rule68() -> RawRule {
        var r = RawRule(position: p(1354, 5))
        r.id = s("snyk.token", 1354, 9)
        r.name = s("Snyk token", 1355, 11)
        r.description = s("Snyk API or OAuth token (a UUID) after a Snyk label.", 1356, 18)
        r.group = s("Code hosting and CI", 1357, 12)
        r.label = [s("snyk", 1358, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 1359, 12)
        r.validate = [s("random", 1360, 15)]
        r.category = s("secret", 1361, 15)
        r.severity = s("block", 1362, 15)
        r.tags = [s("token", 1363, 12)]
        r.examples = [s("SNYK_TOKEN = \"↓119b581e-f936-b097-51ed-aa6e3c3f404c↓\"", 1365, 9), s("snykKey: ↓6a80760a-e830-2bbf-54c8-57e9ff6dfd4f↓", 1366, 9)]
        r.negativeExamples = [s("SNYK_TOKEN_FILE = \"~/.config/snyk/token\"", 1368, 9), s("SNYK_URL = \"https://api.snyk.com/v2\"", 1369, 9)]
        return r
    }

    private static func rule69() -> RawRule {
        var r = RawRule(position: p(1371, 5))
        r.id = s("sonar.token", 1371, 9)
        r.name = s("SonarQube token", 1372, 11)
        r.description = s("SonarQube / SonarCloud token (sqp_, squ_, sqa_ and 40 hex digits).", 1373, 18)
        r.group = s("Code hosting and CI", 1374, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sq[pua]_[a-f0-9]{40})(?![A-Za-z0-9_+/=-])", 1375, 12)
        r.keywords = [s("sqp_", 1376, 16), s("squ_", 1376, 24), s("sqa_", 1376, 32)]
        r.validate = [s("random", 1377, 15)]
        r.category = s("secret", 1378, 15)
        r.severity = s("block", 1379, 15)
        r.tags = [s("token", 1380, 12)]
        r.examples = [s("SONAR_TOKEN=↓sqp_8704de4aa8b4d2b2256ecefe296080e105da6375↓", 1382, 9), s("  \"sonar_token\": \"↓sqp_147cc9d7b80f7d0c80b8b65649a16248c8607d2c↓\",", 1383, 9)]
        r.negativeExamples = [s("SonarQube tokens start with sqp_", 1385, 9), s("grep -rn 'sqp_' docs/", 1386, 9)]
        return r
    }

    private static func rule70() -> RawRule {
        var r = RawRule(position: p(1388, 5))
        r.id = s("sonar.legacy_token", 1388, 9)
        r.name = s("SonarQube token (legacy)", 1389, 11)
        r.description = s("SonarQube login or token of the old form (40 characters) after a sonar.login or sonar token label.", 1390, 18)
        r.group = s("Code hosting and CI", 1391, 12)
        r.label = [s("sonar.login", 1392, 13), s("sonar_login", 1392, 26), s("sonar.token", 1392, 39), s("sonar_token", 1392, 52), s("sonar-token", 1392, 65), s("sonarqube_token", 1392, 78), s("sonarcloud_token", 1392, 95)]
        r.regex = s("[A-Za-z0-9=_-]{40}", 1393, 12)
        r.validate = [s("random", 1394, 15)]
        r.category = s("secret", 1395, 15)
        r.severity = s("block", 1396, 15)
        r.tags = [s("token", 1397, 12)]
        r.examples = [s("SONAR_LOGIN_TOKEN = \"↓0cab8681b1fdd4ce962548390e73ac18d630f347↓\"", 1399, 9), s("sonar.login.key: ↓277cafe28799b85990aaaf33db9a96b2716b1937↓", 1400, 9)]
        r.negativeExamples = [s("SONAR_LOGIN_TOKEN_FILE = \"~/.config/sonarlogin/token\"", 1402, 9), s("SONAR_LOGIN_URL = \"https://api.sonarlogin.com/v2\"", 1403, 9)]
        return r
    }

    private static func rule71() -> RawRule {
        var r = RawRule(position: p(1405, 5))
        r.id = s("harness.key", 1405, 9)
        r.name = s("Harness key", 1406, 11)
        r.description = s("Harness personal or service account token (pat. or sat. and three dotted parts).", 1407, 18)
        r.group = s("Code hosting and CI", 1408, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:(?:pat|sat)\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20})(?![A-Za-z0-9_+/=-])", 1409, 12)
        r.keywords = [s("pat.", 1410, 16), s("sat.", 1410, 24)]
        r.validate = [s("random", 1411, 15)]
        r.category = s("secret", 1412, 15)
        r.severity = s("block", 1413, 15)
        r.tags = [s("token", 1414, 12)]
        r.examples = [s("HARNESS_API_KEY=↓pat.ONaNd9Jmj6hJptOt9DBYHa.3npVywIDeEQAX5RoCmzYm0P6.48vufRaVuAkHsOufOXJT↓", 1416, 9), s("  \"harness_api_key\": \"↓pat.4rtUhh_JR26tBhSFePzdAx.LlgmKLoNCkPag2qWhXU1WLkI.0ReD0HWstMbPVDUHzbKw↓\",", 1417, 9)]
        r.negativeExamples = [s("Harness keys start with pat.", 1419, 9), s("grep -rn 'pat.' docs/", 1420, 9)]
        return r
    }

    private static func rule72() -> RawRule {
        var r = RawRule(position: p(1422, 5))
        r.id = s("octopus.key", 1422, 9)
        r.name = s("Octopus Deploy API key", 1423, 11)
        r.description = s("Octopus Deploy API key (API- and 26 capitals and digits).", 1424, 18)
        r.group = s("Code hosting and CI", 1425, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:API-[A-Z0-9]{26})(?![A-Za-z0-9_+/=-])", 1426, 12)
        r.keywords = [s("API-", 1427, 16)]
        r.validate = [s("random", 1428, 15)]
        r.category = s("secret", 1429, 15)
        r.severity = s("block", 1430, 15)
        r.tags = [s("token", 1431, 12)]
        r.examples = [s("OCTOPUS_API_KEY=↓API-WWSYR82OTHFODMHEOUVZO9RIJ9↓", 1433, 9), s("  \"octopus_api_key\": \"↓API-B11NFNL0ZGNDDELEE1776JDNEO↓\",", 1434, 9)]
        r.negativeExamples = [s("Octopus Deploy API keys start with API-", 1436, 9), s("grep -rn 'API-' docs/", 1437, 9)]
        return r
    }

    private static func rule73() -> RawRule {
        var r = RawRule(position: p(1439, 5))
        r.id = s("prefect.token", 1439, 9)
        r.name = s("Prefect token", 1440, 11)
        r.description = s("Prefect API key (pnu_ and 36 characters).", 1441, 18)
        r.group = s("Code hosting and CI", 1442, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:pnu_[A-Za-z0-9]{36})(?![A-Za-z0-9_+/=-])", 1443, 12)
        r.keywords = [s("pnu_", 1444, 16)]
        r.validate = [s("random", 1445, 15)]
        r.category = s("secret", 1446, 15)
        r.severity = s("block", 1447, 15)
        r.tags = [s("token", 1448, 12)]
        r.examples = [s("PREFECT_API_KEY=↓pnu_hxSntMPT10eyqAz5nah51vJ4PaNrLIC2RxCc↓", 1450, 9), s("  \"prefect_api_key\": \"↓pnu_8AfRlCXMwpTrX7Gnav8Wjh6qMdV1Dbq3tGRB↓\",", 1451, 9)]
        r.negativeExamples = [s("Prefect tokens start with pnu_", 1453, 9), s("grep -rn 'pnu_' docs/", 1454, 9)]
        return r
    }

    private static func rule74() -> RawRule {
        var r = RawRule(position: p(1456, 5))
        r.id = s("gitter.token", 1456, 9)
        r.name = s("Gitter token", 1457, 11)
        r.description = s("Gitter access token (40 characters) after a Gitter label.", 1458, 18)
        r.group = s("Code hosting and CI", 1459, 12)
        r.label = [s("gitter", 1460, 13)]
        r.regex = s("[A-Za-z0-9_-]{40}", 1461, 12)
        r.validate = [s("random", 1462, 15)]
        r.category = s("secret", 1463, 15)
        r.severity = s("block", 1464, 15)
        r.tags = [s("token", 1465, 12)]
        r.examples = [s("GITTER_TOKEN = \"↓KzHfqOav_y9UBP5b8JFOb8y_gXPuiWwByis6_wQU↓\"", 1467, 9), s("gitterKey: ↓Gqz2T7G4q2Bru25mRiSNWMZVmGIBa5Q2cx28b_yE↓", 1468, 9)]
        r.negativeExamples = [s("GITTER_TOKEN_FILE = \"~/.config/gitter/token\"", 1470, 9), s("GITTER_URL = \"https://api.gitter.com/v2\"", 1471, 9)]
        return r
    }

    private static func rule75() -> RawRule {
        var r = RawRule(position: p(1473, 5))
        r.id = s("postman.key", 1473, 9)
        r.name = s("Postman API key", 1474, 11)
        r.description = s("Postman API key (PMAK-, 24 and 34 hex digits).", 1475, 18)
        r.group = s("Code hosting and CI", 1476, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34})(?![A-Za-z0-9_+/=-])", 1477, 12)
        r.keywords = [s("PMAK-", 1478, 16)]
        r.validate = [s("random", 1479, 15)]
        r.category = s("secret", 1480, 15)
        r.severity = s("block", 1481, 15)
        r.tags = [s("token", 1482, 12)]
        r.examples = [s("POSTMAN_API_KEY=↓PMAK-0B6DfbfeF3bec86bcebb65bC-FE71b5F37548F2E47AB9786fC3d1fbb8Be↓", 1484, 9), s("  \"postman_api_key\": \"↓PMAK-4D84cBB02e7BEC6F44aCeF6D-Bd345cbDdc7B1eFF3A2df1Fd2deD13fd11↓\",", 1485, 9)]
        r.negativeExamples = [s("Postman API keys start with PMAK-", 1487, 9), s("grep -rn 'PMAK-' docs/", 1488, 9)]
        return r
    }

    private static func rule76() -> RawRule {
        var r = RawRule(position: p(1490, 5))
        r.id = s("settlemint.token", 1490, 9)
        r.name = s("SettleMint token", 1491, 11)
        r.description = s("SettleMint application, personal and service access token (sm_aat_, sm_pat_, sm_sat_).", 1492, 18)
        r.group = s("Code hosting and CI", 1493, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sm_(?:aat|pat|sat)_[A-Za-z0-9]{16})(?![A-Za-z0-9_+/=-])", 1494, 12)
        r.keywords = [s("sm_aat_", 1495, 16), s("sm_pat_", 1495, 27), s("sm_sat_", 1495, 38)]
        r.validate = [s("random", 1496, 15)]
        r.category = s("secret", 1497, 15)
        r.severity = s("block", 1498, 15)
        r.tags = [s("token", 1499, 12)]
        r.examples = [s("SETTLEMINT_ACCESS_TOKEN=↓sm_pat_9paJUqPfixSCr8jV↓", 1501, 9), s("  \"settlemint_access_token\": \"↓sm_aat_A0v8Rb28KQpL70ed↓\",", 1502, 9)]
        r.negativeExamples = [s("SettleMint tokens start with sm_aat_", 1504, 9), s("grep -rn 'sm_aat_' docs/", 1505, 9)]
        return r
    }

    private static func rule77() -> RawRule {
        var r = RawRule(position: p(1507, 5))
        r.id = s("rubygems.key", 1507, 9)
        r.name = s("RubyGems API key", 1508, 11)
        r.description = s("RubyGems API key (rubygems_ and 48 hex digits).", 1509, 18)
        r.group = s("Package registries", 1510, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:rubygems_[a-f0-9]{48})(?![A-Za-z0-9_+/=-])", 1511, 12)
        r.keywords = [s("rubygems_", 1512, 16)]
        r.validate = [s("random", 1513, 15)]
        r.category = s("secret", 1514, 15)
        r.severity = s("block", 1515, 15)
        r.tags = [s("token", 1516, 12)]
        r.examples = [s("GEM_HOST_API_KEY=↓rubygems_e23a57d9ca0512b37ad87a5c7a1e98fbc98e05f65ac98024↓", 1518, 9), s("  \"gem_host_api_key\": \"↓rubygems_ea6ea08f7b54b0d9d6772b2f31b816ff6739a259e1b53dc4↓\",", 1519, 9)]
        r.negativeExamples = [s("RubyGems API keys start with rubygems_", 1521, 9), s("grep -rn 'rubygems_' docs/", 1522, 9)]
        return r
    }

    private static func rule78() -> RawRule {
        var r = RawRule(position: p(1524, 5))
        r.id = s("clojars.token", 1524, 9)
        r.name = s("Clojars token", 1525, 11)
        r.description = s("Clojars deploy token (CLOJARS_ and 60 characters).", 1526, 18)
        r.group = s("Package registries", 1527, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:CLOJARS_[A-Za-z0-9]{60})(?![A-Za-z0-9_+/=-])", 1528, 12)
        r.keywords = [s("CLOJARS_", 1529, 16)]
        r.validate = [s("random", 1530, 15)]
        r.category = s("secret", 1531, 15)
        r.severity = s("block", 1532, 15)
        r.tags = [s("token", 1533, 12)]
        r.examples = [s("CLOJARS_PASSWORD=↓CLOJARS_7egw1wb1zkgoryjc8hf0j7323o0fzpzac3qb7gmwtz8vf10oxesa81c3lx0y↓", 1535, 9), s("  \"clojars_password\": \"↓CLOJARS_fvysmu7d1fmiqvmu3coips69kpwv79ndkz5pq5o79nd0mudgzvj2l44gzk6v↓\",", 1536, 9)]
        r.negativeExamples = [s("Clojars tokens start with CLOJARS_", 1538, 9), s("grep -rn 'CLOJARS_' docs/", 1539, 9)]
        return r
    }

    private static func rule79() -> RawRule {
        var r = RawRule(position: p(1541, 5))
        r.id = s("nuget.password", 1541, 9)
        r.name = s("NuGet config password", 1542, 11)
        r.description = s("A password in a NuGet.config package source credential (<add key=\"ClearTextPassword\" value=\"…\" />).", 1543, 18)
        r.group = s("Package registries", 1544, 12)
        r.regex = s("<add key=\"(?:ClearText)?Password\"\\s*value=\"([^\"]{8,})\"", 1545, 12)
        r.secretGroup = i(1, 1546, 18)
        r.keywords = [s("<add key=", 1547, 16)]
        r.validate = [s("random", 1548, 15)]
        r.category = s("secret", 1549, 15)
        r.severity = s("block", 1550, 15)
        r.tags = [s("token", 1551, 12)]
        r.examples = [s("<add key=\"ClearTextPassword\" value=\"↓eEUl0O!2%qX%OP↓\" />", 1553, 9)]
        r.negativeExamples = [s("<add key=\"Username\" value=\"build-agent-01\" />", 1555, 9)]
        return r
    }

    private static func rule80() -> RawRule {
        var r = RawRule(position: p(1557, 5))
        r.id = s("readme.key", 1557, 9)
        r.name = s("ReadMe API key", 1558, 11)
        r.description = s("ReadMe API key (rdme_ and 70 characters).", 1559, 18)
        r.group = s("Package registries", 1560, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:rdme_[a-z0-9]{70})(?![A-Za-z0-9_+/=-])", 1561, 12)
        r.keywords = [s("rdme_", 1562, 16)]
        r.validate = [s("random", 1563, 15)]
        r.category = s("secret", 1564, 15)
        r.severity = s("block", 1565, 15)
        r.tags = [s("token", 1566, 12)]
        r.examples = [s("README_API_KEY=↓rdme_qkl877ihb1vsth7hbn0apkvv4h5pfbmlr0y5ni7eyxqurbkuyofds7thi2dkd09jcd5cg7↓", 1568, 9), s("  \"readme_api_key\": \"↓rdme_u1ai43x5bnharn4gfxn328yutgmkj0vouyo28imkc3gqbbx8klp2wrexwmywvvgbvy9nq2↓\",", 1569, 9)]
        r.negativeExamples = [s("ReadMe API keys start with rdme_", 1571, 9), s("grep -rn 'rdme_' docs/", 1572, 9)]
        return r
    }

    private static func rule81() -> RawRule {
        var r = RawRule(position: p(1574, 5))
        r.id = s("cohere.key", 1574, 9)
        r.name = s("Cohere API key", 1575, 11)
        r.description = s("Cohere API key (40 characters) after a Cohere label.", 1576, 18)
        r.group = s("AI services", 1577, 12)
        r.label = [s("cohere", 1578, 13), s("co_api_key", 1578, 21)]
        r.regex = s("[A-Za-z0-9]{40}", 1579, 12)
        r.validate = [s("random", 1580, 15)]
        r.category = s("secret", 1581, 15)
        r.severity = s("block", 1582, 15)
        r.tags = [s("token", 1583, 12)]
        r.examples = [s("COHERE_TOKEN = \"↓sWsdfw3mFOxyNc5WFo6C7wD6bBBuYPtYA5aaoeom↓\"", 1585, 9), s("cohereKey: ↓vpXXJN2kgNJAqE9RfDsV3M5LCKqH13N9EIOI5ldF↓", 1586, 9)]
        r.negativeExamples = [s("COHERE_TOKEN_FILE = \"~/.config/cohere/token\"", 1588, 9), s("COHERE_URL = \"https://api.cohere.com/v2\"", 1589, 9)]
        return r
    }

    private static func rule82() -> RawRule {
        var r = RawRule(position: p(1591, 5))
        r.id = s("perplexity.key", 1591, 9)
        r.name = s("Perplexity API key", 1592, 11)
        r.description = s("Perplexity API key (pplx- and 48 characters).", 1593, 18)
        r.group = s("AI services", 1594, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:pplx-[A-Za-z0-9]{48})(?![A-Za-z0-9_+/=-])", 1595, 12)
        r.keywords = [s("pplx-", 1596, 16)]
        r.validate = [s("random", 1597, 15)]
        r.category = s("secret", 1598, 15)
        r.severity = s("block", 1599, 15)
        r.tags = [s("token", 1600, 12)]
        r.examples = [s("PERPLEXITY_API_KEY=↓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↓", 1602, 9), s("  \"perplexity_api_key\": \"↓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↓\",", 1603, 9)]
        r.negativeExamples = [s("Perplexity API keys start with pplx-", 1605, 9), s("grep -rn 'pplx-' docs/", 1606, 9)]
        return r
    }

    private static func rule83() -> RawRule {
        var r = RawRule(position: p(1608, 5))
        r.id = s("privateai.key", 1608, 9)
        r.name = s("Private AI key", 1609, 11)
        r.description = s("Private AI API key (32 characters) after a Private AI label.", 1610, 18)
        r.group = s("AI services", 1611, 12)
        r.label = [s("privateai", 1612, 13), s("private_ai", 1612, 24), s("private-ai", 1612, 36)]
        r.regex = s("[A-Za-z0-9]{32}", 1613, 12)
        r.validate = [s("random", 1614, 15)]
        r.category = s("secret", 1615, 15)
        r.severity = s("block", 1616, 15)
        r.tags = [s("token", 1617, 12)]
        r.examples = [s("PRIVATEAI_TOKEN = \"↓ZhZROI1TzES30epkFtCD6iYUHl2XzzP2↓\"", 1619, 9), s("privateaiKey: ↓jmjGxhrW3sHqq3bsYTgiwZqLO3ylKoYj↓", 1620, 9)]
        r.negativeExamples = [s("PRIVATEAI_TOKEN_FILE = \"~/.config/privateai/token\"", 1622, 9), s("PRIVATEAI_URL = \"https://api.privateai.com/v2\"", 1623, 9)]
        return r
    }

    private static func rule84() -> RawRule {
        var r = RawRule(position: p(1625, 5))
        r.id = s("discord.secret", 1625, 9)
        r.name = s("Discord secret", 1626, 11)
        r.description = s("Discord bot token, client secret (32) or public key (64 hex digits), or client ID (18 digits) after a Discord label.", 1627, 18)
        r.group = s("Chat, social and productivity", 1628, 12)
        r.label = [s("discord", 1629, 13)]
        r.regex = s("[MNO][A-Za-z0-9_-]{23,27}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}|[a-f0-9]{64}|[A-Za-z0-9=_-]{32}|[0-9]{17,19}", 1630, 12)
        r.validate = [s("random", 1631, 15)]
        r.category = s("secret", 1632, 15)
        r.severity = s("block", 1633, 15)
        r.tags = [s("token", 1634, 12)]
        r.examples = [s("DISCORD_TOKEN = \"↓1b27f8ebc35dac244bbea36bab06b6cea529cac7f1300872ec3693a74be2ef1c↓\"", 1636, 9), s("discordKey: ↓39c5a4178144089b78eed9fd42f832529ad6410d648e61428837be83fbefcae0↓", 1637, 9)]
        r.negativeExamples = [s("DISCORD_TOKEN_FILE = \"~/.config/discord/token\"", 1639, 9), s("DISCORD_URL = \"https://api.discord.com/v2\"", 1640, 9)]
        return r
    }

    private static func rule85() -> RawRule {
        var r = RawRule(position: p(1642, 5))
        r.id = s("telegram.bot_token", 1642, 9)
        r.name = s("Telegram bot token", 1643, 11)
        r.description = s("Telegram bot token (the bot's number, a colon, A and 34 characters) after a Telegram label.", 1644, 18)
        r.group = s("Chat, social and productivity", 1645, 12)
        r.label = [s("telegram", 1646, 13), s("tg_bot", 1646, 23), s("tg-bot", 1646, 31)]
        r.regex = s("[0-9]{5,16}:A[A-Za-z0-9_-]{34}", 1647, 12)
        r.validate = [s("random", 1648, 15)]
        r.category = s("secret", 1649, 15)
        r.severity = s("block", 1650, 15)
        r.tags = [s("token", 1651, 12)]
        r.examples = [s("TELEGRAM_TOKEN = \"↓74105154114:AddnEVoWP0U6_hXduBSAxfXL3k7jBsdsO-P↓\"", 1653, 9), s("telegramKey: ↓36607237:AGyw5LBj7FbpfC029HanYJMrv6LmTtB04wT↓", 1654, 9)]
        r.negativeExamples = [s("TELEGRAM_TOKEN_FILE = \"~/.config/telegram/token\"", 1656, 9), s("TELEGRAM_URL = \"https://api.telegram.com/v2\"", 1657, 9)]
        return r
    }

    private static func rule86() -> RawRule {
        var r = RawRule(position: p(1659, 5))
        r.id = s("teams.webhook", 1659, 9)
        r.name = s("Microsoft Teams webhook", 1660, 11)
        r.description = s("Microsoft Teams incoming webhook URL (….webhook.office.com/webhookb2/…): the path after webhookb2/.", 1661, 18)
        r.group = s("Chat, social and productivity", 1662, 12)
        r.regex = s("[a-z0-9]+\\.webhook\\.office\\.com/webhookb2/([a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}@[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12})", 1663, 12)
        r.secretGroup = i(1, 1664, 18)
        r.keywords = [s("webhook.office.com", 1665, 16)]
        r.validate = [s("random", 1666, 15)]
        r.category = s("secret", 1667, 15)
        r.severity = s("block", 1668, 15)
        r.tags = [s("token", 1669, 12)]
        r.examples = [s("https://contoso.webhook.office.com/webhookb2/↓ljdq568w-1ryu-1rcy-jj6f-qcjshj19gpt9@gsdge1bt-p6oc-dug2-9sqx-rpb65sf7ofgl/IncomingWebhook/v4ngrdoz5hmhus3dfdla8wf9ugtz7sj2/uy3wn4c4-2e32-270e-k22o-zq0qe7u1g57q↓", 1671, 9)]
        r.negativeExamples = [s("see https://learn.microsoft.com/webhook.office.com/webhookb2 setup", 1673, 9)]
        return r
    }

    private static func rule87() -> RawRule {
        var r = RawRule(position: p(1675, 5))
        r.id = s("mattermost.token", 1675, 9)
        r.name = s("Mattermost token", 1676, 11)
        r.description = s("Mattermost access token (26 characters) after a Mattermost label.", 1677, 18)
        r.group = s("Chat, social and productivity", 1678, 12)
        r.label = [s("mattermost", 1679, 13)]
        r.regex = s("[a-z0-9]{26}", 1680, 12)
        r.validate = [s("random", 1681, 15)]
        r.category = s("secret", 1682, 15)
        r.severity = s("block", 1683, 15)
        r.tags = [s("token", 1684, 12)]
        r.examples = [s("MATTERMOST_TOKEN = \"↓m9808pku9b5sj4efbkwnrjgaam↓\"", 1686, 9), s("mattermostKey: ↓x1fauxfp6yrmpta6j5ogrtmu0g↓", 1687, 9)]
        r.negativeExamples = [s("MATTERMOST_TOKEN_FILE = \"~/.config/mattermost/token\"", 1689, 9), s("MATTERMOST_URL = \"https://api.mattermost.com/v2\"", 1690, 9)]
        return r
    }

    private static func rule88() -> RawRule {
        var r = RawRule(position: p(1692, 5))
        r.id = s("notion.token", 1692, 9)
        r.name = s("Notion token", 1693, 11)
        r.description = s("Notion integration token (ntn_, 11 digits and 35 characters).", 1694, 18)
        r.group = s("Chat, social and productivity", 1695, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ntn_[0-9]{11}[A-Za-z0-9]{35})(?![A-Za-z0-9_+/=-])", 1696, 12)
        r.keywords = [s("ntn_", 1697, 16)]
        r.validate = [s("random", 1698, 15)]
        r.category = s("secret", 1699, 15)
        r.severity = s("block", 1700, 15)
        r.tags = [s("token", 1701, 12)]
        r.examples = [s("NOTION_TOKEN=↓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↓", 1703, 9), s("  \"notion_token\": \"↓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↓\",", 1704, 9)]
        r.negativeExamples = [s("Notion tokens start with ntn_", 1706, 9), s("grep -rn 'ntn_' docs/", 1707, 9)]
        return r
    }

    private static func rule89() -> RawRule {
        var r = RawRule(position: p(1709, 5))
        r.id = s("twitch.token", 1709, 9)
        r.name = s("Twitch token", 1710, 11)
        r.description = s("Twitch API token (30 characters) after a Twitch label.", 1711, 18)
        r.group = s("Chat, social and productivity", 1712, 12)
        r.label = [s("twitch", 1713, 13)]
        r.regex = s("[a-z0-9]{30}", 1714, 12)
        r.validate = [s("random", 1715, 15)]
        r.category = s("secret", 1716, 15)
        r.severity = s("block", 1717, 15)
        r.tags = [s("token", 1718, 12)]
        r.examples = [s("TWITCH_TOKEN = \"↓6666vxcht8gm1ke9nvlq4ohaw4uva0↓\"", 1720, 9), s("twitchKey: ↓ad2kjs8opdyosjj3dptodl6halha21↓", 1721, 9)]
        r.negativeExamples = [s("TWITCH_TOKEN_FILE = \"~/.config/twitch/token\"", 1723, 9), s("TWITCH_URL = \"https://api.twitch.com/v2\"", 1724, 9)]
        return r
    }

    private static func rule90() -> RawRule {
        var r = RawRule(position: p(1726, 5))
        r.id = s("twitter.key", 1726, 9)
        r.name = s("Twitter / X key", 1727, 11)
        r.description = s("Twitter (X) API key, secret, access token and secret, or bearer token after a Twitter label.", 1728, 18)
        r.group = s("Chat, social and productivity", 1729, 12)
        r.label = [s("twitter", 1730, 13)]
        r.regex = s("[0-9]{15,25}-[A-Za-z0-9]{20,40}|A{22}[A-Za-z0-9%]{80,100}|[A-Za-z0-9]{50}|[A-Za-z0-9]{45}|[A-Za-z0-9]{25}", 1731, 12)
        r.category = s("secret", 1732, 15)
        r.severity = s("block", 1733, 15)
        r.tags = [s("token", 1734, 12)]
        r.examples = [s("TWITTER_TOKEN = \"↓2468966102874918106-tdrQjn16pl0bYDSPfO6kxrXWP9RfCH↓\"", 1736, 9), s("twitterKey: ↓1659328673449133461-K1my7nMaYyQag8VZXQpyiQN6VqcLSZ↓", 1737, 9)]
        r.negativeExamples = [s("TWITTER_TOKEN_FILE = \"~/.config/twitter/token\"", 1739, 9), s("TWITTER_URL = \"https://api.twitter.com/v2\"", 1740, 9)]
        return r
    }

    private static func rule91() -> RawRule {
        var r = RawRule(position: p(1742, 5))
        r.id = s("facebook.token", 1742, 9)
        r.name = s("Facebook access token", 1743, 11)
        r.description = s("Facebook page or user access token (EAAC or EAAM and 100 or more characters).", 1744, 18)
        r.group = s("Chat, social and productivity", 1745, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:EAA[MC][A-Za-z0-9]{100,})(?![A-Za-z0-9_+/=-])", 1746, 12)
        r.keywords = [s("EAAM", 1747, 16), s("EAAC", 1747, 24)]
        r.validate = [s("random", 1748, 15)]
        r.category = s("secret", 1749, 15)
        r.severity = s("block", 1750, 15)
        r.tags = [s("token", 1751, 12)]
        r.examples = [s("FB_ACCESS_TOKEN=↓EAACN3DpCmji6HZ1RaA4f6quioFBiCyffDjvAd96XGA4ICPPvTSFieIZoFMEC57QHDq81ZV8pbYJwX4rqMLKBjPNF7muppJXncZtjSnghPQZ3e2Oti↓", 1753, 9), s("  \"fb_access_token\": \"↓EAACnhBEIFIjpUuPdUqs2OB9QbU3o4oLCw1OMFELpg8phXgDxGFLMylMX78rHJYjimdCgJT9tO2djuyjBohduiBI5F1ZwdGT7fbPHne7hp5wYohrQX↓\",", 1754, 9)]
        r.negativeExamples = [s("Facebook access tokens start with EAAM", 1756, 9), s("grep -rn 'EAAM' docs/", 1757, 9)]
        return r
    }

    private static func rule92() -> RawRule {
        var r = RawRule(position: p(1759, 5))
        r.id = s("facebook.app_token", 1759, 9)
        r.name = s("Facebook app access token", 1760, 11)
        r.description = s("Facebook app access token: the app's 15- or 16-digit id, | (or %7C) and its secret.", 1761, 18)
        r.group = s("Chat, social and productivity", 1762, 12)
        r.regex = s("(?<![0-9])[0-9]{15,16}(?:\\||%7C)([A-Za-z0-9_-]{27,40})(?![A-Za-z0-9_-])", 1763, 12)
        r.secretGroup = i(1, 1764, 18)
        r.keywords = [s("facebook", 1765, 16), s("fb_", 1765, 26), s("graph.facebook", 1765, 31), s("access_token", 1765, 47)]
        r.validate = [s("random", 1766, 15)]
        r.category = s("secret", 1767, 15)
        r.severity = s("block", 1768, 15)
        r.tags = [s("token", 1769, 12)]
        r.examples = [s("facebook app token 1308742762612587|↓rhoK1cbv0DOU_RTX_87O4MkX7AI↓", 1771, 9), s("https://graph.facebook.com/me?access_token=1477036645700765%7C↓wRPf2v3mt2JfMqCLK8n7oltrEmc↓", 1772, 9)]
        r.negativeExamples = [s("facebook | 1308742762612587 | 2024-05-01", 1774, 9)]
        return r
    }

    private static func rule93() -> RawRule {
        var r = RawRule(position: p(1776, 5))
        r.id = s("facebook.secret", 1776, 9)
        r.name = s("Facebook secret", 1777, 11)
        r.description = s("Facebook app secret (32 hex digits) or app access token (app id|secret) after a Facebook label.", 1778, 18)
        r.group = s("Chat, social and productivity", 1779, 12)
        r.label = [s("facebook", 1780, 13)]
        r.regex = s("[0-9]{15,16}(?:\\||%7C)[A-Za-z0-9_-]{27,40}|[a-f0-9]{32}", 1781, 12)
        r.validate = [s("random", 1782, 15)]
        r.category = s("secret", 1783, 15)
        r.severity = s("block", 1784, 15)
        r.tags = [s("token", 1785, 12)]
        r.examples = [s("FACEBOOK_TOKEN = \"↓cabd5904f9a362c6e62107070479896d↓\"", 1787, 9), s("facebookKey: ↓4d1386c4873d842bcf96bd8584e09e9b↓", 1788, 9)]
        r.negativeExamples = [s("FACEBOOK_TOKEN_FILE = \"~/.config/facebook/token\"", 1790, 9), s("FACEBOOK_URL = \"https://api.facebook.com/v2\"", 1791, 9)]
        return r
    }

    private static func rule94() -> RawRule {
        var r = RawRule(position: p(1793, 5))
        r.id = s("linkedin.secret", 1793, 9)
        r.name = s("LinkedIn client secret", 1794, 11)
        r.description = s("LinkedIn client ID (14) or secret (16 characters) after a LinkedIn label.", 1795, 18)
        r.group = s("Chat, social and productivity", 1796, 12)
        r.label = [s("linkedin", 1797, 13), s("linked_in", 1797, 23), s("linked-in", 1797, 34)]
        r.regex = s("[A-Za-z0-9]{16}|[A-Za-z0-9]{14}", 1798, 12)
        r.validate = [s("random", 1799, 15)]
        r.category = s("secret", 1800, 15)
        r.severity = s("block", 1801, 15)
        r.tags = [s("token", 1802, 12)]
        r.examples = [s("LINKEDIN_TOKEN = \"↓qS0X5dRcaxzafl↓\"", 1804, 9), s("linkedinKey: ↓WlYPLdZnqJvCMi↓", 1805, 9)]
        r.negativeExamples = [s("LINKEDIN_TOKEN_FILE = \"~/.config/linkedin/token\"", 1807, 9), s("LINKEDIN_URL = \"https://api.linkedin.com/v2\"", 1808, 9)]
        return r
    }

    private static func rule95() -> RawRule {
        var r = RawRule(position: p(1810, 5))
        r.id = s("dropbox.token", 1810, 9)
        r.name = s("Dropbox token", 1811, 11)
        r.description = s("Dropbox short-lived (sl.…), long-lived or app token after a Dropbox label.", 1812, 18)
        r.group = s("Chat, social and productivity", 1813, 12)
        r.label = [s("dropbox", 1814, 13)]
        r.regex = s("sl\\.[A-Za-z0-9_=-]{130,}|[A-Za-z0-9]{11}AAAAAAAAAA[A-Za-z0-9_=-]{43}|[A-Za-z0-9]{15}", 1815, 12)
        r.category = s("secret", 1816, 15)
        r.severity = s("block", 1817, 15)
        r.tags = [s("token", 1818, 12)]
        r.examples = [s("DROPBOX_TOKEN = \"↓sl.iYHISHEGsaZza-IhbXqi9pyzNhFx2pQXdzhOYF-gP3OYodwuDJbcQyhEOUMJ6pFjj1_TLwi8RxWMP9CqkUA3teYKHVMyZG2lXJeRsxnTYK7vNmD_PON5arYg_V6U1hktjQVaMoa↓\"", 1820, 9), s("dropboxKey: ↓sl.swmLZizHmQox5JHD-zwFuhGCvrGfgcl_Jf_FraTf6-Ox53hV5l_C5V1cqeTYV3p9Q6eTSw9q1cpNcXUm_wdXPxZi9i7juhIu2MMuIZPQHbL7v3RK5t9upEd9CTy47wXpaM5p9_3↓", 1821, 9)]
        r.negativeExamples = [s("DROPBOX_TOKEN_FILE = \"~/.config/dropbox/token\"", 1823, 9), s("DROPBOX_URL = \"https://api.dropbox.com/v2\"", 1824, 9)]
        return r
    }

    private static func rule96() -> RawRule {
        var r = RawRule(position: p(1826, 5))
        r.id = s("asana.secret", 1826, 9)
        r.name = s("Asana secret", 1827, 11)
        r.description = s("Asana client ID (16 digits) or secret (32 characters) after an Asana label.", 1828, 18)
        r.group = s("Chat, social and productivity", 1829, 12)
        r.label = [s("asana", 1830, 13)]
        r.regex = s("[A-Za-z0-9]{32}|[0-9]{16}", 1831, 12)
        r.validate = [s("random", 1832, 15)]
        r.category = s("secret", 1833, 15)
        r.severity = s("block", 1834, 15)
        r.tags = [s("token", 1835, 12)]
        r.examples = [s("ASANA_TOKEN = \"↓fxO0odTc7jeU9M828RyCH3UDEG6Dv80j↓\"", 1837, 9), s("asanaKey: ↓1074454160599999↓", 1838, 9)]
        r.negativeExamples = [s("ASANA_TOKEN_FILE = \"~/.config/asana/token\"", 1840, 9), s("ASANA_URL = \"https://api.asana.com/v2\"", 1841, 9)]
        return r
    }

    private static func rule97() -> RawRule {
        var r = RawRule(position: p(1843, 5))
        r.id = s("airtable.token", 1843, 9)
        r.name = s("Airtable token", 1844, 11)
        r.description = s("Airtable personal access token (pat, 14 characters, a dot and 64 hex digits).", 1845, 18)
        r.group = s("Chat, social and productivity", 1846, 12)
        r.detector = s("airtable.token", 1847, 15)
        r.keywords = [s("pat", 1848, 16)]
        r.validate = [s("random", 1849, 15)]
        r.category = s("secret", 1850, 15)
        r.severity = s("block", 1851, 15)
        r.tags = [s("token", 1852, 12)]
        r.examples = [s("AIRTABLE_TOKEN=↓patx53Icd92nNN9CE.1418056ee28e81bba37746b970c4283c5d59b10d7634484ca8da0f481705b4af↓", 1854, 9), s("  \"airtable_token\": \"↓pat7PuLmWeqH44pLJ.10032b2300adb0f792c51352ed0e758d3f64418dbbc6c8e94bb772fd1b11e9ff↓\",", 1855, 9)]
        r.negativeExamples = [s("Airtable tokens start with pat", 1857, 9), s("grep -rn 'pat' docs/", 1858, 9), s("v1.patx53Icd92nNN9CE.1418056ee28e81bba37746b970c4283c5d59b10d7634484ca8da0f481705b4af", 1859, 9), s("patx53Icd92nNN9CE.1418056ee28e81bba37746b970c4283c5d59b10d7634484ca8da0f481705b4af/raw", 1860, 9), s("patx53Icd92nNN9CE.1418056EE28E81BBA37746B970C4283C5D59B10D7634484CA8DA0F481705B4AF", 1861, 9)]
        return r
    }

    private static func rule98() -> RawRule {
        var r = RawRule(position: p(1863, 5))
        r.id = s("airtable.key", 1863, 9)
        r.name = s("Airtable API key", 1864, 11)
        r.description = s("Airtable API key of the old form (17 characters) after an Airtable label.", 1865, 18)
        r.group = s("Chat, social and productivity", 1866, 12)
        r.label = [s("airtable", 1867, 13)]
        r.regex = s("[A-Za-z0-9]{17}", 1868, 12)
        r.validate = [s("random", 1869, 15)]
        r.category = s("secret", 1870, 15)
        r.severity = s("block", 1871, 15)
        r.tags = [s("token", 1872, 12)]
        r.examples = [s("AIRTABLE_TOKEN = \"↓sOkbjZEWCCgH6pyG3↓\"", 1874, 9), s("airtableKey: ↓gMiybQToGTEcrwhig↓", 1875, 9)]
        r.negativeExamples = [s("AIRTABLE_TOKEN_FILE = \"~/.config/airtable/token\"", 1877, 9), s("AIRTABLE_URL = \"https://api.airtable.com/v2\"", 1878, 9)]
        return r
    }

    private static func rule99() -> RawRule {
        var r = RawRule(position: p(1880, 5))
        r.id = s("typeform.token", 1880, 9)
        r.name = s("Typeform token", 1881, 11)
        r.description = s("Typeform personal access token (tfp_ and 59 characters).", 1882, 18)
        r.group = s("Chat, social and productivity", 1883, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:tfp_[A-Za-z0-9_.=-]{59})(?![A-Za-z0-9_+/=-])", 1884, 12)
        r.keywords = [s("tfp_", 1885, 16)]
        r.validate = [s("random", 1886, 15)]
        r.category = s("secret", 1887, 15)
        r.severity = s("block", 1888, 15)
        r.tags = [s("token", 1889, 12)]
        r.examples = [s("TYPEFORM_TOKEN=↓tfp_MVV4kUC7cFePEI96NLrTaYfDFhdgxrC6sKmlsfvT06SUmSKH_ZYEEOWQuoh↓", 1891, 9), s("  \"typeform_token\": \"↓tfp_t0rlD5O6PmmJlLul__eOuoqcLFBdeiea9924UGLyMawb3iTLnMDfEICKyCt↓\",", 1892, 9)]
        r.negativeExamples = [s("Typeform tokens start with tfp_", 1894, 9), s("grep -rn 'tfp_' docs/", 1895, 9)]
        return r
    }

    private static func rule100() -> RawRule {
        var r = RawRule(position: p(1897, 5))
        r.id = s("intercom.token", 1897, 9)
        r.name = s("Intercom token", 1898, 11)
        r.description = s("Intercom access token (60 characters) after an Intercom label.", 1899, 18)
        r.group = s("Chat, social and productivity", 1900, 12)
        r.label = [s("intercom", 1901, 13)]
        r.regex = s("[A-Za-z0-9=_-]{60}", 1902, 12)
        r.validate = [s("random", 1903, 15)]
        r.category = s("secret", 1904, 15)
        r.severity = s("block", 1905, 15)
        r.tags = [s("token", 1906, 12)]
        r.examples = [s("INTERCOM_TOKEN = \"↓cZPdpe1AIbV8yBKMwWZ9c5ESEzVrQ2EMeyJS7pMdiQax1S7bXWAIyDKwcCuO↓\"", 1908, 9), s("intercomKey: ↓thwfiOWpqyaTC4dvXss53ZcBphVFDgq9bMYQW3u9V9ieAZnvQLtWci1IdzVb↓", 1909, 9)]
        r.negativeExamples = [s("INTERCOM_TOKEN_FILE = \"~/.config/intercom/token\"", 1911, 9), s("INTERCOM_URL = \"https://api.intercom.com/v2\"", 1912, 9)]
        return r
    }

    private static func rule101() -> RawRule {
        var r = RawRule(position: p(1914, 5))
        r.id = s("zendesk.token", 1914, 9)
        r.name = s("Zendesk token", 1915, 11)
        r.description = s("Zendesk API token (40 characters) after a Zendesk label.", 1916, 18)
        r.group = s("Chat, social and productivity", 1917, 12)
        r.label = [s("zendesk", 1918, 13)]
        r.regex = s("[A-Za-z0-9]{40}", 1919, 12)
        r.validate = [s("random", 1920, 15)]
        r.category = s("secret", 1921, 15)
        r.severity = s("block", 1922, 15)
        r.tags = [s("token", 1923, 12)]
        r.examples = [s("ZENDESK_TOKEN = \"↓Aijv9oEIlLYj65QDSzAWhxziwGHIv1olropeRMSS↓\"", 1925, 9), s("zendeskKey: ↓rcjx6rhKf8jQQpjjauorOubTMLEw0UXx7hWJsB2w↓", 1926, 9)]
        r.negativeExamples = [s("ZENDESK_TOKEN_FILE = \"~/.config/zendesk/token\"", 1928, 9), s("ZENDESK_URL = \"https://api.zendesk.com/v2\"", 1929, 9)]
        return r
    }

    private static func rule102() -> RawRule {
        var r = RawRule(position: p(1931, 5))
        r.id = s("frameio.token", 1931, 9)
        r.name = s("Frame.io token", 1932, 11)
        r.description = s("Frame.io developer token (fio-u- and 64 characters).", 1933, 18)
        r.group = s("Chat, social and productivity", 1934, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:fio-u-[A-Za-z0-9_=-]{64})(?![A-Za-z0-9_+/=-])", 1935, 12)
        r.keywords = [s("fio-u-", 1936, 16)]
        r.validate = [s("random", 1937, 15)]
        r.category = s("secret", 1938, 15)
        r.severity = s("block", 1939, 15)
        r.tags = [s("token", 1940, 12)]
        r.examples = [s("FRAMEIO_TOKEN=↓fio-u-mPQkpLWZpbx1UG01Axo5fkGUGvWrVplMZkj3DNCNHt9ZayheJH2SCNaWGype62xs↓", 1942, 9), s("  \"frameio_token\": \"↓fio-u-554UMPLoNLHsuMTo5M3gFLYaAUweJEVq16AZX3cbli6MOJcrmwwvGEfV_3FRoi28↓\",", 1943, 9)]
        r.negativeExamples = [s("Frame.io tokens start with fio-u-", 1945, 9), s("grep -rn 'fio-u-' docs/", 1946, 9)]
        return r
    }

    private static func rule103() -> RawRule {
        var r = RawRule(position: p(1948, 5))
        r.id = s("beamer.token", 1948, 9)
        r.name = s("Beamer token", 1949, 11)
        r.description = s("Beamer API key (b_ and 44 characters) after a Beamer label.", 1950, 18)
        r.group = s("Chat, social and productivity", 1951, 12)
        r.label = [s("beamer", 1952, 13)]
        r.regex = s("b_[A-Za-z0-9=_-]{44}", 1953, 12)
        r.validate = [s("random", 1954, 15)]
        r.category = s("secret", 1955, 15)
        r.severity = s("block", 1956, 15)
        r.tags = [s("token", 1957, 12)]
        r.examples = [s("BEAMER_TOKEN = \"↓b_r0AYj5caHl9eZvKfREiXoE0fMkcbJV9aYOyASF4CCzCG↓\"", 1959, 9), s("beamerKey: ↓b_l8vdFGPYqLmwVm8vhjAThkNncCa8BwlnhktZXIVWgrFF↓", 1960, 9)]
        r.negativeExamples = [s("BEAMER_TOKEN_FILE = \"~/.config/beamer/token\"", 1962, 9), s("BEAMER_URL = \"https://api.beamer.com/v2\"", 1963, 9)]
        return r
    }

    private static func rule104() -> RawRule {
        var r = RawRule(position: p(1965, 5))
        r.id = s("intra42.secret", 1965, 9)
        r.name = s("42 intranet secret", 1966, 11)
        r.description = s("42 school intranet client secret (s-s4t2ud- or s-s4t2af- and 64 hex digits).", 1967, 18)
        r.group = s("Chat, social and productivity", 1968, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:s-s4t2(?:ud|af)-[a-f0-9]{64})(?![A-Za-z0-9_+/=-])", 1969, 12)
        r.keywords = [s("s-s4t2", 1970, 16)]
        r.validate = [s("random", 1971, 15)]
        r.category = s("secret", 1972, 15)
        r.severity = s("block", 1973, 15)
        r.tags = [s("token", 1974, 12)]
        r.examples = [s("INTRA42_SECRET=↓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↓", 1976, 9), s("  \"intra42_secret\": \"↓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↓\",", 1977, 9)]
        r.negativeExamples = [s("42 intranet secrets start with s-s4t2", 1979, 9), s("grep -rn 's-s4t2' docs/", 1980, 9)]
        return r
    }

    private static func rule105() -> RawRule {
        var r = RawRule(position: p(1982, 5))
        r.id = s("mailgun.key", 1982, 9)
        r.name = s("Mailgun key", 1983, 11)
        r.description = s("Mailgun private API key (key-…), public key (pubkey-…) or webhook signing key after a Mailgun label.", 1984, 18)
        r.group = s("E-mail and messaging", 1985, 12)
        r.label = [s("mailgun", 1986, 13)]
        r.regex = s("key-[a-f0-9]{32}|pubkey-[a-f0-9]{32}|[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}", 1987, 12)
        r.validate = [s("random", 1988, 15)]
        r.category = s("secret", 1989, 15)
        r.severity = s("block", 1990, 15)
        r.tags = [s("token", 1991, 12)]
        r.examples = [s("MAILGUN_TOKEN = \"↓key-8b52495d22fa8c11875d96fb21855051↓\"", 1993, 9), s("mailgunKey: ↓key-3bd6e13d18ea1e27f16b8d15d4aaf173↓", 1994, 9)]
        r.negativeExamples = [s("MAILGUN_TOKEN_FILE = \"~/.config/mailgun/token\"", 1996, 9), s("MAILGUN_URL = \"https://api.mailgun.com/v2\"", 1997, 9)]
        return r
    }

    private static func rule106() -> RawRule {
        var r = RawRule(position: p(1999, 5))
        r.id = s("mailchimp.key", 1999, 9)
        r.name = s("Mailchimp API key", 2000, 11)
        r.description = s("Mailchimp API key (32 hex digits, -us and the data centre's number).", 2001, 18)
        r.group = s("E-mail and messaging", 2002, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[a-f0-9]{32}-us[0-9]{1,2})(?![A-Za-z0-9_+/=-])", 2003, 12)
        r.keywords = [s("0-us", 2005, 16), s("1-us", 2005, 24), s("2-us", 2005, 32), s("3-us", 2005, 40), s("4-us", 2005, 48), s("5-us", 2005, 56), s("6-us", 2005, 64), s("7-us", 2005, 72), s("8-us", 2005, 80), s("9-us", 2005, 88), s("a-us", 2005, 96), s("b-us", 2005, 104), s("c-us", 2005, 112), s("d-us", 2005, 120), s("e-us", 2005, 128), s("f-us", 2005, 136)]
        r.validate = [s("random", 2006, 15)]
        r.category = s("secret", 2007, 15)
        r.severity = s("block", 2008, 15)
        r.tags = [s("token", 2009, 12)]
        r.examples = [s("MAILCHIMP_API_KEY=↓cea772e24d214fe137b008575a9e0339-us49↓", 2011, 9), s("  \"mailchimp_api_key\": \"↓e3110c7d8de443ebee3794642b942fed-us0↓\",", 2012, 9)]
        r.negativeExamples = [s("Mailchimp API keys start with -us", 2014, 9), s("grep -rn '-us' docs/", 2015, 9)]
        return r
    }

    private static func rule107() -> RawRule {
        var r = RawRule(position: p(2017, 5))
        r.id = s("brevo.key", 2017, 9)
        r.name = s("Brevo (Sendinblue) key", 2018, 11)
        r.description = s("Brevo (Sendinblue) API and SMTP key (xkeysib- or xsmtpsib-, 64 hex digits and 16 characters).", 2019, 18)
        r.group = s("E-mail and messaging", 2020, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16})(?![A-Za-z0-9_+/=-])", 2021, 12)
        r.keywords = [s("xkeysib-", 2022, 16), s("xsmtpsib-", 2022, 28)]
        r.validate = [s("random", 2023, 15)]
        r.category = s("secret", 2024, 15)
        r.severity = s("block", 2025, 15)
        r.tags = [s("token", 2026, 12)]
        r.examples = [s("BREVO_API_KEY=↓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↓", 2028, 9), s("  \"brevo_api_key\": \"↓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↓\",", 2029, 9)]
        r.negativeExamples = [s("Brevo (Sendinblue) keys start with xkeysib-", 2031, 9), s("grep -rn 'xkeysib-' docs/", 2032, 9)]
        return r
    }

    private static func rule108() -> RawRule {
        var r = RawRule(position: p(2034, 5))
        r.id = s("messagebird.key", 2034, 9)
        r.name = s("MessageBird key", 2035, 11)
        r.description = s("MessageBird API key (25 characters) or client ID (a UUID) after a MessageBird label.", 2036, 18)
        r.group = s("E-mail and messaging", 2037, 12)
        r.label = [s("messagebird", 2038, 13), s("message_bird", 2038, 26), s("message-bird", 2038, 40)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9]{25}", 2039, 12)
        r.validate = [s("random", 2040, 15)]
        r.category = s("secret", 2041, 15)
        r.severity = s("block", 2042, 15)
        r.tags = [s("token", 2043, 12)]
        r.examples = [s("MESSAGEBIRD_TOKEN = \"↓gqZRrk2T8xCUmcyAqWWJMbB3w↓\"", 2045, 9), s("messagebirdKey: ↓xpR4qXs8g8jXsEaIv7eSpDn96↓", 2046, 9)]
        r.negativeExamples = [s("MESSAGEBIRD_TOKEN_FILE = \"~/.config/messagebird/token\"", 2048, 9), s("MESSAGEBIRD_URL = \"https://api.messagebird.com/v2\"", 2049, 9)]
        return r
    }

    private static func rule109() -> RawRule {
        var r = RawRule(position: p(2051, 5))
        r.id = s("sendbird.token", 2051, 9)
        r.name = s("Sendbird token", 2052, 11)
        r.description = s("Sendbird API token (40 hex digits) or application ID (a UUID) after a Sendbird label.", 2053, 18)
        r.group = s("E-mail and messaging", 2054, 12)
        r.label = [s("sendbird", 2055, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-f0-9]{40}", 2056, 12)
        r.validate = [s("random", 2057, 15)]
        r.category = s("secret", 2058, 15)
        r.severity = s("block", 2059, 15)
        r.tags = [s("token", 2060, 12)]
        r.examples = [s("SENDBIRD_TOKEN = \"↓d05d76bb8de1099a354d0c1a3405fc93ceee9c16↓\"", 2062, 9), s("sendbirdKey: ↓a23239643a73e597eff69158d12b124bf873fd93↓", 2063, 9)]
        r.negativeExamples = [s("SENDBIRD_TOKEN_FILE = \"~/.config/sendbird/token\"", 2065, 9), s("SENDBIRD_URL = \"https://api.sendbird.com/v2\"", 2066, 9)]
        return r
    }

    private static func rule110() -> RawRule {
        var r = RawRule(position: p(2068, 5))
        r.id = s("stripe.test_key", 2068, 9)
        r.name = s("Stripe test key", 2069, 11)
        r.description = s("Stripe test-mode and production secret and restricted keys (sk_test_, rk_test_, sk_prod_, rk_prod_): they open the test account.", 2070, 18)
        r.group = s("Payments and commerce", 2071, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[sr]k_(?:test|prod)_[A-Za-z0-9]{10,247})(?![A-Za-z0-9_+/=-])", 2072, 12)
        r.keywords = [s("sk_test_", 2073, 16), s("rk_test_", 2073, 28), s("sk_prod_", 2073, 40), s("rk_prod_", 2073, 52)]
        r.validate = [s("random", 2074, 15)]
        r.category = s("secret", 2075, 15)
        r.severity = s("warn", 2076, 15)
        r.tags = [s("token", 2077, 12)]
        r.examples = [s("stripe listen --api-key ↓sk_test_p8RBG5sxEC75FUkKI8tL0AIV↓", 2079, 9), s("  \"stripe_secret_key\": \"↓sk_test_pEsZRfH1o8nJPeesevADnhbV↓\",", 2080, 9)]
        r.negativeExamples = [s("Stripe test keys start with sk_test_", 2082, 9), s("grep -rn 'sk_test_' docs/", 2083, 9)]
        return r
    }

    private static func rule111() -> RawRule {
        var r = RawRule(position: p(2085, 5))
        r.id = s("square.token", 2085, 9)
        r.name = s("Square token", 2086, 11)
        r.description = s("Square access token (EAAA… or sq0atp-…) and application secret (sq0csp-…).", 2087, 18)
        r.group = s("Payments and commerce", 2088, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:(?:EAAA|sq0atp-)[A-Za-z0-9_-]{22,60}|sq0csp-[A-Za-z0-9_-]{43})(?![A-Za-z0-9_+/=-])", 2089, 12)
        r.keywords = [s("EAAA", 2090, 16), s("sq0atp-", 2090, 24), s("sq0csp-", 2090, 35)]
        r.validate = [s("random", 2091, 15)]
        r.category = s("secret", 2092, 15)
        r.severity = s("block", 2093, 15)
        r.tags = [s("token", 2094, 12)]
        r.examples = [s("SQUARE_ACCESS_TOKEN=↓EAAAhzzUjS7oOlVmAzDovZ6rUqs0Xgk3-ZxUseX-M0IiQ37ZrFh2DcpWyHQVPjsr↓", 2096, 9), s("  \"square_access_token\": \"↓EAAAbSMPgncKSyk0ZK4Z8BQOuJF1VeiXnK7aYfQAtpxQ-54MCIyzNLWPxfm4NvW0↓\",", 2097, 9)]
        r.negativeExamples = [s("Square tokens start with EAAA", 2099, 9), s("grep -rn 'EAAA' docs/", 2100, 9)]
        return r
    }

    private static func rule112() -> RawRule {
        var r = RawRule(position: p(2102, 5))
        r.id = s("shopify.token", 2102, 9)
        r.name = s("Shopify token", 2103, 11)
        r.description = s("Shopify access, custom app, private app token and shared secret (shpat_, shpca_, shppa_, shpss_ and 32 hex digits).", 2104, 18)
        r.group = s("Payments and commerce", 2105, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})(?![A-Za-z0-9_+/=-])", 2106, 12)
        r.keywords = [s("shpat_", 2107, 16), s("shpca_", 2107, 26), s("shppa_", 2107, 36), s("shpss_", 2107, 46)]
        r.validate = [s("random", 2108, 15)]
        r.category = s("secret", 2109, 15)
        r.severity = s("block", 2110, 15)
        r.tags = [s("token", 2111, 12)]
        r.examples = [s("SHOPIFY_ACCESS_TOKEN=↓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↓", 2113, 9), s("  \"shopify_access_token\": \"↓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↓\",", 2114, 9)]
        r.negativeExamples = [s("Shopify tokens start with shpat_", 2116, 9), s("grep -rn 'shpat_' docs/", 2117, 9)]
        return r
    }

    private static func rule113() -> RawRule {
        var r = RawRule(position: p(2119, 5))
        r.id = s("plaid.secret", 2119, 9)
        r.name = s("Plaid secret", 2120, 11)
        r.description = s("Plaid access token (access-…), secret (30) or client ID (24 characters) after a Plaid label.", 2121, 18)
        r.group = s("Payments and commerce", 2122, 12)
        r.label = [s("plaid", 2123, 13)]
        r.regex = s("access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9]{30}|[A-Za-z0-9]{24}", 2124, 12)
        r.validate = [s("random", 2125, 15)]
        r.category = s("secret", 2126, 15)
        r.severity = s("block", 2127, 15)
        r.tags = [s("token", 2128, 12)]
        r.examples = [s("PLAID_TOKEN = \"↓access-production-af0ebfdd-5d21-8014-8234-2018b038760e↓\"", 2130, 9), s("plaidKey: ↓access-production-e0d76bc9-34de-bfec-a586-82ee8f2c7923↓", 2131, 9)]
        r.negativeExamples = [s("PLAID_TOKEN_FILE = \"~/.config/plaid/token\"", 2133, 9), s("PLAID_URL = \"https://api.plaid.com/v2\"", 2134, 9)]
        return r
    }

    private static func rule114() -> RawRule {
        var r = RawRule(position: p(2136, 5))
        r.id = s("coinbase.token", 2136, 9)
        r.name = s("Coinbase token", 2137, 11)
        r.description = s("Coinbase access token (64 characters) after a Coinbase label.", 2138, 18)
        r.group = s("Payments and commerce", 2139, 12)
        r.label = [s("coinbase", 2140, 13)]
        r.regex = s("[A-Za-z0-9_-]{64}", 2141, 12)
        r.validate = [s("random", 2142, 15)]
        r.category = s("secret", 2143, 15)
        r.severity = s("block", 2144, 15)
        r.tags = [s("token", 2145, 12)]
        r.examples = [s("COINBASE_TOKEN = \"↓jfzeI7f-4-ymhozusH-DmHu3YAp5KbuOiuPlIvzUihnMcA4QjU35OScIw5Ueby98↓\"", 2147, 9), s("coinbaseKey: ↓BvF8Xg_H5ZE2_6C_b73VaYaUs6pJs8I5HjaGgD6N0KxrIAru8fJ4bQE3FmF96T1v↓", 2148, 9)]
        r.negativeExamples = [s("COINBASE_TOKEN_FILE = \"~/.config/coinbase/token\"", 2150, 9), s("COINBASE_URL = \"https://api.coinbase.com/v2\"", 2151, 9)]
        return r
    }

    private static func rule115() -> RawRule {
        var r = RawRule(position: p(2153, 5))
        r.id = s("kraken.token", 2153, 9)
        r.name = s("Kraken key", 2154, 11)
        r.description = s("Kraken API secret (80–90 characters) after a Kraken label.", 2155, 18)
        r.group = s("Payments and commerce", 2156, 12)
        r.label = [s("kraken", 2157, 13)]
        r.regex = s("[A-Za-z0-9/=_+-]{80,90}", 2158, 12)
        r.validate = [s("random", 2159, 15)]
        r.category = s("secret", 2160, 15)
        r.severity = s("block", 2161, 15)
        r.tags = [s("token", 2162, 12)]
        r.examples = [s("KRAKEN_TOKEN = \"↓j4TokYxeWTs/IXTGYPJn7GtboomaJu/xW1zI+K3Ai7gHQuOxLK784buo5fZqGvUsY487OfEq0rZ3fp3N4rGcpI==↓\"", 2164, 9), s("krakenKey: ↓wRCikyuBdEcTxJ0B4DubsiXxBRgmZ46fQvS0EFZs1bg1KnOhyZYlNtf/NFDNsLd1aLc71ZR6iU+87553FiAU+b==↓", 2165, 9)]
        r.negativeExamples = [s("KRAKEN_TOKEN_FILE = \"~/.config/kraken/token\"", 2167, 9), s("KRAKEN_URL = \"https://api.kraken.com/v2\"", 2168, 9)]
        return r
    }

    private static func rule116() -> RawRule {
        var r = RawRule(position: p(2170, 5))
        r.id = s("kucoin.key", 2170, 9)
        r.name = s("KuCoin key", 2171, 11)
        r.description = s("KuCoin API key (24 hex digits) or secret (a UUID) after a KuCoin label.", 2172, 18)
        r.group = s("Payments and commerce", 2173, 12)
        r.label = [s("kucoin", 2174, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-f0-9]{24}", 2175, 12)
        r.validate = [s("random", 2176, 15)]
        r.category = s("secret", 2177, 15)
        r.severity = s("block", 2178, 15)
        r.tags = [s("token", 2179, 12)]
        r.examples = [s("KUCOIN_TOKEN = \"↓dd2f550d-58ff-e936-05a8-a86908d03ac0↓\"", 2181, 9), s("kucoinKey: ↓f60829aa22bf7c3ff687ace8↓", 2182, 9)]
        r.negativeExamples = [s("KUCOIN_TOKEN_FILE = \"~/.config/kucoin/token\"", 2184, 9), s("KUCOIN_URL = \"https://api.kucoin.com/v2\"", 2185, 9)]
        return r
    }

    private static func rule117() -> RawRule {
        var r = RawRule(position: p(2187, 5))
        r.id = s("bittrex.key", 2187, 9)
        r.name = s("Bittrex key", 2188, 11)
        r.description = s("Bittrex API key or secret (32 characters) after a Bittrex label.", 2189, 18)
        r.group = s("Payments and commerce", 2190, 12)
        r.label = [s("bittrex", 2191, 13)]
        r.regex = s("[A-Za-z0-9]{32}", 2192, 12)
        r.validate = [s("random", 2193, 15)]
        r.category = s("secret", 2194, 15)
        r.severity = s("block", 2195, 15)
        r.tags = [s("token", 2196, 12)]
        r.examples = [s("BITTREX_TOKEN = \"↓6NcBXcWCHD9Mx9z9BOiB6di8wCoE1UbA↓\"", 2198, 9), s("bittrexKey: ↓C81k16h4DvVwOF3m5lhvMZiFu3mxprrb↓", 2199, 9)]
        r.negativeExamples = [s("BITTREX_TOKEN_FILE = \"~/.config/bittrex/token\"", 2201, 9), s("BITTREX_URL = \"https://api.bittrex.com/v2\"", 2202, 9)]
        return r
    }

    private static func rule118() -> RawRule {
        var r = RawRule(position: p(2204, 5))
        r.id = s("flutterwave.key", 2204, 9)
        r.name = s("Flutterwave key", 2205, 11)
        r.description = s("Flutterwave secret, public and encryption keys (FLWSECK…, FLWPUBK…).", 2206, 18)
        r.group = s("Payments and commerce", 2207, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:FLW(?:SECK|PUBK)(?:_TEST)?-(?:[a-hA-H0-9]{32}-X|[a-hA-H0-9]{12}))(?![A-Za-z0-9_+/=-])", 2208, 12)
        r.keywords = [s("FLWSECK", 2209, 16), s("FLWPUBK", 2209, 27)]
        r.validate = [s("random", 2210, 15)]
        r.category = s("secret", 2211, 15)
        r.severity = s("block", 2212, 15)
        r.tags = [s("token", 2213, 12)]
        r.examples = [s("FLW_SECRET_KEY=↓FLWSECK_TEST-4hd654ef73hcg9g5h9474h2gfa068694-X↓", 2215, 9), s("  \"flw_secret_key\": \"↓FLWSECK_TEST-ce4h4hb4d1cg8d4c5c813c3f778h7eg2-X↓\",", 2216, 9)]
        r.negativeExamples = [s("Flutterwave keys start with FLWSECK", 2218, 9), s("grep -rn 'FLWSECK' docs/", 2219, 9)]
        return r
    }

    private static func rule119() -> RawRule {
        var r = RawRule(position: p(2221, 5))
        r.id = s("gocardless.token", 2221, 9)
        r.name = s("GoCardless token", 2222, 11)
        r.description = s("GoCardless live access token (live_ and 40 characters) after a GoCardless label.", 2223, 18)
        r.group = s("Payments and commerce", 2224, 12)
        r.label = [s("gocardless", 2225, 13)]
        r.regex = s("live_[A-Za-z0-9_=-]{40}", 2226, 12)
        r.validate = [s("random", 2227, 15)]
        r.category = s("secret", 2228, 15)
        r.severity = s("block", 2229, 15)
        r.tags = [s("token", 2230, 12)]
        r.examples = [s("GOCARDLESS_TOKEN = \"↓live_U4uX4GUQHd2lu0KGLcdtLXqsXvczs0alcwA6sgFt↓\"", 2232, 9), s("gocardlessKey: ↓live_TpHU0XrIfZyKm6ChVOzDqwwvVd1IYTdfwTRZHIPn↓", 2233, 9)]
        r.negativeExamples = [s("GOCARDLESS_TOKEN_FILE = \"~/.config/gocardless/token\"", 2235, 9), s("GOCARDLESS_URL = \"https://api.gocardless.com/v2\"", 2236, 9)]
        return r
    }

    private static func rule120() -> RawRule {
        var r = RawRule(position: p(2238, 5))
        r.id = s("finicity.secret", 2238, 9)
        r.name = s("Finicity secret", 2239, 11)
        r.description = s("Finicity app key (32 hex digits) or client secret (20 characters) after a Finicity label.", 2240, 18)
        r.group = s("Payments and commerce", 2241, 12)
        r.label = [s("finicity", 2242, 13)]
        r.regex = s("[a-f0-9]{32}|[A-Za-z0-9]{20}", 2243, 12)
        r.validate = [s("random", 2244, 15)]
        r.category = s("secret", 2245, 15)
        r.severity = s("block", 2246, 15)
        r.tags = [s("token", 2247, 12)]
        r.examples = [s("FINICITY_TOKEN = \"↓ff9a9d8a7597caf39a74ab69d7571c95↓\"", 2249, 9), s("finicityKey: ↓pMCwSRpHoyKUOfH3zLo0↓", 2250, 9)]
        r.negativeExamples = [s("FINICITY_TOKEN_FILE = \"~/.config/finicity/token\"", 2252, 9), s("FINICITY_URL = \"https://api.finicity.com/v2\"", 2253, 9)]
        return r
    }

    private static func rule121() -> RawRule {
        var r = RawRule(position: p(2255, 5))
        r.id = s("finnhub.token", 2255, 9)
        r.name = s("Finnhub token", 2256, 11)
        r.description = s("Finnhub API token (20 characters) after a Finnhub label.", 2257, 18)
        r.group = s("Payments and commerce", 2258, 12)
        r.label = [s("finnhub", 2259, 13)]
        r.regex = s("[A-Za-z0-9]{20}", 2260, 12)
        r.validate = [s("random", 2261, 15)]
        r.category = s("secret", 2262, 15)
        r.severity = s("block", 2263, 15)
        r.tags = [s("token", 2264, 12)]
        r.examples = [s("FINNHUB_TOKEN = \"↓6KV9TXMzLrnSj8eSfK1W↓\"", 2266, 9), s("finnhubKey: ↓zBtCUx3RR6H5ItC0A6aR↓", 2267, 9)]
        r.negativeExamples = [s("FINNHUB_TOKEN_FILE = \"~/.config/finnhub/token\"", 2269, 9), s("FINNHUB_URL = \"https://api.finnhub.com/v2\"", 2270, 9)]
        return r
    }

    private static func rule122() -> RawRule {
        var r = RawRule(position: p(2272, 5))
        r.id = s("duffel.token", 2272, 9)
        r.name = s("Duffel token", 2273, 11)
        r.description = s("Duffel API token (duffel_test_ or duffel_live_ and 43 characters).", 2274, 18)
        r.group = s("Payments and commerce", 2275, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:duffel_(?:test|live)_[A-Za-z0-9_=-]{43})(?![A-Za-z0-9_+/=-])", 2276, 12)
        r.keywords = [s("duffel_", 2277, 16)]
        r.validate = [s("random", 2278, 15)]
        r.category = s("secret", 2279, 15)
        r.severity = s("block", 2280, 15)
        r.tags = [s("token", 2281, 12)]
        r.examples = [s("DUFFEL_ACCESS_TOKEN=↓duffel_live_0JorMSMb1tlNOSF_5eLICGdokLqz09j4_XnXiKs55Yu↓", 2283, 9), s("  \"duffel_access_token\": \"↓duffel_live_wb9A_9XLzkK5vPXeIKhQ6rysM2r26hWBS7R6_lIvVTz↓\",", 2284, 9)]
        r.negativeExamples = [s("Duffel tokens start with duffel_", 2286, 9), s("grep -rn 'duffel_' docs/", 2287, 9)]
        return r
    }

    private static func rule123() -> RawRule {
        var r = RawRule(position: p(2289, 5))
        r.id = s("freemius.key", 2289, 9)
        r.name = s("Freemius secret key", 2290, 11)
        r.description = s("Freemius secret key (sk_ and 29 characters) in a PHP array's 'secret_key' entry.", 2291, 18)
        r.group = s("Payments and commerce", 2292, 12)
        r.regex = s("[\"']secret_key[\"']\\s*=>\\s*[\"'](sk_[^\\s\"']{29})[\"']", 2293, 12)
        r.secretGroup = i(1, 2294, 18)
        r.keywords = [s("secret_key", 2295, 16)]
        r.validate = [s("random", 2296, 15)]
        r.category = s("secret", 2297, 15)
        r.severity = s("block", 2298, 15)
        r.tags = [s("token", 2299, 12)]
        r.examples = [s("'secret_key' => '↓sk_Qxe5FRpjxv3Tci7GwOGS5RXyg9mtX↓',", 2301, 9)]
        r.negativeExamples = [s("'secret_key' => 'sk_',", 2303, 9)]
        return r
    }

    private static func rule124() -> RawRule {
        var r = RawRule(position: p(2305, 5))
        r.id = s("lob.key", 2305, 9)
        r.name = s("Lob API key", 2306, 11)
        r.description = s("Lob live, test and publishable API key (live_, test_, live_pub_, test_pub_) after a Lob label.", 2307, 18)
        r.group = s("Payments and commerce", 2308, 12)
        r.label = [s("lob", 2309, 13)]
        r.regex = s("(?:live|test)_pub_[a-f0-9]{31}|(?:live|test)_[a-f0-9]{35}", 2310, 12)
        r.validate = [s("random", 2311, 15)]
        r.category = s("secret", 2312, 15)
        r.severity = s("block", 2313, 15)
        r.tags = [s("token", 2314, 12)]
        r.examples = [s("LOB_TOKEN = \"↓live_954e9d36fd9fd1551bd23526fa5f55b9571↓\"", 2316, 9), s("lobKey: ↓live_052831baa7b551a5a1cdba6d2c3e229c076↓", 2317, 9)]
        r.negativeExamples = [s("LOB_TOKEN_FILE = \"~/.config/lob/token\"", 2319, 9), s("LOB_URL = \"https://api.lob.com/v2\"", 2320, 9)]
        return r
    }

    private static func rule125() -> RawRule {
        var r = RawRule(position: p(2322, 5))
        r.id = s("shippo.token", 2322, 9)
        r.name = s("Shippo token", 2323, 11)
        r.description = s("Shippo API token (shippo_live_ or shippo_test_ and 40 hex digits).", 2324, 18)
        r.group = s("Payments and commerce", 2325, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:shippo_(?:live|test)_[a-fA-F0-9]{40})(?![A-Za-z0-9_+/=-])", 2326, 12)
        r.keywords = [s("shippo_", 2327, 16)]
        r.validate = [s("random", 2328, 15)]
        r.category = s("secret", 2329, 15)
        r.severity = s("block", 2330, 15)
        r.tags = [s("token", 2331, 12)]
        r.examples = [s("SHIPPO_API_TOKEN=↓shippo_live_CaABcBeE9Ce34bd24ce2C918ee9c64f5Ea61Bb3A↓", 2333, 9), s("  \"shippo_api_token\": \"↓shippo_test_A7243DEfb1dd11e4df0deC3A18C64B7B71FB74B2↓\",", 2334, 9)]
        r.negativeExamples = [s("Shippo tokens start with shippo_", 2336, 9), s("grep -rn 'shippo_' docs/", 2337, 9)]
        return r
    }

    private static func rule126() -> RawRule {
        var r = RawRule(position: p(2339, 5))
        r.id = s("easypost.key", 2339, 9)
        r.name = s("EasyPost API key", 2340, 11)
        r.description = s("EasyPost production and test API key (EZAK, EZTK and 54 characters).", 2341, 18)
        r.group = s("Payments and commerce", 2342, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:EZ[AT]K[A-Za-z0-9]{54})(?![A-Za-z0-9_+/=-])", 2343, 12)
        r.keywords = [s("EZAK", 2344, 16), s("EZTK", 2344, 24)]
        r.validate = [s("random", 2345, 15)]
        r.category = s("secret", 2346, 15)
        r.severity = s("block", 2347, 15)
        r.tags = [s("token", 2348, 12)]
        r.examples = [s("EASYPOST_API_KEY=↓EZAKfA3MxjwvRiBxHQ2HGwv765EFvKAepeef1CstY4MgPnFMhperxF9jjI↓", 2350, 9), s("  \"easypost_api_key\": \"↓EZTKBy57iWW5yOUFtDYoL8mitRRWzd62XWGw84GiWjHAFQsaF31PQ7Z8FK↓\",", 2351, 9)]
        r.negativeExamples = [s("EasyPost API keys start with EZAK", 2353, 9), s("grep -rn 'EZAK' docs/", 2354, 9)]
        return r
    }

    private static func rule127() -> RawRule {
        var r = RawRule(position: p(2356, 5))
        r.id = s("etsy.key", 2356, 9)
        r.name = s("Etsy key", 2357, 11)
        r.description = s("Etsy API key (24 characters) after an Etsy label.", 2358, 18)
        r.group = s("Payments and commerce", 2359, 12)
        r.label = [s("etsy", 2360, 13)]
        r.regex = s("[A-Za-z0-9]{24}", 2361, 12)
        r.validate = [s("random", 2362, 15)]
        r.category = s("secret", 2363, 15)
        r.severity = s("block", 2364, 15)
        r.tags = [s("token", 2365, 12)]
        r.examples = [s("ETSY_TOKEN = \"↓ksSLdp5woXHlrr7TkeCrueQM↓\"", 2367, 9), s("etsyKey: ↓WDzqrY1vOD0ZfKfoMHB7OVoE↓", 2368, 9)]
        r.negativeExamples = [s("ETSY_TOKEN_FILE = \"~/.config/etsy/token\"", 2370, 9), s("ETSY_URL = \"https://api.etsy.com/v2\"", 2371, 9)]
        return r
    }

    private static func rule128() -> RawRule {
        var r = RawRule(position: p(2373, 5))
        r.id = s("squarespace.token", 2373, 9)
        r.name = s("Squarespace token", 2374, 11)
        r.description = s("Squarespace API key (a UUID) after a Squarespace label.", 2375, 18)
        r.group = s("Payments and commerce", 2376, 12)
        r.label = [s("squarespace", 2377, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 2378, 12)
        r.validate = [s("random", 2379, 15)]
        r.category = s("secret", 2380, 15)
        r.severity = s("block", 2381, 15)
        r.tags = [s("token", 2382, 12)]
        r.examples = [s("SQUARESPACE_TOKEN = \"↓16846dfd-1912-19e4-838a-8748296910e9↓\"", 2384, 9), s("squarespaceKey: ↓660ded88-d516-22b3-c4f6-504200e8109c↓", 2385, 9)]
        r.negativeExamples = [s("SQUARESPACE_TOKEN_FILE = \"~/.config/squarespace/token\"", 2387, 9), s("SQUARESPACE_URL = \"https://api.squarespace.com/v2\"", 2388, 9)]
        return r
    }

    private static func rule129() -> RawRule {
        var r = RawRule(position: p(2390, 5))
        r.id = s("freshbooks.token", 2390, 9)
        r.name = s("FreshBooks token", 2391, 11)
        r.description = s("FreshBooks access token (64 characters) after a FreshBooks label.", 2392, 18)
        r.group = s("Payments and commerce", 2393, 12)
        r.label = [s("freshbooks", 2394, 13)]
        r.regex = s("[A-Za-z0-9]{64}", 2395, 12)
        r.validate = [s("random", 2396, 15)]
        r.category = s("secret", 2397, 15)
        r.severity = s("block", 2398, 15)
        r.tags = [s("token", 2399, 12)]
        r.examples = [s("FRESHBOOKS_TOKEN = \"↓CSCvjqUja2QDQSPujnYMIZg8fjIkvvYAi7Kzlw7YpY6diPVP38JXthcPjzHn92KJ↓\"", 2401, 9), s("freshbooksKey: ↓tyWpVhTVagoGUcRz9JBjLMbyjsiBbLhklkWA1uTD63pU4gtQ0i6WK2AdsbmSEpZs↓", 2402, 9)]
        r.negativeExamples = [s("FRESHBOOKS_TOKEN_FILE = \"~/.config/freshbooks/token\"", 2404, 9), s("FRESHBOOKS_URL = \"https://api.freshbooks.com/v2\"", 2405, 9)]
        return r
    }

    private static func rule130() -> RawRule {
        var r = RawRule(position: p(2407, 5))
        r.id = s("hubspot.key", 2407, 9)
        r.name = s("HubSpot API key", 2408, 11)
        r.description = s("HubSpot API key (a UUID) after a HubSpot label.", 2409, 18)
        r.group = s("Payments and commerce", 2410, 12)
        r.label = [s("hubspot", 2411, 13)]
        r.regex = s("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", 2412, 12)
        r.validate = [s("random", 2413, 15)]
        r.category = s("secret", 2414, 15)
        r.severity = s("block", 2415, 15)
        r.tags = [s("token", 2416, 12)]
        r.examples = [s("HUBSPOT_TOKEN = \"↓E04D55F7-BABD-1E61-04C1-C4E2FAC50463↓\"", 2418, 9), s("hubspotKey: ↓8CF62214-2B38-ABF9-8644-46C5E55C3308↓", 2419, 9)]
        r.negativeExamples = [s("HUBSPOT_TOKEN_FILE = \"~/.config/hubspot/token\"", 2421, 9), s("HUBSPOT_URL = \"https://api.hubspot.com/v2\"", 2422, 9)]
        return r
    }

    private static func rule131() -> RawRule {
        var r = RawRule(position: p(2424, 5))
        r.id = s("fastly.token", 2424, 9)
        r.name = s("Fastly API token", 2425, 11)
        r.description = s("Fastly API token (32 characters) after a Fastly label.", 2426, 18)
        r.group = s("Monitoring, data and APIs", 2427, 12)
        r.label = [s("fastly", 2428, 13)]
        r.regex = s("[A-Za-z0-9=_-]{32}", 2429, 12)
        r.validate = [s("random", 2430, 15)]
        r.category = s("secret", 2431, 15)
        r.severity = s("block", 2432, 15)
        r.tags = [s("token", 2433, 12)]
        r.examples = [s("FASTLY_API_TOKEN = \"↓q3Nw-8XbK2vLmT9cZ_0aRfYh6JpUe4Ds↓\"", 2435, 9), s("fastlyKey: ↓Vd7kP2mQ9xLc4Rt8Bn3Wz6Hy1Js5Fg0A↓", 2436, 9)]
        r.negativeExamples = [s("FASTLY_API_TOKEN_FILE = \"~/.config/fastly/token\"", 2438, 9), s("FASTLY_SERVICE_URL = \"https://api.fastly.com/service\"", 2439, 9)]
        return r
    }

    private static func rule132() -> RawRule {
        var r = RawRule(position: p(2441, 5))
        r.id = s("datadog.key", 2441, 9)
        r.name = s("Datadog key", 2442, 11)
        r.description = s("Datadog API key (32 hex digits) or application key (40 characters) after a Datadog label.", 2443, 18)
        r.group = s("Monitoring, data and APIs", 2444, 12)
        r.label = [s("datadog", 2445, 13), s("dd_api_key", 2445, 22), s("dd_app_key", 2445, 34), s("dd-api-key", 2445, 46), s("dd-application-key", 2445, 58)]
        r.regex = s("[A-Za-z0-9]{40}|[a-f0-9]{32}", 2446, 12)
        r.validate = [s("random", 2447, 15)]
        r.category = s("secret", 2448, 15)
        r.severity = s("block", 2449, 15)
        r.tags = [s("token", 2450, 12)]
        r.examples = [s("DATADOG_TOKEN = \"↓ggFIVywAhrg8WJrK7X0fDGgmfztWbmf6GC2gOyt2↓\"", 2452, 9), s("datadogKey: ↓348f8ba76a4b3af14f7557f0aaa42bc6↓", 2453, 9)]
        r.negativeExamples = [s("DATADOG_TOKEN_FILE = \"~/.config/datadog/token\"", 2455, 9), s("DATADOG_URL = \"https://api.datadog.com/v2\"", 2456, 9)]
        return r
    }

    private static func rule133() -> RawRule {
        var r = RawRule(position: p(2458, 5))
        r.id = s("newrelic.key", 2458, 9)
        r.name = s("New Relic key", 2459, 11)
        r.description = s("New Relic user API key (NRAK-), insert key (NRII-) and browser key (NRJS-).", 2460, 18)
        r.group = s("Monitoring, data and APIs", 2461, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:NRAK-[A-Z0-9]{27}|NRII-[A-Za-z0-9_-]{32}|NRJS-[a-f0-9]{19})(?![A-Za-z0-9_+/=-])", 2462, 12)
        r.keywords = [s("NRAK-", 2463, 16), s("NRII-", 2463, 25), s("NRJS-", 2463, 34)]
        r.validate = [s("random", 2464, 15)]
        r.category = s("secret", 2465, 15)
        r.severity = s("block", 2466, 15)
        r.tags = [s("token", 2467, 12)]
        r.examples = [s("NEW_RELIC_API_KEY=↓NRAK-XNDXNJ40S7J1A5Z1P9CGJ6K1YM2↓", 2469, 9), s("  \"new_relic_api_key\": \"↓NRAK-G57LXZ5P78ZGAWM8XF6R8KB3N34↓\",", 2470, 9)]
        r.negativeExamples = [s("New Relic keys start with NRAK-", 2472, 9), s("grep -rn 'NRAK-' docs/", 2473, 9)]
        return r
    }

    private static func rule134() -> RawRule {
        var r = RawRule(position: p(2475, 5))
        r.id = s("newrelic.legacy_key", 2475, 9)
        r.name = s("New Relic key (legacy)", 2476, 11)
        r.description = s("New Relic key of the old form (64 characters) after a New Relic label.", 2477, 18)
        r.group = s("Monitoring, data and APIs", 2478, 12)
        r.label = [s("newrelic", 2479, 13), s("new_relic", 2479, 23), s("new-relic", 2479, 34)]
        r.regex = s("[A-Za-z0-9]{64}", 2480, 12)
        r.validate = [s("random", 2481, 15)]
        r.category = s("secret", 2482, 15)
        r.severity = s("block", 2483, 15)
        r.tags = [s("token", 2484, 12)]
        r.examples = [s("NEWRELIC_TOKEN = \"↓DRH9RNofAqjvXMBQor0Kd7cfNh0ymeEJhifHdA4Umjvc7pBNFwLO3di8RBWQWxfw↓\"", 2486, 9), s("newrelicKey: ↓IhhcQwGOGLKzlSPaZt4z7jLRkgwValWdH8VdyBCoh5TEj9qrkVLCbJIsomEjEAxi↓", 2487, 9)]
        r.negativeExamples = [s("NEWRELIC_TOKEN_FILE = \"~/.config/newrelic/token\"", 2489, 9), s("NEWRELIC_URL = \"https://api.newrelic.com/v2\"", 2490, 9)]
        return r
    }

    private static func rule135() -> RawRule {
        var r = RawRule(position: p(2492, 5))
        r.id = s("sentry.token", 2492, 9)
        r.name = s("Sentry token", 2493, 11)
        r.description = s("Sentry user auth token (sntryu_ and 64 hex digits) and organisation token (sntrys_ and a base64 JSON document naming the organisation's URLs).", 2494, 18)
        r.group = s("Monitoring, data and APIs", 2495, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:sntryu_[a-f0-9]{64}|sntrys_eyJpYXQiO[A-Za-z0-9+/]{10,300}={0,2}_[A-Za-z0-9+/]{43})(?![A-Za-z0-9_+/=-])", 2496, 12)
        r.keywords = [s("sntryu_", 2497, 16), s("sntrys_", 2497, 27)]
        r.validate = [s("random", 2498, 15)]
        r.category = s("secret", 2499, 15)
        r.severity = s("block", 2500, 15)
        r.tags = [s("token", 2501, 12)]
        r.examples = [s("SENTRY_AUTH_TOKEN=↓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↓", 2503, 9), s("  \"sentry_auth_token\": \"↓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↓\",", 2504, 9)]
        r.negativeExamples = [s("Sentry tokens start with sntryu_", 2506, 9), s("grep -rn 'sntryu_' docs/", 2507, 9)]
        return r
    }

    private static func rule136() -> RawRule {
        var r = RawRule(position: p(2509, 5))
        r.id = s("sentry.legacy_token", 2509, 9)
        r.name = s("Sentry token (legacy)", 2510, 11)
        r.description = s("Sentry auth token of the old form (64 hex digits) after a Sentry label.", 2511, 18)
        r.group = s("Monitoring, data and APIs", 2512, 12)
        r.label = [s("sentry", 2513, 13)]
        r.regex = s("[a-f0-9]{64}", 2514, 12)
        r.validate = [s("random", 2515, 15)]
        r.category = s("secret", 2516, 15)
        r.severity = s("block", 2517, 15)
        r.tags = [s("token", 2518, 12)]
        r.examples = [s("SENTRY_TOKEN = \"↓3b785eb5f46596bc151cbeca8d4c805e0bde3d65a5073cedfeec89564b3e57f9↓\"", 2520, 9), s("sentryKey: ↓c1ac8ab18401a4a0762668c8692bb7dc439f96155bb6c5473e497b75506620a4↓", 2521, 9)]
        r.negativeExamples = [s("SENTRY_TOKEN_FILE = \"~/.config/sentry/token\"", 2523, 9), s("SENTRY_URL = \"https://api.sentry.com/v2\"", 2524, 9)]
        return r
    }

    private static func rule137() -> RawRule {
        var r = RawRule(position: p(2526, 5))
        r.id = s("grafana.token", 2526, 9)
        r.name = s("Grafana token", 2527, 11)
        r.description = s("Grafana API key (eyJrIjoi…), Grafana Cloud token (glc_…) and service account token (glsa_…).", 2528, 18)
        r.group = s("Monitoring, data and APIs", 2529, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:eyJrIjoi[A-Za-z0-9]{70,400}={0,3}|glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})(?![A-Za-z0-9_+/=-])", 2530, 12)
        r.keywords = [s("eyJrIjoi", 2531, 16), s("glc_", 2531, 28), s("glsa_", 2531, 36)]
        r.validate = [s("random", 2532, 15)]
        r.category = s("secret", 2533, 15)
        r.severity = s("block", 2534, 15)
        r.tags = [s("token", 2535, 12)]
        r.examples = [s("GRAFANA_TOKEN=↓glsa_LVD91ZYUPDVXSexkoRs0UNcxexSnDzgY_cacdfb19↓", 2537, 9), s("  \"grafana_token\": \"↓glsa_0KKj3LJERx0B5GfL6Rxnuh8yuGa6SldW_f84ac163↓\",", 2538, 9)]
        r.negativeExamples = [s("Grafana tokens start with eyJrIjoi", 2540, 9), s("grep -rn 'eyJrIjoi' docs/", 2541, 9)]
        return r
    }

    private static func rule138() -> RawRule {
        var r = RawRule(position: p(2543, 5))
        r.id = s("dynatrace.token", 2543, 9)
        r.name = s("Dynatrace token", 2544, 11)
        r.description = s("Dynatrace API token (dt0c01., 24 and 64 characters).", 2545, 18)
        r.group = s("Monitoring, data and APIs", 2546, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:dt0c01\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64})(?![A-Za-z0-9_+/=-])", 2547, 12)
        r.keywords = [s("dt0c01.", 2548, 16)]
        r.validate = [s("random", 2549, 15)]
        r.category = s("secret", 2550, 15)
        r.severity = s("block", 2551, 15)
        r.tags = [s("token", 2552, 12)]
        r.examples = [s("DT_API_TOKEN=↓dt0c01.hu1zGj4qAVTx8hwOxDSG8Z3K.x1lFptCCg4UYP8WDPh6VkExdTuQZLzCX7WZi6QQs48tDmnlVJAK5k2unjD5D7MFn↓", 2554, 9), s("  \"dt_api_token\": \"↓dt0c01.PZJEnF4Y01dD2RUaWVPKh8yP.u0Ny0FrucWOaJmXLI1pMyx0ordnS8WX2eJkj9hSaaFLvvvLKcmVpueLsSkHzfKJW↓\",", 2555, 9)]
        r.negativeExamples = [s("Dynatrace tokens start with dt0c01.", 2557, 9), s("grep -rn 'dt0c01.' docs/", 2558, 9)]
        return r
    }

    private static func rule139() -> RawRule {
        var r = RawRule(position: p(2560, 5))
        r.id = s("sumologic.key", 2560, 9)
        r.name = s("Sumo Logic key", 2561, 11)
        r.description = s("Sumo Logic access ID (su and 12 characters) or access key (64 characters) after a Sumo label.", 2562, 18)
        r.group = s("Monitoring, data and APIs", 2563, 12)
        r.label = [s("sumo", 2564, 13), s("sumologic", 2564, 19)]
        r.regex = s("[A-Za-z0-9]{64}|su[A-Za-z0-9]{12}", 2565, 12)
        r.validate = [s("random", 2566, 15)]
        r.category = s("secret", 2567, 15)
        r.severity = s("block", 2568, 15)
        r.tags = [s("token", 2569, 12)]
        r.examples = [s("SUMO_TOKEN = \"↓taWoJwX2po2MV2cRYtJr5zB6WoU7KSwaxspY4u8YI9KATDktzzzjGObWlcrO8gFF↓\"", 2571, 9), s("sumoKey: ↓ndTgX8d9p64VHWyQr8zEsW4ueBKiGzPTNGT3ijY9e4sPt6vcYZWufW58vNrkCNMl↓", 2572, 9)]
        r.negativeExamples = [s("SUMO_TOKEN_FILE = \"~/.config/sumo/token\"", 2574, 9), s("SUMO_URL = \"https://api.sumo.com/v2\"", 2575, 9)]
        return r
    }

    private static func rule140() -> RawRule {
        var r = RawRule(position: p(2577, 5))
        r.id = s("launchdarkly.token", 2577, 9)
        r.name = s("LaunchDarkly token", 2578, 11)
        r.description = s("LaunchDarkly access token (40 characters) after a LaunchDarkly label.", 2579, 18)
        r.group = s("Monitoring, data and APIs", 2580, 12)
        r.label = [s("launchdarkly", 2581, 13)]
        r.regex = s("[A-Za-z0-9=_-]{40}", 2582, 12)
        r.validate = [s("random", 2583, 15)]
        r.category = s("secret", 2584, 15)
        r.severity = s("block", 2585, 15)
        r.tags = [s("token", 2586, 12)]
        r.examples = [s("LAUNCHDARKLY_TOKEN = \"↓api-49194493-a67d-96cf-2968-98368f28591c↓\"", 2588, 9), s("launchdarklyKey: ↓api-3e9166f2-14b4-0920-1208-1f331641d309↓", 2589, 9)]
        r.negativeExamples = [s("LAUNCHDARKLY_TOKEN_FILE = \"~/.config/launchdarkly/token\"", 2591, 9), s("LAUNCHDARKLY_URL = \"https://api.launchdarkly.com/v2\"", 2592, 9)]
        return r
    }

    private static func rule141() -> RawRule {
        var r = RawRule(position: p(2594, 5))
        r.id = s("algolia.key", 2594, 9)
        r.name = s("Algolia key", 2595, 11)
        r.description = s("Algolia API key (32 characters) after an Algolia label.", 2596, 18)
        r.group = s("Monitoring, data and APIs", 2597, 12)
        r.label = [s("algolia", 2598, 13)]
        r.regex = s("[A-Za-z0-9]{32}", 2599, 12)
        r.validate = [s("random", 2600, 15)]
        r.category = s("secret", 2601, 15)
        r.severity = s("block", 2602, 15)
        r.tags = [s("token", 2603, 12)]
        r.examples = [s("ALGOLIA_TOKEN = \"↓S60preQzlwKlwieh3V1QX4WFTY1bWlc3↓\"", 2605, 9), s("algoliaKey: ↓E3ZAMxgsL6HnT31OfhwEJGajQ7TLxjMy↓", 2606, 9)]
        r.negativeExamples = [s("ALGOLIA_TOKEN_FILE = \"~/.config/algolia/token\"", 2608, 9), s("ALGOLIA_URL = \"https://api.algolia.com/v2\"", 2609, 9)]
        return r
    }

    private static func rule142() -> RawRule {
        var r = RawRule(position: p(2611, 5))
        r.id = s("contentful.token", 2611, 9)
        r.name = s("Contentful token", 2612, 11)
        r.description = s("Contentful delivery API token (43 characters) after a Contentful label.", 2613, 18)
        r.group = s("Monitoring, data and APIs", 2614, 12)
        r.label = [s("contentful", 2615, 13)]
        r.regex = s("[A-Za-z0-9=_-]{43}", 2616, 12)
        r.validate = [s("random", 2617, 15)]
        r.category = s("secret", 2618, 15)
        r.severity = s("block", 2619, 15)
        r.tags = [s("token", 2620, 12)]
        r.examples = [s("CONTENTFUL_TOKEN = \"↓i5G9L_485BY6lMZpShmbjZXv-dB_R1n-Blw3MGzvOg_↓\"", 2622, 9), s("contentfulKey: ↓ytbKnt8dLElsKmYi8vbPp5V6JzNF07W06bxYk_F0El1↓", 2623, 9)]
        r.negativeExamples = [s("CONTENTFUL_TOKEN_FILE = \"~/.config/contentful/token\"", 2625, 9), s("CONTENTFUL_URL = \"https://api.contentful.com/v2\"", 2626, 9)]
        return r
    }

    private static func rule143() -> RawRule {
        var r = RawRule(position: p(2628, 5))
        r.id = s("mapbox.token", 2628, 9)
        r.name = s("Mapbox token", 2629, 11)
        r.description = s("Mapbox access token (pk. or sk., 60 and 22 characters) after a Mapbox label.", 2630, 18)
        r.group = s("Monitoring, data and APIs", 2631, 12)
        r.label = [s("mapbox", 2632, 13)]
        r.regex = s("[ps]k\\.[A-Za-z0-9]{60}\\.[A-Za-z0-9_-]{22}", 2633, 12)
        r.validate = [s("random", 2634, 15)]
        r.category = s("secret", 2635, 15)
        r.severity = s("block", 2636, 15)
        r.tags = [s("token", 2637, 12)]
        r.examples = [s("MAPBOX_TOKEN = \"↓sk.qUXjsPgXLfstS3UD4w5OjzghiqQgcrOhHCxZjM9XayYwUBpZGjUfUDrfyco2.pGx4YIu6E5IM9CweZvjK0c↓\"", 2639, 9), s("mapboxKey: ↓pk.t0r9i3g5Gi1Vr8yniDXnP5GBDC6GFBdC8SS3xNZwhDHgMn1GNHzA9zvzOvYi.Km36SesKjgXeUN55DVKQN0↓", 2640, 9)]
        r.negativeExamples = [s("MAPBOX_TOKEN_FILE = \"~/.config/mapbox/token\"", 2642, 9), s("MAPBOX_URL = \"https://api.mapbox.com/v2\"", 2643, 9)]
        return r
    }

    private static func rule144() -> RawRule {
        var r = RawRule(position: p(2645, 5))
        r.id = s("maxmind.key", 2645, 9)
        r.name = s("MaxMind license key", 2646, 11)
        r.description = s("MaxMind license key (6, 29 characters and _mmk).", 2647, 18)
        r.group = s("Monitoring, data and APIs", 2648, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk)(?![A-Za-z0-9_+/=-])", 2649, 12)
        r.keywords = [s("_mmk", 2650, 16)]
        r.validate = [s("random", 2651, 15)]
        r.category = s("secret", 2652, 15)
        r.severity = s("block", 2653, 15)
        r.tags = [s("token", 2654, 12)]
        r.examples = [s("MAXMIND_LICENSE_KEY=↓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↓", 2656, 9), s("  \"maxmind_license_key\": \"↓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↓\",", 2657, 9)]
        r.negativeExamples = [s("MaxMind license keys start with _mmk", 2659, 9), s("grep -rn '_mmk' docs/", 2660, 9)]
        return r
    }

    private static func rule145() -> RawRule {
        var r = RawRule(position: p(2662, 5))
        r.id = s("looker.secret", 2662, 9)
        r.name = s("Looker secret", 2663, 11)
        r.description = s("Looker client ID (20) or secret (24 characters) after a Looker label.", 2664, 18)
        r.group = s("Monitoring, data and APIs", 2665, 12)
        r.label = [s("looker", 2666, 13)]
        r.regex = s("[A-Za-z0-9]{24}|[A-Za-z0-9]{20}", 2667, 12)
        r.validate = [s("random", 2668, 15)]
        r.category = s("secret", 2669, 15)
        r.severity = s("block", 2670, 15)
        r.tags = [s("token", 2671, 12)]
        r.examples = [s("LOOKER_TOKEN = \"↓fOszpIZWzASGFKCf0DHMvRkU↓\"", 2673, 9), s("lookerKey: ↓0hJ3u8GrnyDr6wJOcYK0↓", 2674, 9)]
        r.negativeExamples = [s("LOOKER_TOKEN_FILE = \"~/.config/looker/token\"", 2676, 9), s("LOOKER_URL = \"https://api.looker.com/v2\"", 2677, 9)]
        return r
    }

    private static func rule146() -> RawRule {
        var r = RawRule(position: p(2679, 5))
        r.id = s("nytimes.key", 2679, 9)
        r.name = s("New York Times key", 2680, 11)
        r.description = s("New York Times API key (32 characters) after an NYTimes label.", 2681, 18)
        r.group = s("Monitoring, data and APIs", 2682, 12)
        r.label = [s("nytimes", 2683, 13), s("newyorktimes", 2683, 22), s("new-york-times", 2683, 36)]
        r.regex = s("[A-Za-z0-9=_-]{32}", 2684, 12)
        r.validate = [s("random", 2685, 15)]
        r.category = s("secret", 2686, 15)
        r.severity = s("block", 2687, 15)
        r.tags = [s("token", 2688, 12)]
        r.examples = [s("NYTIMES_TOKEN = \"↓fD8exU8wACaKgnF4cB8grSqVmCf20qOu↓\"", 2690, 9), s("nytimesKey: ↓JDlZgSBeOS2VDAyHM789JDm9b6cvzKyP↓", 2691, 9)]
        r.negativeExamples = [s("NYTIMES_TOKEN_FILE = \"~/.config/nytimes/token\"", 2693, 9), s("NYTIMES_URL = \"https://api.nytimes.com/v2\"", 2694, 9)]
        return r
    }

    private static func rule147() -> RawRule {
        var r = RawRule(position: p(2696, 5))
        r.id = s("flickr.key", 2696, 9)
        r.name = s("Flickr key", 2697, 11)
        r.description = s("Flickr API key (32 characters) after a Flickr label.", 2698, 18)
        r.group = s("Monitoring, data and APIs", 2699, 12)
        r.label = [s("flickr", 2700, 13)]
        r.regex = s("[A-Za-z0-9]{32}", 2701, 12)
        r.validate = [s("random", 2702, 15)]
        r.category = s("secret", 2703, 15)
        r.severity = s("block", 2704, 15)
        r.tags = [s("token", 2705, 12)]
        r.examples = [s("FLICKR_TOKEN = \"↓2I0AMKjH5Bd6hB9D8Z1WhRPO9AHtKk51↓\"", 2707, 9), s("flickrKey: ↓Glg4eLiBFXAZGvS0AEzxEFN6Ww3R1ndf↓", 2708, 9)]
        r.negativeExamples = [s("FLICKR_TOKEN_FILE = \"~/.config/flickr/token\"", 2710, 9), s("FLICKR_URL = \"https://api.flickr.com/v2\"", 2711, 9)]
        return r
    }

    private static func rule148() -> RawRule {
        var r = RawRule(position: p(2713, 5))
        r.id = s("adafruit.key", 2713, 9)
        r.name = s("Adafruit IO key", 2714, 11)
        r.description = s("Adafruit IO key (aio_ and 28, or 32 characters) after an Adafruit label.", 2715, 18)
        r.group = s("Monitoring, data and APIs", 2716, 12)
        r.label = [s("adafruit", 2717, 13)]
        r.regex = s("aio_[A-Za-z0-9]{28}|[A-Za-z0-9_-]{32}", 2718, 12)
        r.validate = [s("random", 2719, 15)]
        r.category = s("secret", 2720, 15)
        r.severity = s("block", 2721, 15)
        r.tags = [s("token", 2722, 12)]
        r.examples = [s("ADAFRUIT_TOKEN = \"↓ClN008oMZIkL_BsvGvJxUBt0nnStkmV3↓\"", 2724, 9), s("adafruitKey: ↓72awihD6HoZinH96Xaw26zZok5ApDCEI↓", 2725, 9)]
        r.negativeExamples = [s("ADAFRUIT_TOKEN_FILE = \"~/.config/adafruit/token\"", 2727, 9), s("ADAFRUIT_URL = \"https://api.adafruit.com/v2\"", 2728, 9)]
        return r
    }

    private static func rule149() -> RawRule {
        var r = RawRule(position: p(2730, 5))
        r.id = s("rapidapi.key", 2730, 9)
        r.name = s("RapidAPI key", 2731, 11)
        r.description = s("RapidAPI key (50 characters) after a RapidAPI label.", 2732, 18)
        r.group = s("Monitoring, data and APIs", 2733, 12)
        r.label = [s("rapidapi", 2734, 13)]
        r.regex = s("[A-Za-z0-9_-]{50}", 2735, 12)
        r.validate = [s("random", 2736, 15)]
        r.category = s("secret", 2737, 15)
        r.severity = s("block", 2738, 15)
        r.tags = [s("token", 2739, 12)]
        r.examples = [s("RAPIDAPI_TOKEN = \"↓keIq8P8KfaU4uIi03J7hL9msqbPOKvKCk3NdDRskF606SltYe3↓\"", 2741, 9), s("rapidapiKey: ↓-rKBR6VP2IvDS0VLKKdKoCQNKPl0LN8UAOj9KZg1C77Wyonm3P↓", 2742, 9)]
        r.negativeExamples = [s("RAPIDAPI_TOKEN_FILE = \"~/.config/rapidapi/token\"", 2744, 9), s("RAPIDAPI_URL = \"https://api.rapidapi.com/v2\"", 2745, 9)]
        return r
    }

    private static func rule150() -> RawRule {
        var r = RawRule(position: p(2747, 5))
        r.id = s("sidekiq.secret", 2747, 9)
        r.name = s("Sidekiq Enterprise credentials", 2748, 11)
        r.description = s("Sidekiq Pro / Enterprise gem server credentials (8 hex : 8 hex) after its Bundler variable.", 2749, 18)
        r.group = s("Monitoring, data and APIs", 2750, 12)
        r.label = [s("bundle_enterprise__contribsys__com", 2751, 13), s("bundle_gems__contribsys__com", 2751, 49)]
        r.regex = s("[a-f0-9]{8}:[a-f0-9]{8}", 2752, 12)
        r.validate = [s("random", 2753, 15)]
        r.category = s("secret", 2754, 15)
        r.severity = s("block", 2755, 15)
        r.tags = [s("token", 2756, 12)]
        r.examples = [s("BUNDLE_ENTERPRISE__CONTRIBSYS__COM_TOKEN = \"↓aec755c4:4804bf5a↓\"", 2758, 9), s("bundle_enterprise__contribsys__com.key: ↓471d13e3:19889229↓", 2759, 9)]
        r.negativeExamples = [s("BUNDLE_ENTERPRISE__CONTRIBSYS__COM_TOKEN_FILE = \"~/.config/bundleenterprisecontribsyscom/token\"", 2761, 9), s("BUNDLE_ENTERPRISE__CONTRIBSYS__COM_URL = \"https://api.bundleenterprisecontribsyscom.com/v2\"", 2762, 9)]
        return r
    }

    private static func rule151() -> RawRule {
        var r = RawRule(position: p(2764, 5))
        r.id = s("sidekiq.url", 2764, 9)
        r.name = s("Sidekiq Enterprise URL", 2765, 11)
        r.description = s("Sidekiq Pro / Enterprise gem server URL with its credentials (https://…:…@gems.contribsys.com).", 2766, 18)
        r.group = s("Monitoring, data and APIs", 2767, 12)
        r.regex = s("https?://([a-f0-9]{8}:[a-f0-9]{8})@(?:gems|enterprise)\\.contribsys\\.com", 2768, 12)
        r.secretGroup = i(1, 2769, 18)
        r.keywords = [s("contribsys.com", 2770, 16)]
        r.validate = [s("random", 2771, 15)]
        r.category = s("secret", 2772, 15)
        r.severity = s("block", 2773, 15)
        r.tags = [s("token", 2774, 12)]
        r.examples = [s("source \"https://↓41fde9bc:4b337d08↓@gems.contribsys.com/\"", 2776, 9)]
        r.negativeExamples = [s("source \"https://gems.contribsys.com/\"", 2778, 9)]
        return r
    }

    private static func rule152() -> RawRule {
        var r = RawRule(position: p(2780, 5))
        r.id = s("http.authorization", 2780, 9)
        r.name = s("Authorization header", 2781, 11)
        r.description = s("The credential of an HTTP Authorization header (Basic, Bearer, Token, Api-Token, or no scheme and a value with a digit), as curl -H, HTTPie or a request log shows it.", 2782, 18)
        r.group = s("Credentials in context", 2783, 12)
        r.regex = s("(?i:authorization)[\"']?\\s*[:=]\\s*[\"']?(?:(?i:basic|bearer|token|api-token|apikey|digest)\\s+|(?=[A-Za-z0-9+/=._~@-]*[0-9]))([A-Za-z0-9+/=._~@-]{8,})", 2784, 12)
        r.secretGroup = i(1, 2785, 18)
        r.keywords = [s("authorization", 2786, 16)]
        r.validate = [s("random", 2787, 15)]
        r.category = s("secret", 2788, 15)
        r.severity = s("block", 2789, 15)
        r.tags = [s("token", 2790, 12)]
        r.examples = [s("curl -H \"Authorization: Bearer ↓wW7EbubZziEoC7gmR61FVOyZebsfadyN↓\" https://api.acme.dev/v1/me", 2792, 9), s("authorization: Basic ↓wW7EbubZziEoC7gmR61FVOyZebsfadyN↓", 2793, 9)]
        r.negativeExamples = [s("Authorization: Bearer", 2795, 9), s("Authorization: required for every request", 2796, 9)]
        return r
    }

    private static func rule153() -> RawRule {
        var r = RawRule(position: p(2798, 5))
        r.id = s("curl.user", 2798, 9)
        r.name = s("curl user password", 2799, 11)
        r.description = s("The password of curl -u / --user user:password, and of its proxy's -U / --proxy-user (also on a continuation line of a curl command).", 2800, 18)
        r.group = s("Credentials in context", 2801, 12)
        r.regex = s("(?:\\bcurl\\b.*?\\s|^\\s*)(?:-u|--user|-U|--proxy-user)(?:=|\\s+)[\"']?[^\\s\"':]*:([^\\s\"']{3,})", 2802, 12)
        r.secretGroup = i(1, 2803, 18)
        r.keywords = [s("curl", 2805, 16), s("^-u", 2805, 24), s("^--user", 2805, 31), s("^--proxy-user", 2805, 42)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2807, 9))
                a.description = s("placeholder: a documentation password or a variable (user:pass, <user:password>, [PASSWORD], ${TOKEN})", 2807, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|pwd|secret|token|test|changeme|password>|pass>)|\\*+|x+|y+|\\.\\.\\.|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{.*\\}\\}|%[A-Za-z_]+%)$", 2809, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 2810, 15)]
        r.category = s("secret", 2811, 15)
        r.severity = s("block", 2812, 15)
        r.tags = [s("token", 2813, 12)]
        r.examples = [s("curl -u deploy:↓GifhXnftZxRW↓ https://ci.acme.dev/api", 2815, 9), s("curl --user 'deploy:↓GifhXnftZxRW↓' https://ci.acme.dev/api", 2816, 9), s("curl -x http://proxy.acme.lan:3128 -U squid:↓Kx7pQ2mLw9Rt↓ https://acme.dev", 2817, 9), s("    -u deploy:↓GifhXnftZxRW↓ \\", 2818, 9), s("  --proxy-user squid:↓Kx7pQ2mLw9Rt↓", 2819, 9)]
        r.negativeExamples = [s("curl -u deploy https://ci.acme.dev/api", 2821, 9), s("curl --user-agent veil https://ci.acme.dev", 2822, 9), s("sudo -u deploy:Qw8rTy5uIo0p ls", 2823, 9), s("sort -u names.txt", 2824, 9)]
        return r
    }

    private static func rule154() -> RawRule {
        var r = RawRule(position: p(2826, 5))
        r.id = s("cli.password_option", 2826, 9)
        r.name = s("Password option", 2827, 11)
        r.description = s("The value of a command-line option named for a password or passphrase and given after a space (--password VALUE, --db-password 'VALUE', -passphrase VALUE, keytool's -storepass VALUE, openssl's -passin pass:VALUE), as a typed command shows it; --password=VALUE is password.labelled's.", 2828, 18)
        r.group = s("Credentials in context", 2829, 12)
        r.regex = s("(?<![\\w-])--?(?!(?:no|ask|prompt|skip|use|require|show|forgot|reset|with|without|allow|disable|enable|empty|random|generate|check|verify)-)(?:[A-Za-z0-9]+[-_])*(?i:password|passwd|passphrase|pass|pwd|passin|passout|storepass|keypass)(?:[ \\t](?![ \\t])|[\"']?,[ \\t]*)(?:pass:)?(?!-)[\"']?((?<=\")[^\"\\n]{1,200}(?=\"|$)|(?<=')[^'\\n]{1,200}(?='|$)|(?<![\"'])[^\\s\"';|&<>]{4,200})", 2830, 12)
        r.secretGroup = i(1, 2831, 18)
        r.keywords = [s("-pass", 2832, 16), s("-pwd", 2832, 25), s("storepass", 2832, 33), s("keypass", 2832, 46)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2834, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 2834, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 2836, 13)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2837, 9))
                a.description = s("a word of prose or a help text's metavar (lowercase letters, user-id, argument.): after a space such a value is read as text, not as a password", 2837, 22)
                a.regexes = [s("^[A-Z]?[a-z]+(?:[-_.][a-z]+)*[.,:;)\\]]*$", 2839, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 2840, 15)]
        r.category = s("secret", 2841, 15)
        r.severity = s("block", 2842, 15)
        r.tags = [s("password", 2843, 12)]
        r.examples = [s("helm repo add acme https://charts.acme.dev --username ci --password ↓Gx7kQ2pLm9zT↓", 2845, 9), s("mongosh -u admin --password '↓Tr0ub4dor&3 x↓' --authenticationDatabase admin", 2846, 9), s("gpg --batch --passphrase ↓q7Rv9wLmK2sB↓ -c backup.tar", 2847, 9), s("openssl pkcs12 -export -in c.pem -passout pass:↓Sw0rdf1shK9↓ -out c.p12", 2848, 9), s("keytool -list -keystore ks.jks -storepass ↓hX4mP9qLw2Rt↓", 2849, 9), s("./deploy --db-password \"↓pg-Pa55w0rd↓\" --host db.internal", 2850, 9), s("args: [\"--db-password\", \"↓pg-Pa55w0rd↓\", \"--verbose\"]", 2851, 9)]
        r.negativeExamples = [s("docker login -u bob --password-stdin registry.acme.dev", 2853, 9), s("ansible-playbook --ask-pass --ask-become-pass site.yml", 2854, 9), s("psql --no-password -h db.internal app", 2855, 9), s("mongosh --password --username admin", 2856, 9), s("deploy --password $DB_PASSWORD", 2857, 9), s("deploy --password \"$(pass show db/prod)\"", 2858, 9), s("openssl enc -aes-256-cbc -pass env:ENC_KEY -in f", 2859, 9), s("  -p, --password string   Password", 2860, 9), s("  --change-passphrase    change a passphrase", 2861, 9), s("      --password string Password for the registry", 2862, 9), s("  --password TEXT  The account's password.", 2863, 9), s("  --db-password DB_PASSWORD", 2864, 9), s("Use the --password option only in scripts.", 2865, 9), s("tool --password <password>", 2866, 9), s("ansible-vault view --vault-password-file ~/.vault secrets.yml", 2867, 9), s("wget --bypass proxy.acme.dev", 2868, 9), s("Security considerations similar to those with --http-password pertain here as well.", 2869, 9), s("       --change-passphrase user-id", 2870, 9), s("       openssl pkcs12 [-help] [-passin arg] [-passout arg]", 2871, 9), s("           of OpenSSL. Superseded by the -pass argument.", 2872, 9), s("           -pass pass:<password>", 2873, 9)]
        return r
    }

    private static func rule155() -> RawRule {
        var r = RawRule(position: p(2875, 5))
        r.id = s("mysql.password", 2875, 9)
        r.name = s("MySQL password option", 2876, 11)
        r.description = s("The password a MySQL or MariaDB client takes joined to -p (mysql -uroot -pVALUE, mysqldump -pVALUE); -p followed by a space asks for it instead.", 2877, 18)
        r.group = s("Credentials in context", 2878, 12)
        r.regex = s("(?<![\\w.-])(?:mysql(?:dump|admin|import|show|check|pump|sh|binlog|slap)?|mariadb(?:-dump|-admin|-import|-check|-show|-slap)?)(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-p[\"']?((?<=\")[^\"\\n]{1,200}(?=\"|$)|(?<=')[^'\\n]{1,200}(?='|$)|(?<![\"'])[^\\s\"';|&<>]{1,200})", 2879, 12)
        r.secretGroup = i(1, 2880, 18)
        r.keywords = [s("mysql -", 2881, 16), s("mysqldump", 2881, 27), s("mysqladmin", 2881, 40), s("mysqlimport", 2881, 54), s("mysqlshow", 2881, 69), s("mysqlcheck", 2881, 82), s("mysqlpump", 2881, 96), s("mysqlsh", 2881, 109), s("mysqlbinlog", 2881, 120), s("mysqlslap", 2881, 135), s("mariadb -", 2881, 148), s("mariadb-", 2881, 161), s("mysql\"", 2881, 173), s("mysql'", 2881, 183), s("mariadb\"", 2881, 194), s("mariadb'", 2881, 206)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2883, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 2883, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 2885, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 2886, 15)]
        r.category = s("secret", 2887, 15)
        r.severity = s("block", 2888, 15)
        r.tags = [s("password", 2889, 12)]
        r.examples = [s("mysql -u root -p↓Hunter2Secret!↓ -h db.prod", 2891, 9), s("mysqldump -uroot -p'↓s3cr3t pass↓' shop > shop.sql", 2892, 9), s("mariadb -h 10.0.0.5 -u app -p↓q7Rv9wLmK2↓ app", 2893, 9), s("subprocess.run([\"mysql\", \"-u\", \"root\", \"-p↓Hunter2Secret!↓\", \"shop\"])", 2894, 9)]
        r.negativeExamples = [s("mysql -u root -p shop", 2896, 9), s("mysql -u root -p", 2897, 9), s("mysql -P 3306 -h db.prod", 2898, 9), s("mysql -u root -p$MYSQL_ROOT_PASSWORD", 2899, 9), s("alice@mysql-server:~$ cp -pr a b", 2900, 9)]
        return r
    }

    private static func rule156() -> RawRule {
        var r = RawRule(position: p(2902, 5))
        r.id = s("sshpass.password", 2902, 9)
        r.name = s("sshpass password", 2903, 11)
        r.description = s("The password sshpass passes to ssh with -p (sshpass -p VALUE ssh host).", 2904, 18)
        r.group = s("Credentials in context", 2905, 12)
        r.regex = s("(?<![\\w.-])sshpass(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-p\\s*(?!-)[\"']?((?<=\")[^\"\\n]{1,200}(?=\"|$)|(?<=')[^'\\n]{1,200}(?='|$)|(?<![\"'])[^\\s\"';|&<>]{1,200})", 2906, 12)
        r.secretGroup = i(1, 2907, 18)
        r.keywords = [s("sshpass", 2908, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2910, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 2910, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 2912, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 2913, 15)]
        r.category = s("secret", 2914, 15)
        r.severity = s("block", 2915, 15)
        r.tags = [s("password", 2916, 12)]
        r.examples = [s("sshpass -p '↓Tr0ub4dor3xyz↓' ssh root@10.0.0.7", 2918, 9), s("sshpass -p↓Gx7kQ2pLm9↓ scp f host:", 2919, 9)]
        r.negativeExamples = [s("sshpass -e ssh root@10.0.0.7", 2921, 9), s("sshpass -f ~/.pw ssh root@10.0.0.7", 2922, 9), s("sshpass -p \"$SSHPASS\" ssh host", 2923, 9)]
        return r
    }

    private static func rule157() -> RawRule {
        var r = RawRule(position: p(2925, 5))
        r.id = s("login.password", 2925, 9)
        r.name = s("Login password option", 2926, 11)
        r.description = s("The password given with -p to a registry or platform login (docker, podman, buildah, skopeo, nerdctl, oras login; az, oc, cf, argocd login; helm registry login).", 2927, 18)
        r.group = s("Credentials in context", 2928, 12)
        r.regex = s("(?<![\\w.-])(?:(?:docker|podman|buildah|skopeo|nerdctl|oras|az|oc|cf|argocd)\\s+login|helm\\s+registry\\s+login)(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-p(?:=|\\s+)(?!-)[\"']?((?<=\")[^\"\\n]{1,200}(?=\"|$)|(?<=')[^'\\n]{1,200}(?='|$)|(?<![\"'])[^\\s\"';|&<>]{1,200})", 2929, 12)
        r.secretGroup = i(1, 2930, 18)
        r.keywords = [s("docker login", 2931, 16), s("podman login", 2931, 32), s("buildah login", 2931, 48), s("skopeo login", 2931, 65), s("nerdctl login", 2931, 81), s("oras login", 2931, 98), s("az login", 2931, 112), s("oc login", 2931, 124), s("cf login", 2931, 136), s("argocd login", 2931, 148), s("registry login", 2931, 164)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2933, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 2933, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 2935, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 2936, 15)]
        r.category = s("secret", 2937, 15)
        r.severity = s("block", 2938, 15)
        r.tags = [s("password", 2939, 12)]
        r.examples = [s("docker login -u bob -p ↓Tr0ub4dor3xyz↓ registry.acme.dev", 2941, 9), s("oc login -u kubeadmin -p ↓Xk7pQ-2mLw9-Rt4vB↓ https://api.crc.testing:6443", 2942, 9), s("cf login -a https://api.run.acme.dev -u ci -p '↓Gx7kQ2pLm9zT↓'", 2943, 9)]
        r.negativeExamples = [s("docker login -u bob --password-stdin registry.acme.dev", 2945, 9), s("docker run -p 8080:80 nginx", 2946, 9), s("docker login registry.acme.dev", 2947, 9), s("docker login ghcr.io -u bob -p", 2948, 9)]
        return r
    }

    private static func rule158() -> RawRule {
        var r = RawRule(position: p(2950, 5))
        r.id = s("redis.password", 2950, 9)
        r.name = s("redis-cli password", 2951, 11)
        r.description = s("The password redis-cli sends with -a or --pass (redis-cli -a VALUE ping).", 2952, 18)
        r.group = s("Credentials in context", 2953, 12)
        r.regex = s("(?<![\\w.-])redis-cli(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?(?:-a|--pass)\\s+(?!-)[\"']?((?<=\")[^\"\\n]{1,200}(?=\"|$)|(?<=')[^'\\n]{1,200}(?='|$)|(?<![\"'])[^\\s\"';|&<>]{1,200})", 2954, 12)
        r.secretGroup = i(1, 2955, 18)
        r.keywords = [s("redis-cli", 2956, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2958, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 2958, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 2960, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 2961, 15)]
        r.category = s("secret", 2962, 15)
        r.severity = s("block", 2963, 15)
        r.tags = [s("password", 2964, 12)]
        r.examples = [s("redis-cli -h cache.internal -a ↓Tr0ub4dor3xyz↓ ping", 2966, 9), s("redis-cli --user app --pass '↓Gx7kQ2pLm9zT↓' info", 2967, 9)]
        r.negativeExamples = [s("redis-cli -p 6379 ping", 2969, 9), s("redis-cli --askpass -h cache.internal", 2970, 9), s("redis-cli -a \"$REDIS_PASSWORD\" ping", 2971, 9)]
        return r
    }

    private static func rule159() -> RawRule {
        var r = RawRule(position: p(2973, 5))
        r.id = s("htpasswd.password", 2973, 9)
        r.name = s("htpasswd password", 2974, 11)
        r.description = s("The password htpasswd takes on its command line with -b: its last argument (htpasswd -bc .htpasswd user VALUE, htpasswd -nb user VALUE).", 2975, 18)
        r.group = s("Credentials in context", 2976, 12)
        r.regex = s("(?<![\\w.-])htpasswd\\s(?=(?:[^|;&\\n]*\\s)?-[A-Za-z]*b)(?:[^|;&\\n]*?\\s)?[\"']?((?<=\")[^\"\\n]{1,200}(?=\"|$)|(?<=')[^'\\n]{1,200}(?='|$)|(?<![\"'])[^\\s\"';|&<>]{1,200})[\"']?\\s*(?:[;|&<>]|$)", 2977, 12)
        r.secretGroup = i(1, 2978, 18)
        r.keywords = [s("htpasswd", 2979, 16)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(2981, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 2981, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 2983, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 2984, 15)]
        r.category = s("secret", 2985, 15)
        r.severity = s("block", 2986, 15)
        r.tags = [s("password", 2987, 12)]
        r.examples = [s("htpasswd -bc /etc/nginx/.htpasswd admin ↓Tr0ub4dor3xyz↓", 2989, 9), s("htpasswd -nbB admin '↓Gx7kQ2pLm9zT↓' > users", 2990, 9), s("htpasswd -b -B .htpasswd ci ↓q7Rv9wLmK2sB↓", 2991, 9)]
        r.negativeExamples = [s("htpasswd -c /etc/nginx/.htpasswd admin", 2993, 9), s("htpasswd -D .htpasswd admin", 2994, 9), s("htpasswd -nb admin \"$ADMIN_PASSWORD\"", 2995, 9), s("Usage: htpasswd -b[cmBdpsDv] [-C cost] passwordfile username password", 2996, 9)]
        return r
    }

    private static func rule160() -> RawRule {
        var r = RawRule(position: p(2998, 5))
        r.id = s("cli.short_password", 2998, 9)
        r.name = s("Password flag of a known program", 2999, 11)
        r.description = s("The password a well-known program takes as a short option: smbclient/rpcclient -U user%VALUE, ldapsearch and the other OpenLDAP tools -w VALUE, sqlcmd/bcp -P VALUE, mongosh/mongodump -p VALUE, zip/unzip -P VALUE, 7z -pVALUE, rar/unrar -pVALUE, openssl enc -k VALUE, ssh-keygen -N/-P VALUE.", 3000, 18)
        r.group = s("Credentials in context", 3001, 12)
        r.regex = s("(?<![\\w.-])(?:(?:smbclient|rpcclient|smbcacls|smbget|smbtree)(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?(?:-U|--user(?:name)?)(?:=|\\s*)[\"']?[^\\s%\"']+%|ldap(?:search|add|modify|delete|modrdn|passwd|whoami|compare|exop)(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-w\\s*|(?:sqlcmd|bcp|osql)(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-P\\s*|mongo(?:sh|dump|restore|export|import|stat|top|files)?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-p\\s*|(?:un)?zip(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-P\\s*|(?:7z[ar]?|7zz|(?:un)?rar)(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-h?p|openssl\\s+enc(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-k\\s+|ssh-keygen(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?)(?:[^|;&\\n]*?(?:\\s|[\"'][ \\t]*,[ \\t]*[\"']?))?-[NP]\\s+)(?!-)[\"']?((?<=\")[^\"\\n]{1,200}(?=\"|$)|(?<=')[^'\\n]{1,200}(?='|$)|(?<![\"'])[^\\s\"';|&<>]{1,200})", 3002, 12)
        r.secretGroup = i(1, 3003, 18)
        r.keywords = [s("smbclient", 3004, 16), s("rpcclient", 3004, 29), s("smbcacls", 3004, 42), s("smbget", 3004, 54), s("smbtree", 3004, 64), s("ldapsearch", 3004, 75), s("ldapadd", 3004, 89), s("ldapmodify", 3004, 100), s("ldapdelete", 3004, 114), s("ldapmodrdn", 3004, 128), s("ldappasswd", 3004, 142), s("ldapwhoami", 3004, 156), s("ldapcompare", 3004, 170), s("ldapexop", 3004, 185), s("sqlcmd", 3004, 197), s("bcp ", 3004, 207), s("osql", 3004, 215), s("mongo ", 3004, 223), s("mongosh", 3004, 233), s("mongodump", 3004, 244), s("mongorestore", 3004, 257), s("mongoexport", 3004, 273), s("mongoimport", 3004, 288), s("mongostat", 3004, 303), s("mongotop", 3004, 316), s("mongofiles", 3004, 328), s("zip -", 3004, 342), s("7z a", 3004, 351), s("7z x", 3004, 359), s("7z e", 3004, 367), s("7z t", 3004, 375), s("7z u", 3004, 383), s("7za ", 3004, 391), s("7zr ", 3004, 399), s("7zz ", 3004, 407), s("rar a", 3004, 415), s("rar x", 3004, 424), s("rar e", 3004, 433), s("rar t", 3004, 442), s("unrar", 3004, 451), s("openssl enc", 3004, 460), s("ssh-keygen", 3004, 475)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(3006, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 3006, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 3008, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 3009, 15)]
        r.category = s("secret", 3010, 15)
        r.severity = s("block", 3011, 15)
        r.tags = [s("password", 3012, 12)]
        r.examples = [s("smbclient //fs.acme.lan/share -U bob%↓Tr0ub4dor3xyz↓", 3014, 9), s("ldapsearch -x -H ldap://dc1 -D cn=admin,dc=acme -w ↓Gx7kQ2pLm9zT↓ -b dc=acme", 3015, 9), s("sqlcmd -S db.acme.lan -U sa -P '↓Xk7pQ2mLw9Rt↓' -Q \"select 1\"", 3016, 9), s("mongosh -u admin -p ↓q7Rv9wLmK2sB↓ --authenticationDatabase admin", 3017, 9), s("zip -P ↓hX4mP9qLw2Rt↓ -r backup.zip data/", 3018, 9), s("7z a -p↓Sw0rdf1shK9x↓ -mhe=on backup.7z data/", 3019, 9), s("ssh-keygen -t ed25519 -N '↓kT9wR2xLq7Zm↓' -f id_deploy", 3020, 9)]
        r.negativeExamples = [s("smbclient -L //fs.acme.lan -U bob", 3022, 9), s("ldapsearch -x -W -D cn=admin,dc=acme", 3023, 9), s("mongosh -u admin -p --authenticationDatabase admin", 3024, 9), s("unzip -p archive.zip README", 3025, 9), s("zip -r backup.zip data/", 3026, 9), s("7z x backup.7z -o/tmp/out", 3027, 9), s("ssh-keygen -t ed25519 -N '' -f id_deploy", 3028, 9), s("sqlcmd -S db -U sa -P $SA_PASSWORD", 3029, 9)]
        return r
    }

    private static func rule161() -> RawRule {
        var r = RawRule(position: p(3031, 5))
        r.id = s("redis.requirepass", 3031, 9)
        r.name = s("Redis server password", 3032, 11)
        r.description = s("The password a Redis server requires or sends to its primary: requirepass and masterauth in redis.conf, or as redis-server's --requirepass and --masterauth.", 3033, 18)
        r.group = s("Credentials in context", 3034, 12)
        r.regex = s("(?<![\\w-])(?:--)?(?:requirepass|masterauth)(?:[ \\t]+|[\"']?,[ \\t]*)(?!-)[\"']?((?<=\")[^\"\\n]{1,200}(?=\"|$)|(?<=')[^'\\n]{1,200}(?='|$)|(?<![\"'])[^\\s\"';|&<>]{1,200})", 3035, 12)
        r.secretGroup = i(1, 3036, 18)
        r.keywords = [s("requirepass", 3037, 16), s("masterauth", 3037, 31)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(3039, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 3039, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 3041, 13)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(3042, 9))
                a.description = s("redis.conf's own documentation password (foobared)", 3042, 22)
                a.regexes = [s("^foobared$", 3044, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 3045, 15)]
        r.category = s("secret", 3046, 15)
        r.severity = s("block", 3047, 15)
        r.tags = [s("password", 3048, 12)]
        r.examples = [s("requirepass ↓Tr0ub4dor3xyz↓", 3050, 9), s("redis-server --requirepass \"↓Gx7kQ2pLm9zT↓\" --appendonly yes", 3051, 9), s("CMD [\"redis-server\", \"--masterauth\", \"↓q7Rv9wLmK2sB↓\"]", 3052, 9)]
        r.negativeExamples = [s("# requirepass foobared", 3054, 9), s("requirepass \"$REDIS_PASSWORD\"", 3055, 9), s("# masterauth <master-password>", 3056, 9)]
        return r
    }

    private static func rule162() -> RawRule {
        var r = RawRule(position: p(3058, 5))
        r.id = s("netrc.password", 3058, 9)
        r.name = s("netrc password", 3059, 11)
        r.description = s("The password of a .netrc entry written on one line (machine HOST login USER password VALUE), as cat ~/.netrc shows it; netrc.password_line reads an entry spread over lines.", 3060, 18)
        r.group = s("Credentials in context", 3061, 12)
        r.regex = s("(?<![\\w-])(?:machine[ \\t]+[^\\s]+|default)(?:[ \\t]+(?:login|account|port)[ \\t]+[^\\s]+)*[ \\t]+password[ \\t]+(?!-)[\"']?((?<=\")[^\"\\n]{1,200}(?=\"|$)|(?<=')[^'\\n]{1,200}(?='|$)|(?<![\"'])[^\\s\"';|&<>]{1,200})", 3062, 12)
        r.secretGroup = i(1, 3063, 18)
        r.keywords = [s("machine", 3064, 16), s("default login", 3064, 27)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(3066, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 3066, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 3068, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 3069, 15)]
        r.category = s("secret", 3070, 15)
        r.severity = s("block", 3071, 15)
        r.tags = [s("password", 3072, 12)]
        r.examples = [s("machine github.com login octocat password ↓Tr0ub4dor3xyz↓", 3074, 9), s("machine api.heroku.com login me@acme.dev password ↓5f3c9a1e-7b2d-4e8f-a6c1-9d0b3e7f2a4c↓", 3075, 9), s("default login anonymous password ↓Gx7kQ2pLm9zT↓", 3076, 9)]
        r.negativeExamples = [s("machine github.com login octocat", 3078, 9), s("machine example.com login user password $NETRC_PASSWORD", 3079, 9), s("The machine password is stored in the vault.", 3080, 9)]
        return r
    }

    private static func rule163() -> RawRule {
        var r = RawRule(position: p(3082, 5))
        r.id = s("netrc.password_line", 3082, 9)
        r.name = s("netrc password line", 3083, 11)
        r.description = s("The password of a .netrc entry spread over lines: a line that is only password VALUE (after indentation), below the entry's login or machine line, as cat ~/.netrc shows it.", 3084, 18)
        r.group = s("Credentials in context", 3085, 12)
        r.regex = s("^\\s*password[ \\t]+(?![=:-])[\"']?((?<=\")[^\"\\n]{1,200}(?=\"[ \\t]*$)|(?<=')[^'\\n]{1,200}(?='[ \\t]*$)|(?<![\"'])[^\\s\"';|&<>]{1,200}(?=[ \\t]*$))", 3086, 12)
        r.secretGroup = i(1, 3087, 18)
        r.keywords = [s("^password", 3089, 16)]
        r.context = [s("login", 3090, 15), s("machine", 3090, 22)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(3092, 9))
                a.description = s("placeholder: a help text's metavar (PASSWORD, string, <pass>), a variable or a command's output ($DB_PASSWORD, $(pass show db)), openssl's env:/file:/fd:, a word of prose", 3092, 22)
                a.regexes = [s("^(?:(?i:pass|passwd|password|passphrase|pwd|secret|token|test|changeme|password>|pass>|string|str|text|value|val|arg|args|argument|arguments|param|parameter|parameters|option|options|flag|flags|field|here|instead|only|must|should|will|can|is|are|was|be|not|when|if|and|or|to|for|from|with|without|the|your|this|that|of|on|in|by|as|at|stdin|none|null|empty)[.,:;)\\]]*|[A-Z][A-Z0-9_-]*|\\*+|x+|y+|\\.\\.\\.|-|\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?|\\$\\(.*|`.*|<[^>]*>?|\\[[^\\]]*\\]|\\{\\{?.*\\}\\}?|%[A-Za-z_]+%|(?:env|file|fd|pass):.*)$", 3094, 13)]
                return a
            }(),
        ]
        r.validate = [s("random", 3095, 15)]
        r.category = s("secret", 3096, 15)
        r.severity = s("block", 3097, 15)
        r.tags = [s("password", 3098, 12)]
        r.examples = [s("machine github.com\n  login octocat\n  password ↓Tr0ub4dor3xyz↓", 3100, 9), s("machine api.heroku.com login me@acme.dev\n    password '↓5f3c9a1e 7b2d↓'", 3101, 9)]
        r.negativeExamples = [s("Last login: Sat Nov 28 16:01:49 2026 from 10.0.0.2\npassword expires in 7 days", 3103, 9), s("login: octocat\npassword expired, choose a new one", 3104, 9), s("password Tr0ub4dor3xyz", 3105, 9), s("machine github.com\n  login octocat\n  password $NETRC_PASSWORD", 3106, 9)]
        return r
    }

    private static func rule164() -> RawRule {
        var r = RawRule(position: p(3108, 5))
        r.id = s("jwt.base64", 3108, 9)
        r.name = s("Base64-encoded JWT", 3109, 11)
        r.description = s("A JSON Web Token encoded once more in base64 (ZXlK…), as Kubernetes secrets and some configs hold it.", 3110, 18)
        r.group = s("Keys and web tokens", 3111, 12)
        r.regex = s("(?<![A-Za-z0-9_.-])(?:ZXlK[A-Za-z0-9+/]{60,}={0,2})(?![A-Za-z0-9_+/=-])", 3112, 12)
        r.keywords = [s("ZXlK", 3113, 16)]
        r.validate = [s("random", 3114, 15)]
        r.category = s("secret", 3115, 15)
        r.severity = s("block", 3116, 15)
        r.tags = [s("token", 3117, 12)]
        r.examples = [s("TOKEN_B64=↓ZXlKaGJHY2lPaUpJVXpJMU5pSjkuZXlKeZL4ZOfW4npY7sr1vk/k5Dr0+odqHzYcR997Tg4+g7UVRZP7fmzAdwiT+Rzq↓", 3119, 9), s("  \"token_b64\": \"↓ZXlKaGJHY2lPaUpJVXpJMU5pSjkuZXlKwxMoxOsfudxCis0vKil282SVkc8I0O3OqUG4SDCaJx4kTIF0LtcQNESRQmrY↓\",", 3120, 9)]
        r.negativeExamples = [s("Base64-encoded JWTs start with ZXlK", 3122, 9), s("grep -rn 'ZXlK' docs/", 3123, 9)]
        return r
    }

    private static func rule165() -> RawRule {
        var r = RawRule(position: p(3126, 5))
        r.id = s("private_key", 3126, 9)
        r.name = s("Private key", 3127, 11)
        r.description = s("A private key block (PEM, OpenSSH, PGP), hidden from its header to its END line, or while the lines below it can be its body.", 3128, 18)
        r.group = s("Keys and web tokens", 3129, 12)
        r.detector = s("private_key", 3130, 15)
        r.category = s("secret", 3131, 15)
        r.severity = s("block", 3132, 15)
        r.tags = [s("key", 3133, 12)]
        r.keywords = [s("-----BEGIN", 3134, 16)]
        r.examples = [s("$ cat id_rsa\n↓-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAz5r1pY4OjE2jBMptUsGr7CmY+uCu3ZR1zTOlUcR64cXQLioD\nhx2jIclHkCiHp6bR1IqfEouHgxzNNAL5wIScGebcy8F5n3/YNBDRzrZSgqbjG3uh\n-----END RSA PRIVATE KEY-----↓\n$ ls", 3136, 9), s("↓-----BEGIN OPENSSH PRIVATE KEY-----\nkWKFLf6xuI5aHUQPFeNBTxaQWk8JzFalHlsZfYcMMDktXP/tKsf2rcDkdfrUnW5g↓", 3143, 9), s("key: ↓-----BEGIN PGP PRIVATE KEY BLOCK-----↓", 3146, 9), s("key = \"↓-----BEGIN PRIVATE KEY----- MIIEvQIBADANBgkqhkiG9w0BAQEFAASC -----END PRIVATE KEY-----↓\" # one line", 3147, 9), s("↓-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5xkFT7dPsSpDnoAoGCCqGSM49↓\nTotal: 3 files", 3148, 9)]
        r.negativeExamples = [s("-----BEGIN PUBLIC KEY-----", 3153, 9), s("-----BEGIN CERTIFICATE-----", 3154, 9), s("-----BEGIN private key-----", 3155, 9), s("grep 'BEGIN RSA PRIVATE KEY' *.pem", 3156, 9), s("-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY----- (an empty template)", 3157, 9)]
        return r
    }

    private static func rule166() -> RawRule {
        var r = RawRule(position: p(3159, 5))
        r.id = s("password.labelled", 3159, 9)
        r.name = s("Password", 3160, 11)
        r.description = s("A value right of a password, secret, API key, token or credentials label (db_password, DB_PASS, client_secret, access_token, 密码…), after `:` `=` `:=` `=>` `==` a table cell's bar or `found:`.", 3161, 18)
        r.group = s("Credentials in context", 3162, 12)
        r.detector = s("password.labelled", 3163, 15)
        r.category = s("secret", 3164, 15)
        r.severity = s("block", 3165, 15)
        r.tags = [s("password", 3166, 12)]
        r.keywords = [s("pass", 3167, 16), s("pwd", 3167, 22), s("secret", 3167, 27), s("token", 3167, 35), s("apikey", 3167, 42), s("api_key", 3167, 50), s("api-key", 3167, 59), s("auth", 3167, 68), s("creds", 3167, 74), s("credential", 3167, 81), s("private", 3167, 93), s("密码", 3167, 102), s("口令", 3167, 106), s("密钥", 3167, 110), s("私钥", 3167, 114), s("令牌", 3167, 118)]
        r.examples = [s("Password: ↓hunter22↓", 3169, 9), s("密码：↓abc12345↓", 3170, 9), s("DB_PASSWORD=↓s3cr3t-Pa55↓", 3171, 9), s("api_key = ↓k3y-Valu3-9f8e↓", 3172, 9), s("{\"password\": \"↓Tr0ub4dor&3↓\"}", 3173, 9), s("userPassword: ↓correct-horse↓", 3174, 9), s("支付密码 = ↓839201↓", 3175, 9), s("令牌：↓令牌值九八七↓", 3176, 9), s("access_token=↓7fd2c0a9e1b3&user=jo↓", 3177, 9), s("db_password := ↓q7Rv-9wLm↓", 3178, 9), s("'api_key' => '↓b5e1f0c9-live↓'", 3179, 9), s("if password == \"↓Sw0rdf1sh!↓\":", 3180, 9), s("SECRET_KEY_BASE=↓9f3ab21c7de4↓", 3181, 9), s("DB_PASS=↓pg-Pa55w0rd↓", 3182, 9), s("│ Password │ ↓hunter2↓ │", 3183, 9), s("Password found: ↓pswd↓", 3184, 9), s("client_secret: ↓Gx7-kQ2p-Lm9z↓", 3185, 9)]
        r.negativeExamples = [s("# HuggingFace API Token https://huggingface.co/settings/tokens", 3187, 9), s("Password: ********", 3188, 9), s("password: ${DB_PASSWORD}", 3189, 9), s("secret: {{.Values.secret}}", 3190, 9), s("token=$GITHUB_TOKEN", 3191, 9), s("password=$(pass show db/prod)", 3192, 9), s("api_key: <your-api-key>", 3193, 9), s("Password: changeme", 3194, 9), s("passwordless: true", 3195, 9), s("grep: /etc/passwd: Permission denied", 3196, 9), s("Password: abc", 3197, 9), s("Enter password:", 3198, 9), s("密码：●●●●●●", 3199, 9), s("tokens: 4096", 3200, 9), s("publicToken: pk_9f8e7d6c5b4a", 3201, 9), s("password: real_key", 3202, 9), s("token_type: bearer", 3203, 9), s("max_tokens=4096", 3204, 9), s("[sudo] password for alice:", 3205, 9)]
        return r
    }

    private static func rule167() -> RawRule {
        var r = RawRule(position: p(3208, 5))
        r.id = s("generic.entropy", 3208, 9)
        r.name = s("High-entropy string", 3209, 11)
        r.description = s("A long random-looking string (base64 above 4.5 bits per character, hex above 3.0); block next to a key word.", 3210, 18)
        r.group = s("Credentials in context", 3211, 12)
        r.detector = s("generic.entropy", 3212, 15)
        r.category = s("secret", 3213, 15)
        r.severity = s("warn", 3214, 15)
        r.context = [s("key", 3215, 15), s("secret", 3215, 20), s("token", 3215, 28), s("password", 3215, 35), s("passwd", 3215, 45), s("pwd", 3215, 53), s("passphrase", 3215, 58), s("auth", 3215, 70), s("authorization", 3215, 76), s("oauth", 3215, 91), s("credential", 3215, 98), s("bearer", 3215, 110), s("api", 3215, 118), s("apikey", 3215, 123), s("accesskey", 3215, 131), s("secretkey", 3215, 142), s("privatekey", 3215, 153), s("private", 3215, 165), s("session", 3215, 174), s("cookie", 3215, 183), s("密钥", 3215, 191), s("令牌", 3215, 195)]
        r.contextSeverity = s("block", 3216, 22)
        r.tags = [s("entropy", 3217, 12)]
        r.allowlists = [
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(3219, 9))
                a.description = s("documentation keys and placeholders (AWS's …EXAMPLEKEY, sample, dummy)", 3219, 22)
                a.regexes = [s("EXAMPLE", 3220, 19), s("(?i)(?:sample|dummy|placeholder|changeme|xxxxxxxx)", 3220, 30)]
                return a
            }(),
            { () -> RawAllowlist in
                var a = RawAllowlist(position: p(3221, 9))
                a.description = s("public by design (Stripe publishable keys pk_live_, pk_test_; SSH public keys, the base64 of ssh-rsa, ssh-ed25519, ecdsa-sha2-…)", 3221, 22)
                a.regexes = [s("^(?:pk_(?:live|test)_[A-Za-z0-9]+$|AAAA(?:B3NzaC1yc2E|C3NzaC1lZDI1NTE5|E2VjZHNhLXNoYTIt|B3NzaC1kc3M))", 3222, 19)]
                return a
            }(),
        ]
        r.examples = [s("blob ↓Dz/TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zku↓ end", 3224, 9), s("SESSION=↓kibjL5DZPjN0MEQ7wjJJibaZUPgHV7iB3m03nbqnsGp↓", 3225, 9), s("id ↓a8d41bed440e50454f31af3176813e02ea68ef78↓", 3226, 9)]
        r.negativeExamples = [s("request 123e4567-e89b-12d3-a456-426614174000", 3228, 9), s("commit a8d41bed440e50454f31af3176813e02ea68ef78", 3229, 9), s("image sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", 3230, 9), s("/usr/local/lib/node_modules/typescript/bin/tsc", 3231, 9), s("abcdefghijklmnopqrstuvwxyz0123456789", 3232, 9), s("https://github.com/veil/veil/blob/main/Sources/VeilRedaction/Model/Rule.swift", 3233, 9), s("ThisIsAVeryLongIdentifierNameForSomething", 3234, 9), s("--------------------------------------------", 3235, 9), s("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", 3236, 9), s("publishable pk_live_4eC39HqLyjWDarjtT1zdp7dcXq2Rm8Zv", 3237, 9), s("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl jane@laptop", 3238, 9)]
        return r
    }

    private static func rule168() -> RawRule {
        var r = RawRule(position: p(3242, 5))
        r.id = s("ipv4", 3242, 9)
        r.name = s("IPv4 address", 3243, 11)
        r.description = s("IPv4 address.", 3244, 18)
        r.group = s("Off by default", 3245, 12)
        r.regex = s("(?<![0-9.])(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}(?![0-9.])", 3246, 12)
        r.keywords = [s(".", 3247, 16)]
        r.category = s("pii", 3248, 15)
        r.severity = s("warn", 3249, 15)
        r.enabled = b(false, 3250, 14)
        r.examples = [s("client ↓203.0.113.42↓ connected", 3252, 9)]
        r.negativeExamples = [s("version 1.2.3", 3254, 9), s("999.1.1.1", 3255, 9)]
        return r
    }

    private static func rule169() -> RawRule {
        var r = RawRule(position: p(3257, 5))
        r.id = s("mac.address", 3257, 9)
        r.name = s("MAC address", 3258, 11)
        r.description = s("MAC address.", 3259, 18)
        r.group = s("Off by default", 3260, 12)
        r.regex = s("(?i)(?<![0-9a-f:])(?:[0-9a-f]{2}[-\\:]){5}[0-9a-f]{2}(?![0-9a-f:])", 3261, 12)
        r.category = s("pii", 3262, 15)
        r.severity = s("warn", 3263, 15)
        r.enabled = b(false, 3264, 14)
        r.examples = [s("ether ↓3c:22:fb:7a:01:9e↓", 3266, 9)]
        r.negativeExamples = [s("time 12:30:45", 3268, 9)]
        return r
    }

    private static func rule170() -> RawRule {
        var r = RawRule(position: p(3270, 5))
        r.id = s("btc.address", 3270, 9)
        r.name = s("Bitcoin address", 3271, 11)
        r.description = s("Bitcoin address (legacy base58 or bech32).", 3272, 18)
        r.group = s("Off by default", 3273, 12)
        r.regex = s("(?<![A-Za-z0-9])(?:[13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[02-9ac-hj-np-z]{11,71})(?![A-Za-z0-9])", 3274, 12)
        r.category = s("pii", 3275, 15)
        r.severity = s("warn", 3276, 15)
        r.enabled = b(false, 3277, 14)
        r.examples = [s("pay to ↓bc1quauvt7txunf9zeu2qyrzv0pa5uvwjlq9a369s5↓", 3279, 9)]
        r.negativeExamples = [s("order 1234567890", 3281, 9)]
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
