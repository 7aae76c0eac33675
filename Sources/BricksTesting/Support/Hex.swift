import Foundation

/// Hexadecimal digits, for binary fixture bodies and percent-escapes.
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `data` as lowercase hex digits.
    static func encode(_ data: Data) -> String {
        var text = [UInt8]()
        text.reserveCapacity(data.count * 2)
        for byte in data { text += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes `text` spells in hex digits (either case), or `nil` when it is not hex.
    static func decode(_ text: String) -> Data? {
        let characters = Array(text.utf8)
        guard characters.count.isMultiple(of: 2) else { return nil }
        var bytes = Data(capacity: characters.count / 2)
        for index in stride(from: 0, to: characters.count, by: 2) {
            guard let byte = byte(characters[index], characters[index + 1]) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// The byte two hex digits spell, or `nil` when either is not a hex digit.
    static func byte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = value(of: high), let low = value(of: low) else { return nil }
        return high << 4 | low
    }

    /// `%2F` for `/`: a percent-escape with uppercase digits, as RFC 3986 recommends.
    static func percentEscape(_ byte: UInt8) -> String {
        "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self).uppercased()
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
