import Foundation

/// Serialises name/value pairs as an `application/x-www-form-urlencoded` body.
///
/// Uses the form character set of the WHATWG URL standard: a space becomes `+`, and `+`, `&`, `=`
/// and every other byte outside letters, digits and `*-._` are percent-encoded, so every value
/// arrives exactly as written. An item without a value is sent as `name=`.
enum FormURLEncoding {
    /// The media type of a form body.
    static let contentType = "application/x-www-form-urlencoded"

    /// The body for `items`, in their order.
    static func body(for items: [URLQueryItem]) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(items.reduce(0) { $0 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) + 2 })
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            PercentEncoding.form.append(item.name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            PercentEncoding.form.append(item.value ?? "", to: &bytes)
        }
        return Data(bytes)
    }
}
