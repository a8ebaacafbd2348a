/// The user's terminal's own foreground and background colours, asked for once when
/// `veil shell` starts, so that a program asking the terminal for them (OSC 10 / OSC 11 `?`,
/// as vim does to choose between its light and dark colours) gets the colours it is really
/// drawn on, not xterm's defaults. The question is fenced by a device attributes request
/// (DA1), which every terminal answers: once its answer is read, any colour not answered is
/// one the terminal does not report.
struct TerminalColorQuery {
    typealias RGB = (UInt8, UInt8, UInt8)

    /// OSC 10 and 11 queries, then DA1.
    static let question = Array("\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

    private(set) var foreground: RGB?
    private(set) var background: RGB?
    /// Whether the DA1 answer was read (nothing more will come).
    private(set) var isComplete = false
    /// Bytes read that answer nothing (keys typed meanwhile), for the program.
    private(set) var typed: [UInt8] = []
    private var pending: [UInt8] = []

    /// Reads `bytes` from the terminal: answers are taken out, anything else is kept as typed.
    mutating func read(_ bytes: [UInt8]) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard pending[index] == 0x1B else {
                typed.append(pending[index])
                index += 1
                continue
            }
            guard let (length, complete) = answerLength(at: index) else {
                // Not an answer: an escape typed (a key such as an arrow).
                typed.append(pending[index])
                index += 1
                continue
            }
            if !complete {
                pending = Array(pending[index...])
                return
            }
            take(Array(pending[index..<(index + length)]))
            index += length
        }
        pending = []
    }

    /// Ends the wait: an unfinished answer is given to the program as typed bytes.
    mutating func finish() {
        typed += pending
        pending = []
    }

    /// The length of the answer starting at `index` (an escape), whether it is complete, or
    /// nil when the bytes there cannot start one.
    private func answerLength(at index: Int) -> (Int, Bool)? {
        let rest = pending[index...]
        let prefixes: [[UInt8]] = [Array("\u{1B}]10;".utf8), Array("\u{1B}]11;".utf8), Array("\u{1B}[?".utf8)]
        guard
            let prefix = prefixes.first(where: { prefix in
                zip(rest, prefix).allSatisfy { $0 == $1 }
            })
        else { return nil }
        if rest.count < prefix.count { return (0, false) }
        var position = index + prefix.count
        if prefix.last == UInt8(ascii: "?") {
            // DA1: CSI ? digits ; … c
            while position < pending.count {
                let byte = pending[position]
                if byte == UInt8(ascii: "c") { return (position + 1 - index, true) }
                guard (0x30...0x3B).contains(byte) else { return nil }
                position += 1
            }
            return (0, false)
        }
        // OSC: up to BEL or ST, printable bytes only.
        while position < pending.count && position - index < 64 {
            let byte = pending[position]
            if byte == 0x07 { return (position + 1 - index, true) }
            if byte == 0x1B {
                guard position + 1 < pending.count else { return (0, false) }
                return pending[position + 1] == 0x5C ? (position + 2 - index, true) : nil
            }
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            position += 1
        }
        return position - index >= 64 ? nil : (0, false)
    }

    private mutating func take(_ answer: [UInt8]) {
        if answer.count > 2 && answer[1] == UInt8(ascii: "[") {
            isComplete = true
            return
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard let color = Self.parse(text.dropFirst(5)) else { return }
        if text.hasPrefix("\u{1B}]10;") { foreground = color } else { background = color }
    }

    /// `rgb:r/g/b` (1 to 4 hex digits a channel, the high byte kept as X11 does), up to its
    /// terminator.
    static func parse(_ text: Substring) -> RGB? {
        guard text.hasPrefix("rgb:") else { return nil }
        let body = text.dropFirst(4).prefix { $0 != "\u{07}" && $0 != "\u{1B}" }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var channels: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = Int(part, radix: 16) else { return nil }
            let maximum = (1 << (4 * part.count)) - 1
            channels.append(UInt8((value * 0xFFFF / maximum) >> 8))
        }
        return (channels[0], channels[1], channels[2])
    }
}
