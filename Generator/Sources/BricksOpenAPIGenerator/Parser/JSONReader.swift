import Foundation

/// Reads JSON text (RFC 8259) into a ``DocumentValue``, keeping the order of each object's keys
/// and each number's text: escaped surrogate pairs (`"\ud83d\udc4d"`) make one character, and a
/// number of any size is read (what it fits into is decided later).
///
/// An error names the line and column (both from 1) of the first byte that is wrong.
struct JSONReader {
    /// Invalid JSON, at a line and column.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var line: Int
        var column: Int
        var message: String
        var description: String { "line \(line), column \(column): \(message)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads a whole text holding one value (a UTF-8 byte order mark is allowed before it).
    static func read(_ data: Data) throws(Failure) -> DocumentValue {
        var reader = JSONReader(Array(data))
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        if reader.index < reader.bytes.count { throw reader.failure("unexpected text after the document's value") }
        return value
    }

    private func failure(_ message: String, at position: Int? = nil) -> Failure {
        let end = min(position ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for offset in 0..<end where bytes[offset] == UInt8(ascii: "\n") {
            line &+= 1
            lineStart = offset &+ 1
        }
        // The column counts characters, not bytes (continuation bytes of UTF-8 are not counted).
        let column = bytes[lineStart..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 &+ 1 }
        return Failure(line: line, column: column, message: message)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index &+= 1
            default: return
            }
        }
    }

    private mutating func value() throws(Failure) -> DocumentValue {
        guard index < bytes.count else { throw failure("the text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character \(describe(bytes[index])) where a value was expected")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "`\(Character(Unicode.Scalar(byte)))`" : String(format: "0x%02X", byte)
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else { throw failure("invalid literal: expected `\(word)`") }
            index &+= 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth &+= 1
        if depth > Self.maximumDepth { throw failure("values nested more than \(Self.maximumDepth) deep") }
    }

    private mutating func object() throws(Failure) -> DocumentValue {
        try enter()
        index &+= 1
        var object = DocumentObject()
        var positions: [String: Int] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index &+= 1
            depth &-= 1
            return .object(object)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a key (a string in double quotes)")
            }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected `:` after the key \"\(key)\"") }
            index &+= 1
            skipSpace()
            let member = try value()
            // A repeated key: the last value wins (as in most readers), at the first one's place.
            if let position = positions[key] {
                object.members[position].value = member
            } else {
                positions[key] = object.members.count
                object.members.append(DocumentObject.Member(key: key, value: member))
            }
            skipSpace()
            guard index < bytes.count else { throw failure("the text ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index &+= 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected `,` or `}` after an object's member") }
            index &+= 1
            depth &-= 1
            return .object(object)
        }
    }

    private mutating func array() throws(Failure) -> DocumentValue {
        try enter()
        index &+= 1
        var values: [DocumentValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index &+= 1
            depth &-= 1
            return .array(values)
        }
        while true {
            skipSpace()
            values.append(try value())
            skipSpace()
            guard index < bytes.count else { throw failure("the text ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index &+= 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected `,` or `]` after an array's element") }
            index &+= 1
            depth &-= 1
            return .array(values)
        }
    }

    private mutating func number() throws(Failure) -> String {
        let start = index
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.index
            while reader.index < reader.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index]) {
                reader.index &+= 1
            }
            return reader.index &- first
        }
        if bytes[index] == UInt8(ascii: "-") { index &+= 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        if integerDigits == 0 { throw failure("a number needs a digit after `-`") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw failure("a number cannot start with 0 followed by digits", at: integerStart)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index &+= 1
            if digits(&self) == 0 { throw failure("a number needs a digit after `.`") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index &+= 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index &+= 1 }
            if digits(&self) == 0 { throw failure("a number needs a digit in its exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(Failure) -> String {
        let start = index
        index &+= 1
        var text: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw failure("the text ends inside a string", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                text += bytes[runStart..<index]
                index &+= 1
                break
            }
            if byte < 0x20 { throw failure("a control character (\(describe(byte))) must be escaped in a string") }
            if byte != UInt8(ascii: "\\") {
                index &+= 1
                continue
            }
            text += bytes[runStart..<index]
            index &+= 1
            guard index < bytes.count else { throw failure("the text ends inside a string", at: start) }
            let escaped = bytes[index]
            index &+= 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexCode()
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate: with the low one after it, one character beyond U+FFFF.
                    if index &+ 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index &+ 1] == UInt8(ascii: "u") {
                        let save = index
                        index &+= 2
                        let low = try hexCode()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 &+ ((scalar &- 0xD800) << 10) &+ (low &- 0xDC00)
                        } else {
                            index = save
                            scalar = 0xFFFD
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    // A lone low surrogate: allowed by the grammar, no character; the replacement character.
                    scalar = 0xFFFD
                }
                text += String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8
            default:
                throw failure("invalid escape `\\\(Character(Unicode.Scalar(escaped)))` in a string", at: index &- 2)
            }
            runStart = index
        }
        guard let string = String(bytes: text, encoding: .utf8) else { throw failure("the string is not valid UTF-8", at: start) }
        return string
    }

    private mutating func hexCode() throws(Failure) -> UInt32 {
        guard index &+ 4 <= bytes.count else { throw failure("`\\u` needs four hexadecimal digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw failure("`\\u` needs four hexadecimal digits")
            }
            code = code << 4 | UInt32(digit)
            index &+= 1
        }
        return code
    }
}
