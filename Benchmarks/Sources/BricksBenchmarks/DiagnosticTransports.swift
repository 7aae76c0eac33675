import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Transports that are not Bricks', for the diagnostic round trips: with them, the overhead of
/// Bricks on `URLSessionTransport` splits into what `Session` adds and what any delegate-based
/// `URLSession` transport costs on FoundationNetworking.
enum DiagnosticTransports {
    /// `URLSession.data(for:)` and nothing else: no delegate, so none of the fixes that
    /// `URLSessionTransport` needs on Linux (401 challenges, redirect policy, size limit, deadline).
    /// `Session` on it costs what `Session` adds to raw `URLSession`.
    struct Bare: HTTPTransport {
        let session = URLSession(configuration: .ephemeral)

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let (data, response) = try await session.data(for: request)
            guard let response = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return (data, response)
        }
    }

    /// The least a transport driven by a session delegate must do, as `URLSessionTransport` is:
    /// collect the body in `didReceive data` and resume in `didCompleteWithError`. Every delegate
    /// callback crosses FoundationNetworking's delegate queue; this measures that price.
    final class MinimalDelegate: NSObject, HTTPTransport, URLSessionDataDelegate, @unchecked Sendable {
        private struct Pending {
            var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
            var data = Data()
        }

        private let lock = NSLock()
        private var pending: [Int: Pending] = [:]
        private let queue = OperationQueue()
        private var session: URLSession?

        override init() {
            super.init()
            queue.maxConcurrentOperationCount = 1
            session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: queue)
        }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            guard let task = session?.dataTask(with: request) else { throw URLError(.unknown) }
            return try await withCheckedThrowingContinuation { continuation in
                withLock { $0[task.taskIdentifier] = Pending(continuation: continuation) }
                task.resume()
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            withLock { $0[dataTask.taskIdentifier]?.data.append(data) }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let done = withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
            if let error {
                done.continuation.resume(throwing: error)
            } else if let response = task.response as? HTTPURLResponse {
                done.continuation.resume(returning: (done.data, response))
            } else {
                done.continuation.resume(throwing: URLError(.badServerResponse))
            }
        }

        private func withLock<Result>(_ body: (inout [Int: Pending]) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&pending)
        }
    }
}
