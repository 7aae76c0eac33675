/// Writes a ``JSONBodyValue`` as `JSONEncoder`'s writer does, byte for byte: its string escapes
/// (`"`, `\`, `/` unless told not to, `\b \f \n \r \t`, other controls as `\u00XX`), its
/// pretty-printed layout (two spaces, `" : "`, an empty container as an open line), keys sorted by
/// their UTF-8 bytes, and its limit of 512 nested containers.
struct JSONBodyWriter {
    /// Thrown when containers nest 512 deep or more.
    struct TooDeep: Error {}

    private(set) var bytes: [UInt8] = []
    private let prettyPrinted: Bool
    private let sortedKeys: Bool
    private let escapesSlashes: Bool
    private var indent = 0
    private static let maximumDepth = 512

    init(options: JSONBodyEncodingOptions) {
        prettyPrinted = options.prettyPrinted
        sortedKeys = options.sortedKeys
        escapesSlashes = options.escapesSlashes
        bytes.reserveCapacity(256)
    }

    mutating func write(_ value: JSONBodyValue, depth: Int = 0) throws(TooDeep) {
        switch value {
        case .string(let text):
            writeString(text)
        case .number(let text):
            bytes.append(contentsOf: text.utf8)
        case .bool(let flag):
            bytes.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .array(let array):
            try writeArray(array.elements, depth: depth + 1)
        case .object(let object):
            try writeObject(object, depth: depth + 1)
        }
    }

    private mutating func writeArray(_ elements: [JSONBodyValue], depth: Int) throws(TooDeep) {
        guard depth < Self.maximumDepth else { throw TooDeep() }
        bytes.append(UInt8(ascii: "["))
        if prettyPrinted {
            bytes.append(UInt8(ascii: "\n"))
            indent += 1
        }
        for (position, element) in elements.enumerated() {
            if position > 0 {
                bytes.append(UInt8(ascii: ","))
                if prettyPrinted { bytes.append(UInt8(ascii: "\n")) }
            }
            if prettyPrinted { writeIndent() }
            try write(element, depth: depth)
        }
        if prettyPrinted {
            bytes.append(UInt8(ascii: "\n"))
            indent -= 1
            writeIndent()
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ object: JSONBodyValue.Object, depth: Int) throws(TooDeep) {
        guard depth < Self.maximumDepth else { throw TooDeep() }
        bytes.append(UInt8(ascii: "{"))
        if prettyPrinted {
            bytes.append(UInt8(ascii: "\n"))
            indent += 1
            if object.count > 0 { writeIndent() }
        }
        let keys = object.keys
        let values = object.values
        if sortedKeys {
            let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
            for (position, index) in order.enumerated() {
                try writeMember(keys[index], values[index], first: position == 0, depth: depth)
            }
        } else {
            for index in keys.indices {
                try writeMember(keys[index], values[index], first: index == 0, depth: depth)
            }
        }
        if prettyPrinted {
            bytes.append(UInt8(ascii: "\n"))
            indent -= 1
            writeIndent()
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func writeMember(_ key: String, _ value: JSONBodyValue, first: Bool, depth: Int) throws(TooDeep) {
        if !first {
            bytes.append(UInt8(ascii: ","))
            if prettyPrinted {
                bytes.append(UInt8(ascii: "\n"))
                writeIndent()
            }
        }
        writeString(key)
        if prettyPrinted {
            bytes.append(contentsOf: " : ".utf8)
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
        try write(value, depth: depth)
    }

    private mutating func writeIndent() {
        for _ in 0..<max(indent, 0) {
            bytes.append(UInt8(ascii: " "))
            bytes.append(UInt8(ascii: " "))
        }
    }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() {
                guard let escape = escapeOf(byte) else { continue }
                if runStart < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                }
                bytes.append(UInt8(ascii: "\\"))
                if escape == UInt8(ascii: "u") {
                    bytes.append(contentsOf: "u00".utf8)
                    bytes.append(Self.hexDigit(byte >> 4))
                    bytes.append(Self.hexDigit(byte & 0xF))
                } else {
                    bytes.append(escape)
                }
                runStart = index + 1
            }
            if runStart < utf8.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The letter after `\` for `byte` (`u` for `\u00XX`), `nil` when it is written as it is.
    private func escapeOf(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): escapesSlashes ? UInt8(ascii: "/") : nil
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        case 0x00..<0x20: UInt8(ascii: "u")
        default: nil
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
    }
}
