/// Percent-encoding of UTF-8 text against a fixed set of ASCII characters that stay as they are.
///
/// Works on bytes with two 64-bit masks instead of `CharacterSet`, so the common case (nothing to
/// encode) costs one pass over the bytes and no allocation, and the result is the same on every
/// platform.
struct PercentEncoding: Sendable {
    /// Allowed bytes 0..<64, one bit each.
    private let low: UInt64
    /// Allowed bytes 64..<128, one bit each.
    private let high: UInt64
    /// Whether a space becomes `+` (form encoding) rather than `%20`.
    private let spaceAsPlus: Bool

    /// - Parameters:
    ///   - unreservedAnd: ASCII characters allowed besides letters and digits.
    ///   - spaceAsPlus: encode a space as `+`.
    init(unreservedAnd extra: String, spaceAsPlus: Bool = false) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        let alphanumerics = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        for byte in (alphanumerics + extra).utf8 where byte < 128 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        self.low = low
        self.high = high
        self.spaceAsPlus = spaceAsPlus
    }

    /// RFC 3986 `pchar` plus `/`: what a `path` may hold as it is.
    static let path = PercentEncoding(unreservedAnd: "-._~!$&'()*+,;=:@/")
    /// `pchar`: what one path segment may hold as it is (no `/`).
    static let segment = PercentEncoding(unreservedAnd: "-._~!$&'()*+,;=:@")
    /// What a query name or value may hold as it is: unreserved plus a few safe delimiters.
    /// `&`, `=`, `+`, `;`, `#`, `%` and brackets are encoded, so values arrive as written.
    static let query = PercentEncoding(unreservedAnd: "-._~!$'()*,:@/?")
    /// The `application/x-www-form-urlencoded` byte serializer of the WHATWG URL standard:
    /// letters, digits and `*-._` stay, a space becomes `+`, everything else is percent-encoded.
    static let form = PercentEncoding(unreservedAnd: "*-._", spaceAsPlus: true)

    /// Whether `byte` stays as it is.
    func allows(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
        return false
    }

    /// Appends `string`, encoded, to `output`.
    func append(_ string: String, to output: inout String) {
        if string.utf8.allSatisfy(allows) {
            output += string
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count * 3)
        append(string, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the encoded UTF-8 bytes of `string` to `output`.
    func append(_ string: String, to output: inout [UInt8]) {
        for byte in string.utf8 {
            if allows(byte) {
                output.append(byte)
            } else if byte == UInt8(ascii: " ") && spaceAsPlus {
                output.append(UInt8(ascii: "+"))
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    /// `string` encoded.
    func encode(_ string: String) -> String {
        var output = ""
        append(string, to: &output)
        return output
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
