import Bricks
import HTTPTypes

extension HTTPFields {
    /// The same fields as swift-http-types' `HTTPFields`: every field in order, repeated names
    /// kept, names spelled as they are (`HTTPField.Name.rawName`), values byte for byte.
    /// ``Bricks/HeaderFields/init(_:)-(HTTPFields)`` gives them back unchanged.
    /// - Parameter fields: Bricks' header fields.
    /// - Throws: ``Bricks/BricksError`` ``Bricks/BricksError/Reason/invalidHeader(name:reason:)``
    ///   when a name is not an HTTP token (a pseudo-header such as `:path` included) or a value
    ///   contains CR, LF or NUL, as Bricks refuses them when it sends a request.
    public init(_ fields: HeaderFields) throws(BricksError) {
        self.init()
        reserveCapacity(fields.count)
        for field in fields { append(try HTTPField(field)) }
    }
}

extension HTTPField {
    /// The same field as swift-http-types' `HTTPField`.
    /// - Parameter field: Bricks' header field.
    /// - Throws: ``Bricks/BricksError`` ``Bricks/BricksError/Reason/invalidHeader(name:reason:)``
    ///   for a name that is not an HTTP token, or a value with CR, LF or NUL.
    public init(_ field: HeaderField) throws(BricksError) {
        guard let name = HTTPField.Name(field.name) else {
            throw BricksError(.invalidHeader(name: field.name, reason: "the name is not an HTTP token"))
        }
        let value = Array(field.value.utf8)
        guard !value.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
            throw BricksError(.invalidHeader(name: field.name, reason: "the value contains CR, LF or NUL"))
        }
        // Lenient: changes only CR, LF and NUL, refused above, so the value is kept exactly.
        self.init(name: name, lenientValue: value)
    }
}

extension HeaderFields {
    /// The same fields as Bricks' `HeaderFields`: every field in order, repeated names kept,
    /// names as spelled (`rawName`). A value that is not UTF-8 (obsolete Latin-1 text) has its
    /// invalid bytes replaced by U+FFFD.
    /// - Parameter fields: swift-http-types' fields.
    public init(_ fields: HTTPFields) {
        self.init(fields.map { HeaderField(name: $0.name.rawName, value: $0.value) })
    }
}
