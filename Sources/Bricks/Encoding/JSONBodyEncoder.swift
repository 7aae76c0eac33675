import Foundation

/// The JSON writer of request bodies and WebSocket messages: what Foundation's `JSONEncoder` writes
/// for the same value and configuration, byte for byte, except that a floating-point number stays
/// one. `JSONEncoder` writes a `Double` `2.0` as `2` and `-0.0` as `-0`, which a reader that types
/// numbers by their text (Python's `json`, many databases) takes for an integer; this writes
/// Swift's shortest round-trip digits, always with a point or an exponent (`2.0`, `-0.0`,
/// `1e+20`, `5e-324`; a `Float` as `Float`'s), so every reader gets the same `Double` back, bit
/// for bit, and as a floating-point number.
///
/// Also different, where `JSONEncoder`'s output is not a choice: object members in the order they
/// were encoded (`JSONEncoder` writes them in its hash table's order, which changes from one run
/// of a program to the next), and `Decimal.nan` refused with an `EncodingError` (`JSONEncoder`
/// writes `NaN`, which no JSON reader accepts).
struct JSONBodyEncoder {
    private let options: JSONBodyEncodingOptions

    /// An encoder with `encoder`'s output formatting, strategies and `userInfo`; `nil` when one of
    /// its strategies is a case this encoder does not know.
    init?(configuredBy encoder: JSONEncoder) {
        guard let options = JSONBodyEncodingOptions(encoder) else { return nil }
        self.options = options
    }

    /// `value` as JSON.
    /// - Throws: `EncodingError.invalidValue` naming the coding path of a value JSON cannot hold
    ///   (a non-finite number under the `.throw` strategy, `Decimal.nan`), of a top-level value
    ///   that encodes nothing, or of containers nested 512 deep; any error the value's own
    ///   `encode(to:)` throws.
    func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONBodyValueEncoder(options: options, owner: nil, prefix: [], key: nil)
        guard let topLevel = try encoder.wrap(value, [], nil) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var writer = JSONBodyWriter(options: options)
        do {
            try writer.write(topLevel)
        } catch {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [],
                debugDescription: "Unable to encode the given top-level value to JSON: containers nest 512 deep or more."))
        }
        return Data(writer.bytes)
    }

    /// `value` as JSON the way `encoder` is configured: by Bricks' encoder when `encoder` is a plain
    /// `JSONEncoder`, by `encoder` itself when it is a subclass (its own `encode` is respected).
    /// The one place the library decides how it writes JSON.
    static func encode<T: Encodable>(_ value: T, configuredBy encoder: JSONEncoder) throws -> Data {
        if type(of: encoder) == JSONEncoder.self, let bricks = JSONBodyEncoder(configuredBy: encoder) {
            return try bricks.encode(value)
        }
        return try encoder.encode(value)
    }
}
