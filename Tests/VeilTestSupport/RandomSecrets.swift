import Foundation

/// Valid random values for every built-in detector: card numbers with a real issuer and
/// Luhn digit, IBANs with mod-97 check digits, Chinese resident IDs with MOD 11-2 check and a
/// real birth date, SSNs in the issued ranges, JWTs whose parts decode to JSON, tokens in
/// each vendor's format, private key blocks, labelled passwords and high-entropy strings.
public struct RandomSecrets {
    /// The rule ids of the 14 built-in detectors, each of which ``make(_:)`` can plant.
    public static let detectors = [
        "cn.resident_id", "card.pan", "iban", "email", "phone.cn_mobile", "phone.intl", "us.ssn", "jwt",
        "aws.access_key", "github.token", "slack.token", "private_key", "password.labelled", "generic.entropy",
    ]

    public var random: SeededGenerator

    public init(random: SeededGenerator) { self.random = random }

    static let digits = "0123456789"
    static let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    static let lower = "abcdefghijklmnopqrstuvwxyz"
    static let alnum = upper + lower + digits
    static let base64 = alnum + "+/"
    static let base64URL = alnum + "-_"

    /// A random secret of any detector.
    public mutating func any() -> PlantedSecret { make(random.pick(Self.detectors)) }

    /// A random secret of `detector` (a rule id of ``detectors``).
    public mutating func make(_ detector: String) -> PlantedSecret {
        switch detector {
        case "cn.resident_id": return residentID()
        case "card.pan": return cardNumber()
        case "iban": return iban()
        case "email": return email()
        case "phone.cn_mobile": return chineseMobile()
        case "phone.intl": return internationalPhone()
        case "us.ssn": return ssn()
        case "jwt": return jwt()
        case "aws.access_key": return aws()
        case "github.token": return github()
        case "slack.token": return slack()
        case "private_key": return privateKey()
        case "password.labelled": return password()
        default: return entropy()
        }
    }

    mutating func number(_ count: Int) -> [Int] { (0..<count).map { _ in Int.random(in: 0...9, using: &random) } }

    static func text(_ digits: [Int]) -> String { digits.map(String.init).joined() }

    static func shannon(_ text: String) -> Double {
        var counts: [Character: Int] = [:]
        for character in text { counts[character, default: 0] += 1 }
        let n = Double(text.count)
        return counts.values.reduce(0) { $0 - Double($1) / n * log2(Double($1) / n) }
    }

    /// Whether a random string could be mistaken for a placeholder or an example by an allowlist.
    static func looksLikePlaceholder(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return ["example", "sample", "dummy", "placeholder", "changeme", "xxxx", "redacted"].contains {
            lowered.contains($0)
        }
    }

    // MARK: Personal data

    static let provinces = [
        11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46,
        50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 91,
    ]

    /// 18 characters: province + 4 digits, a real past birth date, 3 digits, MOD 11-2 check.
    mutating func residentID() -> PlantedSecret {
        let year = Int.random(in: 1930...2008, using: &random)
        let month = Int.random(in: 1...12, using: &random)
        let day = Int.random(in: 1...28, using: &random)
        let body =
            String(format: "%02d", random.pick(Self.provinces)) + Self.text(number(4))
            + String(format: "%04d%02d%02d", year, month, day) + Self.text(number(3))
        let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
        let sum = zip(body.map { $0.wholeNumberValue! }, weights).reduce(0) { $0 + $1.0 * $1.1 }
        var check = Array("10X98765432")[sum % 11]
        if check == "X" && random.chance(30) { check = "x" }
        let id = body + String(check)
        let label = random.pick(["", "", "身份证号：", "ID ", "证件号码", "公民身份号码 "])
        return PlantedSecret(detector: "cn.resident_id", lines: [label + id], secrets: [id])
    }

    static func luhnCompleted(_ body: [Int]) -> [Int] {
        var sum = 0
        for (k, digit) in body.reversed().enumerated() {
            let value = k % 2 == 0 ? digit * 2 : digit
            sum += value > 9 ? value - 9 : value
        }
        return body + [(10 - sum % 10) % 10]
    }

    /// A card of a random brand and length with a valid Luhn digit, grouped as cards are.
    mutating func cardNumber() -> PlantedSecret {
        let brands: [(prefixes: [String], lengths: [Int])] = [
            (["4"], [13, 16, 19]),
            (["51", "52", "53", "54", "55", String(Int.random(in: 2221...2720, using: &random))], [16]),
            (["34", "37"], [15]),
            (["6011", "65", String(Int.random(in: 644...649, using: &random))], [16, 17, 18, 19]),
            ([String(Int.random(in: 3528...3589, using: &random))], [16, 17, 18, 19]),
            ([String(Int.random(in: 300...305, using: &random)), "36", "38", "39"], [14, 15, 16, 17, 18, 19]),
            (["62"], [16, 17, 18, 19]),
        ]
        let brand = random.pick(brands)
        let prefix = random.pick(brand.prefixes).map { $0.wholeNumberValue! }
        let length = random.pick(brand.lengths)
        var digits = Self.luhnCompleted(prefix + number(length - prefix.count - 1))
        // 18 bare digits that read as a resident ID (province, real date) are a card only
        // next to a card word: group them, or make the date impossible.
        if length == 18 {
            digits[10] = 1
            digits[11] = 3  // month 13
            digits = Self.luhnCompleted(Array(digits.dropLast()))
        }
        let plain = Self.text(digits)
        var groups: [Int]
        switch (length, random.chance(25)) {
        case (_, true): groups = [length]
        case (15, _): groups = [4, 6, 5]
        case (14, _): groups = random.chance(50) ? [4, 6, 4] : [length]
        default:
            groups = Array(repeating: 4, count: length / 4)
            if length % 4 != 0 { groups.append(length % 4) }
        }
        let separator = random.pick([" ", " ", "-"])
        var parts: [String] = []
        var index = plain.startIndex
        for group in groups {
            let end = plain.index(index, offsetBy: group)
            parts.append(String(plain[index..<end]))
            index = end
        }
        let card = parts.joined(separator: separator)
        let label = random.pick(["", "Card: ", "卡号：", "付款卡", "VISA ", "银行卡 "])
        return PlantedSecret(detector: "card.pan", lines: [label + card], secrets: [card])
    }

    /// An IBAN of a random registry country with mod-97 check digits, compact or grouped by four.
    mutating func iban() -> PlantedSecret {
        let (country, length) = random.pick(Array(IBANLengths.table).sorted { $0.key < $1.key })
        let bban = (0..<(length - 4)).map { k in
            String(random.pick(Array(k < 4 && random.chance(40) ? Self.upper : Self.digits)))
        }.joined()
        func numeric(_ text: String) -> String {
            text.map { $0.isNumber ? String($0) : String(Int($0.asciiValue!) - 55) }.joined()
        }
        var remainder = 0
        for character in numeric(bban + country + "00") {
            remainder = (remainder * 10 + character.wholeNumberValue!) % 97
        }
        let compact = country + String(format: "%02d", 98 - remainder) + bban
        var text = compact
        if random.chance(50) {
            text = stride(from: 0, to: compact.count, by: 4).map { start in
                let a = compact.index(compact.startIndex, offsetBy: start)
                return String(compact[a..<compact.index(a, offsetBy: min(4, compact.count - start))])
            }.joined(separator: " ")
        }
        let label = random.pick(["", "IBAN: ", "账户 ", "Pay to "])
        return PlantedSecret(detector: "iban", lines: [label + text], secrets: [text])
    }

    mutating func email() -> PlantedSecret {
        let first = random.string(Self.lower, count: .random(in: 2...8, using: &random))
        let local =
            first + random.pick(["", ".", "_", "+", "-"])
            + random.string(Self.lower + Self.digits, count: .random(in: 2...6, using: &random))
        let labels = (0..<Int.random(in: 1...2, using: &random)).map { _ in
            random.string(Self.lower, count: .random(in: 3...9, using: &random))
        }
        let tld = random.pick(["io", "dev", "net", "cn", "org", "com", "de", "co", "app"])
        let address = local + "@" + labels.joined(separator: random.pick([".", "-"])) + "." + tld
        let label = random.pick(["", "From: ", "联系邮箱：", "mail "])
        return PlantedSecret(detector: "email", lines: [label + address], secrets: [address])
    }

    mutating func chineseMobile() -> PlantedSecret {
        let digits = "1" + String(Int.random(in: 3...9, using: &random)) + Self.text(number(9))
        let a = digits.prefix(3), b = digits.dropFirst(3).prefix(4), c = digits.suffix(4)
        let separator = random.pick([" ", "-"])
        let body = random.chance(50) ? digits : [String(a), String(b), String(c)].joined(separator: separator)
        let prefix = random.pick(["", "", "+86 ", "+86-", "86"])
        let number = prefix + body
        let label = random.pick(["", "手机：", "电话 ", "Call "])
        return PlantedSecret(detector: "phone.cn_mobile", lines: [label + number], secrets: [number])
    }

    /// `+CC` and groups (8–15 digits), or a North American number next to a phone word.
    mutating func internationalPhone() -> PlantedSecret {
        if random.chance(30) {
            let area = String(Int.random(in: 2...9, using: &random)) + Self.text(number(2))
            let exchange = String(Int.random(in: 2...9, using: &random)) + Self.text(number(2))
            let line = Self.text(number(4))
            let number = random.pick([
                "(\(area)) \(exchange)-\(line)", "\(area).\(exchange).\(line)", "\(area)-\(exchange)-\(line)",
            ])
            let label = random.pick(["Tel: ", "Phone ", "mobile ", "电话 ", "call "])
            return PlantedSecret(detector: "phone.intl", lines: [label + number], secrets: [number])
        }
        let country =
            String(Int.random(in: 1...9, using: &random)) + Self.text(number(.random(in: 0...2, using: &random)))
        let total = Int.random(in: max(8, country.count + 6)...12, using: &random)
        var rest = total - country.count
        var groups: [String] = []
        while rest > 0 {
            let size = min(rest, Int.random(in: 2...4, using: &random))
            groups.append(Self.text(number(size)))
            rest -= size
        }
        let separator = random.pick([" ", " ", "-", "."])
        let number = "+" + country + " " + groups.joined(separator: separator)
        let label = random.pick(["", "Phone: ", "London ", "联系 "])
        return PlantedSecret(detector: "phone.intl", lines: [label + number], secrets: [number])
    }

    mutating func ssn() -> PlantedSecret {
        var area = 0, group = 0, serial = 0
        var digits = ""
        repeat {
            area = Int.random(in: 1...899, using: &random)
            group = Int.random(in: 1...99, using: &random)
            serial = Int.random(in: 1...9999, using: &random)
            digits = String(format: "%03d%02d%04d", area, group, serial)
        } while area == 666 || Set(digits).count == 1 || ["078051120", "219099999", "457555462"].contains(digits)
        let a = digits.prefix(3), g = digits.dropFirst(3).prefix(2), s = digits.suffix(4)
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let text = "\(a)-\(g)-\(s)"
            return PlantedSecret(
                detector: "us.ssn", lines: [random.pick(["", "SSN: ", "Employee "]) + text], secrets: [text])
        case 1:
            let text = "\(a) \(g) \(s)"
            return PlantedSecret(
                detector: "us.ssn", lines: [random.pick(["", "SSN ", "Employee "]) + text], secrets: [text])
        default:
            return PlantedSecret(
                detector: "us.ssn", lines: [random.pick(["SSN: ", "Social Security No. ", "taxpayer "]) + digits],
                secrets: [digits])
        }
    }

    // MARK: Secrets

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    mutating func jwt() -> PlantedSecret {
        let alg = random.pick(["HS256", "RS256", "ES384", "HS512"])
        var header = #"{"alg":"\#(alg)","typ":"JWT"}"#
        if random.chance(30) { header = #"{"alg":"\#(alg)","kid":"\#(random.string(Self.alnum, count: 8))"}"# }
        let payload =
            #"{"sub":"user-\#(random.string(Self.alnum, count: .random(in: 4...12, using: &random)))","iat":\#(Int.random(in: 1_500_000_000...1_800_000_000, using: &random))}"#
        let signature = random.chance(15) ? "" : random.string(Self.base64URL, count: 43)
        let token = Self.base64URL(Array(header.utf8)) + "." + Self.base64URL(Array(payload.utf8)) + "." + signature
        let label = random.pick(["", "Authorization: Bearer ", "jwt "])
        return PlantedSecret(detector: "jwt", lines: [label + token], secrets: [token])
    }

    mutating func aws() -> PlantedSecret {
        if random.chance(35) {
            var key = ""
            repeat {
                key = random.string(Self.base64, count: 40)
            } while Self.looksLikePlaceholder(key) || key.hasPrefix("/")
            let label = random.pick(["aws_secret_access_key = ", "AWS_SECRET_ACCESS_KEY=", "secret_access_key: "])
            return PlantedSecret(detector: "aws.access_key", lines: [label + key], secrets: [key])
        }
        var id = ""
        repeat {
            id = random.pick(["AKIA", "ASIA", "ABIA", "ACCA"]) + random.string(Self.upper + "234567", count: 16)
        } while Self.shannon(id) <= 3.2 || Self.looksLikePlaceholder(id)
        let label = random.pick(["", "aws_access_key_id = ", "export AWS_ACCESS_KEY_ID="])
        return PlantedSecret(detector: "aws.access_key", lines: [label + id], secrets: [id])
    }

    /// The CRC-32 (IEEE) of `text`'s UTF-8 in base62, six characters (GitHub's and npm's checksum).
    static func crc32Base62(_ text: String) -> String {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in text.utf8 {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        var value = crc ^ 0xFFFF_FFFF
        let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var out: [Character] = []
        while value > 0 {
            out.append(digits[Int(value % 62)])
            value /= 62
        }
        while out.count < 6 { out.append("0") }
        return String(out.reversed())
    }

    mutating func github() -> PlantedSecret {
        var token = ""
        repeat {
            if random.chance(20) {
                token =
                    "github_pat_" + random.string(Self.alnum, count: 22) + "_" + random.string(Self.alnum, count: 59)
            } else {
                // GitHub's format: 30 random characters and the base62 CRC-32 of them.
                let body = random.string(Self.alnum, count: 30)
                token = random.pick(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]) + body + Self.crc32Base62(body)
            }
        } while Self.looksLikePlaceholder(token)
        let label = random.pick(["", "GITHUB_TOKEN=", "oauth ", "令牌 "])
        return PlantedSecret(detector: "github.token", lines: [label + token], secrets: [token])
    }

    mutating func slack() -> PlantedSecret {
        if random.chance(30) {
            let path =
                "T" + random.string(Self.upper + Self.digits, count: 9) + "/B"
                + random.string(Self.upper + Self.digits, count: 9)
                + "/" + random.string(Self.alnum, count: 24)
            let url = "https://hooks.slack.com/services/" + path
            return PlantedSecret(detector: "slack.token", lines: [url], secrets: [path])
        }
        var token = ""
        repeat {
            token =
                "xox" + random.pick(["b", "p", "a", "r", "s"]) + "-"
                + Self.text(number(.random(in: 10...13, using: &random)))
                + "-" + Self.text(number(.random(in: 10...13, using: &random))) + "-"
                + random.string(Self.alnum, count: 24)
        } while Self.shannon(token) <= 3.2 || Self.looksLikePlaceholder(token)
        let label = random.pick(["", "SLACK_BOT_TOKEN=", "slack "])
        return PlantedSecret(detector: "slack.token", lines: [label + token], secrets: [token])
    }

    mutating func privateKey() -> PlantedSecret {
        let kind = random.pick([
            "RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY",
            "ENCRYPTED PRIVATE KEY", "DSA PRIVATE KEY", "PGP PRIVATE KEY BLOCK",
        ])
        let header = "-----BEGIN \(kind)-----"
        let body = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            var line = ""
            repeat {
                line = random.string(Self.base64, count: .random(in: 24...64, using: &random))
            } while line.hasPrefix("/") || Self.looksLikePlaceholder(line)
            return line
        }
        var lines = [random.pick(["", "$ cat id_rsa  "]) + header] + body
        if random.chance(70) { lines.append("-----END \(kind)-----") }
        return PlantedSecret(detector: "private_key", lines: lines, secrets: body, anchor: header)
    }

    mutating func password() -> PlantedSecret {
        let chinese = random.chance(30)
        let label =
            chinese
            ? random.pick(["密码：", "口令：", "密钥=", "令牌：", "支付密码 = ", "私钥: "])
            : random.pick([
                "Password: ", "password=", "DB_PASSWORD=", "api_key = ", "apiKey: ", "token=", "secret: ",
                "passcode: ", "pwd=", "userPassword: ",
            ])
        var value = ""
        repeat {
            if chinese && random.chance(30) {
                value = random.string("令牌值九八七六五四三二一甲乙丙丁", count: .random(in: 3...8, using: &random))
            } else {
                let alphabet = Self.alnum + "!#%&*+-_.@^~"
                value =
                    random.string(Self.lower, count: 1)
                    + random.string(alphabet, count: .random(in: 7...15, using: &random))
            }
        } while Self.looksLikePlaceholder(value)
        if !chinese && random.chance(20) {
            let key = random.pick(["password", "secret", "token"])
            return PlantedSecret(detector: "password.labelled", lines: [#"{"\#(key)": "\#(value)"}"#], secrets: [value])
        }
        return PlantedSecret(detector: "password.labelled", lines: [label + value], secrets: [value])
    }

    /// A long base64 run above 4.5 bits per character, or a hex run above 3.0 bits whose
    /// length is not a hash's (so no git word on the screen excuses it).
    mutating func entropy() -> PlantedSecret {
        var run = ""
        if random.chance(40) {
            let lengths = Array(33...60).filter { $0 != 40 && $0 != 64 }
            repeat {
                run = random.string("0123456789abcdef", count: random.pick(lengths))
            } while Self.shannon(run) <= 3.3
        } else {
            repeat {
                run = random.string(Self.alnum + "+/", count: .random(in: 32...56, using: &random))
            } while Self.shannon(run) <= 4.7 || run.hasPrefix("/") || run.contains("//")
                || Self.looksLikePlaceholder(run)
        }
        let label = random.pick(["", "blob ", "SESSION=", "id ", "值 "])
        return PlantedSecret(detector: "generic.entropy", lines: [label + run], secrets: [run])
    }
}

/// The IBAN registry lengths, as the validator knows them (kept here so the generator does
/// not depend on VeilRedaction; a test checks both agree).
public enum IBANLengths {
    public static let table: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22,
        "BH": 22, "BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24,
        "DE": 22, "DJ": 27, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18,
        "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27,
        "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
        "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20,
        "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20,
        "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24,
        "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24,
        "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
        "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
        "YE": 30,
    ]
}
