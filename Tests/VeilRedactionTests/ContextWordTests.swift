import Testing
@testable import VeilRedaction

/// Context words are whole words: `tel` is not in `hotel`, `tin` not in `settings`.
@Suite struct ContextWordTests {
    static func contains(_ line: String, _ word: String) -> Bool {
        Array(line.utf8).withUnsafeBufferPointer { $0.containsWord(Array(word.lowercased().utf8)) }
    }

    @Test(arguments: [
        ("Tel: 030 901820", "tel"), ("phone_number=", "number"), ("phoneNumber: 4155550132", "phone"),
        ("phoneNumber: 4155550132", "number"), ("PHONE", "phone"), ("Phones:", "phone"), ("SSN 536-22-8714", "ssn"),
        ("手机号码：13812345678", "手机"), ("call me", "call"), ("social security no", "social security"),
    ])
    func wholeWordsAreFound(line: String, word: String) {
        #expect(Self.contains(line, word))
    }

    @Test(arguments: [
        ("Booked the hotel", "tel"), ("settings saved", "tin"), ("install done", "call"), ("telephony", "tel"),
        ("microphone", "phone"), ("renumbered", "number"), ("phonebook", "phone"), ("", "tel"),
    ])
    func partsOfWordsAreNot(line: String, word: String) {
        #expect(!Self.contains(line, word))
    }
}
