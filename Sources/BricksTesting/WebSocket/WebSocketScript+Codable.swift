import Bricks
import Foundation

// A conversation as JSON, for the fixtures of `RecordingWebSocketTransport`: each script is
// `{"accept": [steps]}` or `{"reject": {"status": 401, "body": "…"}}`; each step is
// `{"expect": message}`, `{"reply": message}`, `{"close": {"code": 1000, "reason": ""}}`,
// `"drop"` or `"ignorePings"`; a message is `{"text": "…"}` or `{"binary": "<base64>"}`.

extension WebSocketScript: Codable {
    private enum Key: String, CodingKey { case accept, reject, status, body }

    /// Reads a script written by ``encode(to:)``.
    /// - Throws: `DecodingError` for anything else.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let steps = try container.decodeIfPresent([Step].self, forKey: .accept) {
            self = .accept(steps)
            return
        }
        let reject = try container.nestedContainer(keyedBy: Key.self, forKey: .reject)
        self = .reject(status: try reject.decode(Int.self, forKey: .status), body: try reject.decode(String.self, forKey: .body))
    }

    /// Writes the script as JSON.
    /// - Throws: the encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .accept(let steps):
            try container.encode(steps, forKey: .accept)
        case .reject(let status, let body):
            var reject = container.nestedContainer(keyedBy: Key.self, forKey: .reject)
            try reject.encode(status, forKey: .status)
            try reject.encode(body, forKey: .body)
        }
    }
}

extension WebSocketScript.Step: Codable {
    private enum Key: String, CodingKey { case expect, reply, close, code, reason, text, binary }

    /// Reads a step written by ``encode(to:)``.
    /// - Throws: `DecodingError` for anything else.
    public init(from decoder: any Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            switch word {
            case "drop": self = .drop
            case "ignorePings": self = .ignorePings
            default:
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown step \(word)"))
            }
            return
        }
        let container = try decoder.container(keyedBy: Key.self)
        if container.contains(.expect) {
            self = .expect(try Self.message(in: container.nestedContainer(keyedBy: Key.self, forKey: .expect)))
        } else if container.contains(.reply) {
            self = .reply(try Self.message(in: container.nestedContainer(keyedBy: Key.self, forKey: .reply)))
        } else {
            let close = try container.nestedContainer(keyedBy: Key.self, forKey: .close)
            self = .close(
                WebSocketCloseCode(rawValue: try close.decode(UInt16.self, forKey: .code)),
                reason: try close.decode(String.self, forKey: .reason))
        }
    }

    /// Writes the step as JSON.
    /// - Throws: the encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .drop, .ignorePings:
            var container = encoder.singleValueContainer()
            try container.encode(self == .drop ? "drop" : "ignorePings")
        case .expect(let message), .reply(let message):
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: self == .expect(message) ? .expect : .reply)
            switch message {
            case .text(let text): try nested.encode(text, forKey: .text)
            case .binary(let data): try nested.encode(data, forKey: .binary)
            }
        case .close(let code, let reason):
            var container = encoder.container(keyedBy: Key.self)
            var close = container.nestedContainer(keyedBy: Key.self, forKey: .close)
            try close.encode(code.rawValue, forKey: .code)
            try close.encode(reason, forKey: .reason)
        }
    }

    private static func message(in container: KeyedDecodingContainer<Key>) throws -> WebSocketMessage {
        if let text = try container.decodeIfPresent(String.self, forKey: .text) { return .text(text) }
        return .binary(try container.decode(Data.self, forKey: .binary))
    }
}
