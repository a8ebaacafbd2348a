/// A candidate match in one line of text, in UTF-8 byte offsets of that line.
struct Candidate: Hashable, Sendable {
    /// The whole match (with any label): fingerprinted and given to `match` allowlists.
    var match: Range<Int>
    /// The part to hide (the secret group): validated, masked, given to `secret` allowlists.
    var secret: Range<Int>
    /// Whether this form of match counts only next to one of the rule's context words.
    var needsContext = false
    /// Whether hiding continues on the following lines down to an END line (private keys).
    var continuesToEndMarker = false
}

/// The fast path: a built-in detector scanning UTF-8 bytes directly.
///
/// Foundation's regex engine runs at about 4 MB/s here and Swift Regex at 0.45 MB/s; a
/// screen's built-in detectors must cost under 0.5 ms, so each scans for its cheap anchor
/// (a digit run, `@`, `eyJ`, `AKIA`, `ghp_`, `xox`, `-----BEGIN`, a label word) and
/// checks the documented pattern by hand from there.
protocol NativeScanner: Sendable {
    /// Appends the candidates of `line`; `previous` is the line above (for context).
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate])
}

/// A detector supplied by a program using VeilRedaction, for patterns no rule can express.
///
/// Requirements, as a test you must pass:
/// ```swift
/// @Test func detectorIsPure() throws {
///     let detector = MyDetector()
///     let line = "order 1234, token zyx-987"
///     #expect(try detector.matches(in: line) == detector.matches(in: line)) // deterministic
///     for range in try detector.matches(in: line) {                          // in bounds
///         #expect(range.lowerBound >= line.startIndex && range.upperBound <= line.endIndex)
///     }
/// }
/// ```
/// Throwing from ``matches(in:)`` makes redaction fail closed: the whole screen is covered.
public protocol CustomDetector: Sendable {
    /// The ranges of `line` (one logical line of the screen, or the title) to hide.
    func matches(in line: String) throws -> [Range<String.Index>]
}

/// The built-in detectors, by the name rules files use in `detector:`.
public enum BuiltInDetector: String, Hashable, Sendable, CaseIterable {
    case cardNumber = "card.pan"
    case iban = "iban"
    case email = "email"
    case chineseMobile = "phone.cn_mobile"
    case internationalPhone = "phone.intl"
    case residentID = "cn.resident_id"
    case ssn = "us.ssn"
    case jwt = "jwt"
    case awsAccessKey = "aws.access_key"
    case githubToken = "github.token"
    case slackToken = "slack.token"
    case privateKey = "private_key"
    case labelledPassword = "password.labelled"
    case entropy = "generic.entropy"
    case gitlabToken = "gitlab.token"
    case npmToken = "npm.token"
    case pypiToken = "pypi.token"
    case stripeKey = "stripe.key"
    case googleAPIKey = "google.api_key"
    case azureStorageKey = "azure.storage_key"
    case openAIKey = "openai.key"
    case anthropicKey = "anthropic.key"
    case twilioKey = "twilio.key"
    case sendGridKey = "sendgrid.key"
    case dockerHubToken = "dockerhub.token"
    case huggingFaceToken = "huggingface.token"
    case vaultToken = "vault.token"
    case airtableToken = "airtable.token"
    case urlCredentials = "url.credentials"

    var scanner: any NativeScanner {
        switch self {
        case .cardNumber: CardNumberScanner()
        case .iban: IBANScanner()
        case .email: EmailScanner()
        case .chineseMobile: ChineseMobileScanner()
        case .internationalPhone: InternationalPhoneScanner()
        case .residentID: ResidentIDScanner()
        case .ssn: SSNScanner()
        case .jwt: JWTScanner()
        case .awsAccessKey: AWSAccessKeyScanner()
        case .githubToken: GitHubTokenScanner()
        case .slackToken: SlackTokenScanner()
        case .privateKey: PrivateKeyScanner()
        case .labelledPassword: LabelledPasswordScanner()
        case .entropy: EntropyScanner()
        case .azureStorageKey: AzureStorageKeyScanner()
        case .urlCredentials: URLCredentialsScanner()
        case .gitlabToken: ServiceTokenScanner(service: .gitlab)
        case .npmToken: ServiceTokenScanner(service: .npm)
        case .pypiToken: ServiceTokenScanner(service: .pypi)
        case .stripeKey: ServiceTokenScanner(service: .stripe)
        case .googleAPIKey: ServiceTokenScanner(service: .google)
        case .openAIKey: ServiceTokenScanner(service: .openAI)
        case .anthropicKey: ServiceTokenScanner(service: .anthropic)
        case .twilioKey: ServiceTokenScanner(service: .twilio)
        case .sendGridKey: ServiceTokenScanner(service: .sendGrid)
        case .dockerHubToken: ServiceTokenScanner(service: .dockerHub)
        case .huggingFaceToken: ServiceTokenScanner(service: .huggingFace)
        case .vaultToken: ServiceTokenScanner(service: .vault)
        case .airtableToken: ServiceTokenScanner(service: .airtable)
        }
    }

    /// The service of a ``ServiceTokenScanner`` detector.
    var service: ServiceTokenScanner.Service? {
        switch self {
        case .gitlabToken: .gitlab
        case .npmToken: .npm
        case .pypiToken: .pypi
        case .stripeKey: .stripe
        case .googleAPIKey: .google
        case .openAIKey: .openAI
        case .anthropicKey: .anthropic
        case .twilioKey: .twilio
        case .sendGridKey: .sendGrid
        case .dockerHubToken: .dockerHub
        case .huggingFaceToken: .huggingFace
        case .vaultToken: .vault
        case .airtableToken: .airtable
        default: nil
        }
    }
}
