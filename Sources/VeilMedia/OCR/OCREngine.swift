import CVeilMedia
import Synchronization

/// A word Tesseract read: its text, its box in pixels (right and bottom exclusive), its
/// confidence (0–100) and its line.
public struct OCRWord: Sendable, Hashable {
    public var text: String
    public var left: Int
    public var top: Int
    public var right: Int
    public var bottom: Int
    public var confidence: Float
    public var line: Int
}

/// Tesseract, opened at run time (`libtesseract.so.5`; `VEIL_TESSERACT_LIBRARY` names another
/// file), with its English data loaded. An engine is used by one thread at a time; engines are
/// costly to start (the language data loads), so ``OCREngine/withEngine(_:)`` lends them
/// from a pool.
public final class OCREngine: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Tesseract's page segmentation modes used.
    public enum Segmentation: Int32, Sendable {
        /// A uniform block of text.
        case block = 6
        /// One line of text.
        case line = 7
    }

    /// Why OCR cannot be used on this machine, or nil when it can: the library or its
    /// English data is missing. Checked once.
    public static var unavailableReason: String? { availability }

    /// Tesseract's version, when it is available.
    public static var version: String? {
        unavailableReason == nil ? String(cString: veil_ocr_version()) : nil
    }

    /// Why no engine starts, or nil; the engine started to find out is the pool's first.
    private static let availability: String? = {
        do throws(Unavailable) {
            let first = try OCREngine()
            pool.withLock { $0.append(first) }
            return nil
        } catch {
            return error.message
        }
    }()

    /// Why an engine could not start.
    public struct Unavailable: Error, Sendable {
        public var message: String
    }

    /// Starts an engine for English.
    /// - Throws: ``Unavailable`` naming what is missing and how to install it.
    public init(language: String = "eng") throws(Unavailable) {
        guard veil_ocr_load() == Int32(VEIL_MEDIA_OK.rawValue) else {
            throw Unavailable(
                message:
                    "OCR is unavailable: Tesseract cannot be loaded (\(String(cString: veil_ocr_library_error()))); Debian: apt-get install libtesseract5 tesseract-ocr-eng, macOS: brew install tesseract"
            )
        }
        var error = [CChar](repeating: 0, count: 320)
        guard let handle = veil_ocr_new(language, &error, error.count) else {
            throw Unavailable(message: "OCR is unavailable: \(String(cBuffer: error))")
        }
        self.handle = handle
    }

    deinit { veil_ocr_free(handle) }

    /// The words in an 8-bit grey image (dark text on light), in reading order.
    public func recognize(gray: [UInt8], width: Int, height: Int, mode: Segmentation) -> [OCRWord] {
        final class Box { var words: [OCRWord] = [] }
        let box = Box()
        let context = Unmanaged.passUnretained(box).toOpaque()
        _ = gray.withUnsafeBufferPointer { pixels in
            veil_ocr_recognize(
                handle, pixels.baseAddress, Int32(width), Int32(height), Int32(width), mode.rawValue,
                {
                    context, text, left, top, right, bottom, confidence, line in
                    guard let context, let text else { return }
                    let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
                    box.words.append(
                        OCRWord(
                            text: String(cString: text), left: Int(left), top: Int(top), right: Int(right),
                            bottom: Int(bottom), confidence: confidence, line: Int(line)))
                }, context)
        }
        return box.words
    }

    /// Engines not in use.
    private static let pool = Mutex<[OCREngine]>([])

    /// Runs `body` with an engine of the pool (a new one when all are in use).
    /// - Throws: ``Unavailable``; whatever `body` throws.
    public static func withEngine<T>(_ body: (OCREngine) throws -> T) throws -> T {
        if let reason = unavailableReason { throw Unavailable(message: reason) }
        let engine = try pool.withLock { $0.popLast() } ?? OCREngine()
        defer { pool.withLock { $0.append(engine) } }
        return try body(engine)
    }
}

extension String {
    /// The text of a NUL-terminated C buffer.
    init(cBuffer buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
