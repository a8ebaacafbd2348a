import FuzzSupport
import Veil
import VeilScreen

/// libFuzzer entry point for the asciicast v2/v3 reader: the bytes either parse or throw
/// ``InputError``; a parsed recording is replayed to a screen (at its end and at a moment
/// chosen from its events), which must keep the screen invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAsciicast(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    AsciicastFuzzer.run(bytes)
    return 0
}

enum AsciicastFuzzer {
    static func run(_ bytes: [UInt8]) {
        let path = "fuzz.cast"
        let cast: Asciicast
        do {
            cast = try Asciicast(bytes: bytes, path: path)
        } catch is InputError {
            return
        } catch {
            fatalError("Asciicast(bytes:) threw an untyped error: \(type(of: error))")
        }
        require(
            (1...Screen.maximumSize).contains(cast.cols) && (1...Screen.maximumSize).contains(cast.rows),
            "accepted header size \(cast.cols)x\(cast.rows)")
        var previous = 0.0
        for event in cast.events {
            require(
                event.time.isFinite && event.time >= previous, "event times go back: \(event.time) after \(previous)")
            previous = event.time
        }
        replay(cast, at: nil, path: path)
        if !cast.events.isEmpty { replay(cast, at: cast.events[cast.events.count / 2].time, path: path) }
        replay(cast, cols: 40, rows: 10, path: path)
    }

    static func replay(_ cast: Asciicast, at time: Double?, path: String) {
        do {
            let screen = try TerminalCapture.screen(of: cast, cols: nil, rows: nil, at: time, path: path)
            var size = (cast.cols, cast.rows)
            for event in cast.steps(until: time) {
                if case .resize(let cols, let rows) = event.kind { size = (cols, rows) }
            }
            ScreenChecks.check(screen, cols: size.0, rows: size.1, "replay at \(time.map { "\($0)" } ?? "end")")
        } catch is InputError {
        } catch {
            fatalError("replay threw an untyped error: \(type(of: error))")
        }
    }

    static func replay(_ cast: Asciicast, cols: Int, rows: Int, path: String) {
        do {
            let screen = try TerminalCapture.screen(of: cast, cols: cols, rows: rows, at: nil, path: path)
            ScreenChecks.check(screen, cols: cols, rows: rows, "replay at a fixed size")
        } catch {
            fatalError("fixed-size replay threw: \(error)")
        }
    }
}

/// The entry point SwiftPM links this executable with (see ``runFuzzer(argc:argv:_:)``).
@_cdecl("fuzz_asciicast_main")
public func fuzzAsciicastMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzAsciicast)
}
