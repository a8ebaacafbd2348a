import Foundation
import Logging
import VeilLogging
import VeilRedaction

/// A handler that does what a cheap real one does: formats the event into a reused buffer.
struct SinkHandler: LogHandler {
    final class Sink: @unchecked Sendable { var bytes = 0 }
    let sink: Sink
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "\(event.level) \(event.source): \(event.message)"
        if let metadata = event.metadata { for (key, value) in metadata { line += " \(key)=\(value)" } }
        sink.bytes &+= line.utf8.count
    }
}

/// Median of `runs` batches of `messages`, in microseconds per message.
func perMessage(_ logger: Logger, _ messages: [String], runs: Int) -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = clock.now
        for message in messages { logger.info("\(message)") }
        let elapsed = clock.now - start
        let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
        samples.append(micros / Double(messages.count))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// `count` messages of exactly 100 bytes built from real-looking log words.
func messages(count: Int, secret: String?) -> [String] {
    let words = [
        "GET", "/api/v1/orders/8812", "200", "took", "12ms", "user=42", "retry", "cache", "hit", "upstream",
        "POST", "/login", "session", "renewed", "queue", "depth", "worker-3", "done",
    ]
    var random = SystemRandomNumberGenerator()
    return (0..<count).map { _ in
        var line = secret.map { "card \($0) " } ?? ""
        while line.utf8.count < 100 { line += words.randomElement(using: &random)! + " " }
        return String(line.utf8.prefix(100))!
    }
}

let runs = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 50 : 50
let sink = SinkHandler.Sink()
let plain = Logger(label: "bench") { _ in SinkHandler(sink: sink) }
let rules = try RuleSet.builtIn
let redacting = Logger(label: "bench") { _ in RedactingLogHandler(wrapping: SinkHandler(sink: sink), rules: rules) }
print("per 100-byte message, median of \(runs) batches of 1000 (µs)")
for (name, secret) in [("no finding", nil), ("one finding (card number)", "4111 1111 1111 1111")] as [(String, String?)]
{
    let batch = messages(count: 1000, secret: secret)
    _ = perMessage(redacting, batch, runs: 3)
    let alone = perMessage(plain, batch, runs: runs)
    let wrapped = perMessage(redacting, batch, runs: runs)
    print(
        String(
            format: "%@: wrapped handler alone %.2f, redacting %.2f, overhead %.2f (%.1fx)",
            name, alone, wrapped, wrapped - alone, wrapped / alone))
}
