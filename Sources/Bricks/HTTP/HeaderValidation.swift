import Foundation

/// Checks of header names, values and method tokens before anything is sent.
///
/// FoundationNetworking sends CR and LF inside header values as they are, which lets a value
/// smuggle in extra headers; Bricks refuses such values instead.
enum HeaderValidation {
    /// Whether `string` is a non-empty RFC 9110 token: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isToken(_ string: String) -> Bool {
        if string.isEmpty { return false }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
                UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                continue
            default:
                return false
            }
        }
        return true
    }

    /// Throws ``BricksError/Reason/invalidHeader(name:reason:)`` unless `name` is a token and `value`
    /// holds no control character other than a tab (RFC 9110 §5.5). CR, LF and NUL in particular
    /// would let a value inject headers. Bytes above 0x7F pass (RFC 9110 `obs-text`).
    static func validate(name: String, value: String) throws(BricksError) {
        guard isToken(name) else {
            throw .invalidHeader(
                name: name, reason: "a header name must be a non-empty token without spaces, colons or control characters")
        }
        for byte in value.utf8 where (byte < 0x20 && byte != 0x09) || byte == 0x7F {
            let kind = byte == 0x0D || byte == 0x0A ? "a CR or LF, which could inject headers" : "a control character"
            throw .invalidHeader(name: name, reason: "the value contains \(kind)")
        }
    }
}
