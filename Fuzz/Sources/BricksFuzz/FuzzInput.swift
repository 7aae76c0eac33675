import Foundation

/// The fuzzer's bytes read as the values a target needs: small numbers first, then the rest as
/// text or pieces. Running out of bytes yields zeros and empty pieces, never a failure, so that
/// every input is a valid case.
struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or 0.
    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `0..<bound` (bound > 0) from one or two bytes.
    mutating func number(below bound: Int) -> Int {
        let raw = bound <= 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return raw % bound
    }

    mutating func flag() -> Bool { byte() & 1 == 1 }

    /// Everything not read yet.
    mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }

    /// The bytes up to the next `separator` (not included), or to the end.
    mutating func piece(until separator: UInt8) -> [UInt8] {
        let start = index
        while index < bytes.count, bytes[index] != separator { index += 1 }
        let piece = Array(bytes[start..<index])
        if index < bytes.count { index += 1 }
        return piece
    }

    /// A piece as text (invalid UTF-8 repaired, as a transport's decoding would).
    mutating func text(until separator: UInt8) -> String {
        String(decoding: piece(until: separator), as: UTF8.self)
    }

    /// Every remaining piece between `separator`s, as text.
    mutating func texts(separatedBy separator: UInt8, limit: Int = 64) -> [String] {
        var texts: [String] = []
        while !isAtEnd, texts.count < limit { texts.append(text(until: separator)) }
        return texts
    }
}

/// `bytes` cut at the given offsets (taken modulo its length, sorted): the same stream delivered
/// in other chunks.
func chunks(of bytes: [UInt8], cutAt offsets: [Int]) -> [[UInt8]] {
    guard !bytes.isEmpty else { return [bytes] }
    let cuts = Set(offsets.map { $0 % (bytes.count + 1) }).sorted()
    var pieces: [[UInt8]] = []
    var start = 0
    for cut in cuts where cut >= start {
        pieces.append(Array(bytes[start..<cut]))
        start = cut
    }
    pieces.append(Array(bytes[start...]))
    return pieces
}

/// Stops the run with a message when a property does not hold: libFuzzer records the input as a
/// crash.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("\nproperty violated: \(message())\n".utf8))
        abort()
    }
}

/// `text` with ASCII letters lowercased only, as HTTP compares field names.
func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
}

/// Where targets write files: memory (`/dev/shm`) when there is one, so that a disk busy with
/// other work (a `fsync`) does not make an input take a second.
let scratchDirectory: URL = {
    let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    return FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
}()
