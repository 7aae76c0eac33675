import Foundation

/// How a fixture writes a body: JSON objects and arrays as JSON, other UTF-8 text as a string,
/// anything else as hex with a flag that says so.
struct FixtureBody {
    let value: JSONValue
    let isBinary: Bool

    init(_ data: Data) {
        if let json = JSONValue.container(in: data) {
            (value, isBinary) = (json, false)
        } else if let text = String(data: data, encoding: .utf8) {
            (value, isBinary) = (.string(text), false)
        } else {
            (value, isBinary) = (.string(Hex.encode(data)), true)
        }
    }

    /// The bytes a fixture's body value stands for, or `nil` when a binary body is not hex.
    static func data(of value: JSONValue, isBinary: Bool) throws -> Data? {
        switch value {
        case .null:
            return Data()
        case .string(let text) where isBinary:
            return Hex.decode(text)
        case .string(let text):
            return Data(text.utf8)
        default:
            return try value.encoded()
        }
    }
}
