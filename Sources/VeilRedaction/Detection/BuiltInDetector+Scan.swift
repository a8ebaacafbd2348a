extension BuiltInDetector {
    /// Runs this detector's scanner on `line`, dispatched statically: the scan loop calls
    /// this for every rule and line, and an `any NativeScanner` would be boxed and opened
    /// each time.
    @inline(__always)
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        switch self {
        case .cardNumber: CardNumberScanner().scan(line, previous: previous, into: &candidates)
        case .iban: IBANScanner().scan(line, previous: previous, into: &candidates)
        case .email: EmailScanner().scan(line, previous: previous, into: &candidates)
        case .chineseMobile: ChineseMobileScanner().scan(line, previous: previous, into: &candidates)
        case .internationalPhone: InternationalPhoneScanner().scan(line, previous: previous, into: &candidates)
        case .residentID: ResidentIDScanner().scan(line, previous: previous, into: &candidates)
        case .ssn: SSNScanner().scan(line, previous: previous, into: &candidates)
        case .jwt: JWTScanner().scan(line, previous: previous, into: &candidates)
        case .awsAccessKey: AWSAccessKeyScanner().scan(line, previous: previous, into: &candidates)
        case .githubToken: GitHubTokenScanner().scan(line, previous: previous, into: &candidates)
        case .slackToken: SlackTokenScanner().scan(line, previous: previous, into: &candidates)
        case .privateKey: PrivateKeyScanner().scan(line, previous: previous, into: &candidates)
        case .labelledPassword: LabelledPasswordScanner().scan(line, previous: previous, into: &candidates)
        case .entropy: EntropyScanner().scan(line, previous: previous, into: &candidates)
        case .azureStorageKey: AzureStorageKeyScanner().scan(line, previous: previous, into: &candidates)
        case .urlCredentials: URLCredentialsScanner().scan(line, previous: previous, into: &candidates)
        case .gitlabToken, .npmToken, .pypiToken, .stripeKey, .googleAPIKey, .openAIKey, .anthropicKey, .twilioKey,
            .sendGridKey, .dockerHubToken, .huggingFaceToken, .vaultToken, .airtableToken:
            if let service { ServiceTokenScanner(service: service).scan(line, previous: previous, into: &candidates) }
        }
    }
}
