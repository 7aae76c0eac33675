/// The status code of a WebSocket close frame (RFC 6455 §7.4), such as ``normalClosure`` (1000).
///
/// Codes 1000–2999 are the protocol's, 3000–3999 registered by libraries and frameworks, and
/// 4000–4999 free for an application's own use:
///
/// ```swift
/// extension WebSocketCloseCode { static let roomDeleted = WebSocketCloseCode(rawValue: 4004) }
/// ```
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as sent in the close frame.
    public var rawValue: UInt16

    /// Makes a code.
    /// - Parameter rawValue: the code as sent in the close frame.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection is fulfilled. The incoming messages end normally.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the peer is going away (a server shutting down, a page navigating away).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the peer broke the WebSocket protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: the peer received a kind of message it cannot accept (binary for a text-only API, say).
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: the close frame carried no code. Never sent; reported for such a frame.
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection ended without a close frame. Never sent; reported for a dropped connection.
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a message's data did not match its type (a text message that is not UTF-8).
    public static let invalidFramePayloadData = WebSocketCloseCode(rawValue: 1007)
    /// 1008: the peer's policy refused the connection or a message. Reconnecting never follows it.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message was larger than the peer accepts.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1011: the server met an unexpected condition.
    public static let internalServerError = WebSocketCloseCode(rawValue: 1011)
    /// 1012: the server is restarting; a client may reconnect.
    public static let serviceRestart = WebSocketCloseCode(rawValue: 1012)
    /// 1013: the server is overloaded; a client may reconnect later.
    public static let tryAgainLater = WebSocketCloseCode(rawValue: 1013)

    /// Whether a peer may send this code in a close frame (RFC 6455 §7.4.1 and the IANA registry):
    /// 1000–1003, 1007–1014 and 3000–4999.
    public var isSendable: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// The code and its name, such as `1001 (going away)`.
    public var description: String {
        let names: [UInt16: String] = [
            1000: "normal closure", 1001: "going away", 1002: "protocol error", 1003: "unsupported data",
            1005: "no status received", 1006: "abnormal closure", 1007: "invalid payload data",
            1008: "policy violation", 1009: "message too big", 1010: "mandatory extension",
            1011: "internal server error", 1012: "service restart", 1013: "try again later", 1014: "bad gateway",
        ]
        return names[rawValue].map { "\(rawValue) (\($0))" } ?? "\(rawValue)"
    }
}
