import Foundation

/// The events of a streamed response, as they arrive: what ``Session/events(of:)`` and
/// ``Session/bytes(of:)`` return.
///
/// Nothing is sent until iteration starts. The status is checked (and an API's typed error
/// decoded) before the first event, exactly as for ``Session/send(_:)``. Leaving the loop, or
/// cancelling the task that iterates, cancels the request; the stream ends when the server ends
/// it (for Server-Sent Events with ``SSEReconnection``: when the server answers `204`, or with a
/// ``BricksError/Reason/reconnectionGaveUp(reconnections:why:)`` error when reconnecting gives up).
///
/// ```swift
/// for try await event in session.events(of: Ticker()) {
///     print(event.price)
///     if event.price > 100 { break }   // cancels the request
/// }
/// ```
///
/// The stream holds its endpoint, so it is read where it was made: in an app target, on the main
/// actor with the view model that asked for it. Each connection's request is built and each event
/// decoded in the isolation of the loop; the exchange and the transport run away from it.
public struct EventStream<Element>: AsyncSequence {
    /// Sends the request (with `Last-Event-ID` when resuming) and returns the checked response and
    /// the call, for errors; or `nil` when a resumed stream is over (`204`). Runs in the
    /// isolation of the loop, where the endpoint lives.
    typealias Open = nonisolated(nonsending) (_ lastEventID: String?) async throws -> (response: RawResponse, call: RequestSummary)?
    /// A reader for a body that continues after a last event ID, and what that ID is now.
    typealias MakeReader = (_ lastEventID: String) -> (reader: EventReader<Element>, lastEventID: () -> String, retry: () -> Duration?)

    private let open: Open
    private let makeReader: MakeReader
    private let reconnection: SSEReconnection

    init(open: @escaping Open, reconnection: SSEReconnection = .never, makeReader: @escaping MakeReader) {
        self.open = open
        self.makeReader = makeReader
        self.reconnection = reconnection
    }

    /// Reads the events in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let driver: Driver

        /// The next event, or `nil` at the end of the stream.
        /// - Throws: ``BricksError`` (with the call), a ``TypedAPIError``, or the endpoint's
        ///   decoding error.
        public mutating func next() async throws -> Element? { try await driver.next() }

        /// The next event, read in the isolation of `actor` (what a `for try await` loop passes),
        /// or `nil` at the end of the stream.
        /// - Throws: as ``next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
            try await driver.next()
        }
    }

    /// Starts reading; the request is sent on the first call to `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(driver: Driver(open: open, makeReader: makeReader, reconnection: reconnection))
    }

    /// The state of one iteration: the body being read, the reader, events not handed out yet.
    fileprivate final class Driver {
        private let open: Open
        private let makeReader: MakeReader
        private let reconnection: SSEReconnection
        private var body: ResponseBody.AsyncIterator?
        private var reader: (reader: EventReader<Element>, lastEventID: () -> String, retry: () -> Duration?)?
        private var pending: [Element] = []
        private var nextPending = 0
        private var isFinished = false
        private var hasStarted = false
        private var lastEventID = ""
        /// The server's latest `retry` time: kept across connections until it sends another.
        private var retry: Duration?
        /// Whether the connection being read has delivered an event.
        private var connectionDelivered = false
        /// Connections in a row that ended without an event.
        private var emptyConnections = 0
        /// Reconnections so far.
        private var reconnections = 0
        /// When the first request went out, for ``SSEReconnection/maximumTotalTime``.
        private var startedAt: ContinuousClock.Instant?
        /// The call being read, for the errors of the format.
        private var call: RequestSummary?

        init(open: @escaping Open, makeReader: @escaping MakeReader, reconnection: SSEReconnection) {
            self.open = open
            self.makeReader = makeReader
            self.reconnection = reconnection
        }

        nonisolated(nonsending)
        func next() async throws -> Element? {
            while true {
                if nextPending < pending.count {
                    defer { nextPending += 1 }
                    return pending[nextPending]
                }
                pending.removeAll(keepingCapacity: true)
                nextPending = 0
                if isFinished { return nil }
                do {
                    try await step()
                } catch {
                    body = nil
                    guard try await mayReconnect(after: error) else {
                        isFinished = true
                        throw error
                    }
                }
            }
        }

        /// Opens the stream if needed and reads one chunk into `pending`.
        nonisolated(nonsending)
        private func step() async throws {
            guard var chunks = body, let current = reader else {
                let resuming = hasStarted
                hasStarted = true
                if startedAt == nil { startedAt = .now }
                connectionDelivered = false
                guard let (response, call) = try await open(resuming ? lastEventID : nil) else {
                    isFinished = true
                    return
                }
                self.call = call
                body = response.body.makeAsyncIterator()
                reader = makeReader(lastEventID)
                return
            }
            if let chunk = try await chunks.next() {
                body = chunks
                pending = try reading { try current.reader.read(chunk) }
                note(current)
            } else {
                body = nil
                pending = try reading { try current.reader.finish() }
                note(current)
                if !(try await mayReconnect(after: nil)) { isFinished = true }
            }
        }

        /// Keeps what a reconnection needs from the reader: the last event ID, the server's
        /// `retry` time, and whether the connection delivered anything.
        private func note(_ current: (reader: EventReader<Element>, lastEventID: () -> String, retry: () -> Duration?)) {
            lastEventID = current.lastEventID()
            if let time = current.retry() { retry = time }
            if !pending.isEmpty { connectionDelivered = true }
        }

        /// Runs the format's reader, its errors as ``BricksError``s that name the call.
        private func reading(_ read: () throws -> [Element]) throws -> [Element] {
            do {
                return try read()
            } catch let error as StreamFormatError {
                throw BricksError(.invalidResponse(error.description), request: call)
            } catch var error as BricksError {
                if error.request == nil { error.request = call }
                throw error
            } catch let error as DecodingError {
                throw BricksError(.decoding(error, bodyExcerpt: ""), request: call)
            }
        }

        /// Waits and returns `true` when the stream should be opened again after its connection
        /// ended (`error == nil`) or failed with a transport error; `false` when the policy never
        /// reconnects or the error is of another kind.
        /// - Throws: ``BricksError/Reason/reconnectionGaveUp(reconnections:why:)`` when a limit of
        ///   the policy is reached, or ``BricksError/Reason/cancelled``.
        nonisolated(nonsending)
        private func mayReconnect(after error: (any Error)?) async throws -> Bool {
            guard reconnection.maximumAttempts > 0 else { return false }
            if let error {
                guard let failure = error as? BricksError, case .transport = failure.reason else { return false }
            }
            emptyConnections = connectionDelivered ? 0 : emptyConnections + 1
            connectionDelivered = false
            let delay = reconnection.delay(retry: retry, emptyConnections: emptyConnections)
            let lastConnection = error.map { "the last connection failed: \(Self.describe($0))" }
                ?? "the last connection ended"
            if emptyConnections >= reconnection.maximumAttempts {
                throw giveUp("\(emptyConnections) connection\(emptyConnections == 1 ? "" : "s") in a row delivered no event; \(lastConnection)")
            }
            if let limit = reconnection.maximumTotalAttempts, reconnections >= limit {
                throw giveUp("the policy allows \(limit) reconnection\(limit == 1 ? "" : "s") in all; \(lastConnection)")
            }
            if let limit = reconnection.maximumTotalTime, let startedAt, startedAt.duration(to: .now) + delay > limit {
                throw giveUp("the next one would start more than \(BricksError.format(limit)) after the first request; \(lastConnection)")
            }
            reconnections += 1
            reader = nil
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw BricksError(.cancelled, request: call)
            }
            return true
        }

        private func giveUp(_ why: String) -> BricksError {
            BricksError(.reconnectionGaveUp(reconnections: reconnections, why: why), request: call)
        }

        /// An error without the call it names (the give-up error names it once).
        private static func describe(_ error: any Error) -> String {
            guard let error = error as? BricksError else { return "\(error)" }
            return error.sentence
        }
    }
}
