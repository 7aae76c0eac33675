import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport: WebSocketTransport {
    /// Opens the connection with a `URLSessionWebSocketTask` of a session made from this
    /// transport's configuration, and waits for the handshake's answer. With FoundationNetworking
    /// it fails at once: its `URLSessionWebSocketTask` compiles but its libcurl cannot carry
    /// WebSockets (the first send fails with `NSURLErrorDomain` -1002).
    /// - Throws: ``BricksError`` when no answer arrives;
    ///   ``BricksError/Reason/unsupportedTransport(_:)`` with FoundationNetworking, naming the
    ///   transport that can.
    public func openWebSocket(_ head: RequestHead, context: CallContext) async throws -> WebSocketUpgrade {
        guard !Self.runsOnFoundationNetworking else {
            throw BricksError(
                .unsupportedTransport(
                    "URLSession on this platform cannot carry WebSockets (FoundationNetworking's libcurl answers "
                        + "\"WebSockets not supported\"); open WebSocket endpoints through AsyncHTTPClientTransport "
                        + "from the BricksAsyncHTTPClient package"))
        }
        var request = try URLRequest(head, body: nil)
        storedCookies.add(to: &request)
        let url = try head.makeURL()
        request.url = url.webSocketURL
        let session = URLSession(configuration: configuration)
        let task = session.webSocketTask(with: request)
        task.maximumMessageSize = context.maximumMessageSize
        task.resume()
        do {
            // The first pong proves the handshake succeeded.
            try await URLSessionWebSocketLink.ping(task)
        } catch {
            task.cancel(with: .goingAway, reason: nil)
            session.finishTasksAndInvalidate()
            if let response = task.response as? HTTPURLResponse, response.statusCode != 101,
                let head = ResponseHead(response)
            {
                return .rejected(RawResponse(head: head))
            }
            throw BricksError(mapping: error)
        }
        let reply = (task.response as? HTTPURLResponse).flatMap { ResponseHead($0) } ?? ResponseHead(statusCode: 101, url: url)
        return .accepted(reply, URLSessionWebSocketLink(task: task, session: session))
    }
}

/// A connection on a `URLSessionWebSocketTask`, which joins frames, answers pings and keeps its
/// own small buffer.
final class URLSessionWebSocketLink: WebSocketLink {
    private let task: URLSessionWebSocketTask
    private let session: URLSession

    init(task: URLSessionWebSocketTask, session: URLSession) {
        self.task = task
        self.session = session
    }

    func send(_ message: WebSocketMessage) async throws {
        do {
            switch message {
            case .text(let text): try await task.send(.string(text))
            case .binary(let data): try await task.send(.data(data))
            }
        } catch {
            throw BricksError(mapping: error)
        }
    }

    func receive() async throws -> WebSocketEvent {
        do {
            // Not a switch: Apple's enum needs an `@unknown default` that FoundationNetworking's
            // (not resilient) warns is never run; a kind added later is skipped.
            let message = try await task.receive()
            if case .string(let text) = message { return .message(.text(text)) }
            if case .data(let data) = message { return .message(.binary(data)) }
            return try await receive()
        } catch {
            if task.closeCode != .invalid {
                let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                let code = UInt16(exactly: task.closeCode.rawValue) ?? WebSocketCloseCode.abnormalClosure.rawValue
                return .closed(WebSocketCloseCode(rawValue: code), reason: reason)
            }
            throw BricksError(mapping: error)
        }
    }

    func ping() async throws { try await Self.ping(task) }

    func close(code: WebSocketCloseCode, reason: String) async {
        let code = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
        task.cancel(with: code, reason: reason.isEmpty ? nil : Data(reason.utf8))
        session.finishTasksAndInvalidate()
    }

    /// Sends a ping on `task` and returns when its pong arrives.
    static func ping(_ task: URLSessionWebSocketTask) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            task.sendPing { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}

extension URL {
    /// This URL with `http` read as `ws` and `https` as `wss`; other schemes unchanged.
    var webSocketURL: URL {
        guard var parts = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        switch parts.scheme?.lowercased() {
        case "http": parts.scheme = "ws"
        case "https": parts.scheme = "wss"
        default: return self
        }
        return parts.url ?? self
    }
}
