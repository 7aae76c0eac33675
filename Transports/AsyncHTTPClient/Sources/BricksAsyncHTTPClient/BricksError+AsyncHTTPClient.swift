import AsyncHTTPClient
import Bricks

extension BricksError {
    /// The Bricks error for a failure while exchanging through AsyncHTTPClient.
    init(sending error: any Error) {
        switch error {
        case let error as BricksError:
            self = error
        case _ where Task.isCancelled, is CancellationError:
            self.init(.cancelled)
        case let error as HTTPClientError where error == .cancelled:
            self.init(.cancelled)
        case let error as HTTPClientError where error == .deadlineExceeded || error == .connectTimeout:
            self.init(.timedOut(after: .zero))
        default:
            self.init(mapping: error)
        }
    }
}
