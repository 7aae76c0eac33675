import Foundation

/// One item of a stream — a JSON line, a server-sent event — that could not be decoded: which
/// one, and why. It is the cause of the ``BricksError/Reason/decoding(_:bodyExcerpt:)`` that ends
/// the stream, whose excerpt is the item's own text; the items before it were handed out first.
struct StreamItemError: Error, CustomStringConvertible {
    /// What the stream is made of.
    enum Item: Sendable {
        /// A line of a line-delimited stream, numbered from 1 (empty lines counted).
        case line
        /// A server-sent event, numbered from 1 on its connection, with its `id` if it had one.
        case event(id: String?)
        /// A WebSocket message, numbered from 1 on its connection.
        case message
    }

    let item: Item
    let number: Int
    /// Why: the decoder's error.
    let cause: any Error
    /// Whether the item's bytes were not UTF-8 (a JSON line), or held U+FFFD, which the
    /// event-stream rules put in place of bytes that are not (an event's data).
    let hasInvalidUTF8: Bool

    var description: String {
        let name: String
        switch item {
        case .line: name = "line \(number)"
        case .event(let id): name = "event \(number)" + (id.map { " (id \"\($0)\")" } ?? "")
        case .message: name = "message \(number)"
        }
        if hasInvalidUTF8 {
            switch item {
            case .line, .message: return "\(name) of the stream is not valid UTF-8"
            case .event:
                return "\(name) of the stream could not be decoded: its data held bytes that are not valid UTF-8 "
                    + "(read as U+FFFD), then \(BricksError.describe(decoding: cause))"
            }
        }
        if case .dataCorrupted(let context) = cause as? DecodingError, context.codingPath.isEmpty {
            return "\(name) of the stream is not valid JSON (\(context.debugDescription))"
        }
        return "\(name) of the stream could not be decoded: \(BricksError.describe(decoding: cause))"
    }

    /// Decodes one item, turning a `DecodingError` into a ``BricksError`` that names the item and
    /// quotes it. Other errors (an endpoint's own) pass through as they are.
    static func decoding<Value>(
        _ item: Item, number: Int, bytes: some Collection<UInt8>, _ decode: () throws -> Value
    ) throws -> Value {
        do {
            return try decode()
        } catch let error as DecodingError {
            let text = String(decoding: bytes.prefix(BricksError.excerptLength), as: UTF8.self)
            let invalidUTF8: Bool
            switch item {
            case .line, .message: invalidUTF8 = String(bytes: bytes, encoding: .utf8) == nil
            case .event: invalidUTF8 = text.unicodeScalars.contains("\u{FFFD}")
            }
            let failure = StreamItemError(item: item, number: number, cause: error, hasInvalidUTF8: invalidUTF8)
            throw BricksError(.decoding(failure, bodyExcerpt: bytes.count > BricksError.excerptLength ? text + "…" : text))
        }
    }
}
