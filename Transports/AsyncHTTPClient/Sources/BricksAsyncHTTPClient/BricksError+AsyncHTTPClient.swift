import AsyncHTTPClient
import Bricks

extension BricksError {
    /// The Bricks error for a failure while sending through AsyncHTTPClient.
    /// - Parameters:
    ///   - error: what the exchange threw.
    ///   - limit: the response size limit in force, for ``responseTooLarge(limit:)``.
    init(sending error: any Error, limit: Int) {
        switch error {
        case let error as BricksError:
            self = error
        case _ where Task.isCancelled, is CancellationError:
            self = .cancelled
        case let error as HTTPClientError where error == .cancelled:
            self = .cancelled
        case let error as HTTPClientError where error == .deadlineExceeded || error == .connectTimeout:
            self = .timedOut
        case is ResponseAccumulator.ResponseTooBigError:
            self = .responseTooLarge(limit: limit)
        default:
            self = .transport(error)
        }
    }
}
