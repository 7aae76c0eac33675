import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why the example stopped, said so that the person running it knows what to do.
enum ExampleError: Error, CustomStringConvertible {
    /// An option was wrong; the text says which and how.
    case usage(String)
    /// A fixture that should be bundled with the example is missing.
    case missingFixture(String)
    /// A call failed. `step` says what the example was doing, `server` where it sent it.
    case callFailed(step: String, server: String, underlying: any Error)

    var description: String {
        switch self {
        case .usage(let text):
            return text
        case .missingFixture(let name):
            return "the bundled fixture \(name) is missing; rebuild the example with `swift build`"
        case .callFailed(let step, let server, let underlying):
            return "could not \(step) on \(server):\n  \(underlying)"
        }
    }

    /// What lies under a failed call, for the hints: the causes a person can act on.
    enum Cause: Equatable {
        /// The server answered, but not as GitHub's REST API does (a status or body it refused).
        case notGitHub
        /// The server's host name could not be resolved.
        case hostNotFound
        /// The host was found but refused the connection: nothing listens on that port. (`URLError`
        /// reports an unreachable host with the same code, so that lands here too.)
        case connectionRefused
        /// The server did not answer in time.
        case timedOut
    }

    /// The cause under `error`, or `nil` when it is none of ``Cause``'s.
    ///
    /// The only place in the example that looks inside Bricks' errors: a transport failure
    /// arrives as a `BricksError` whose reason is `.transport(URLError)`: `cannotFindHost` (or
    /// `dnsLookupFailed`) for a name that does not resolve, `cannotConnectToHost` for a refused
    /// connection.
    static func cause(of error: any Error) -> Cause? {
        guard case .callFailed(_, _, let underlying) = error as? ExampleError,
            let reason = (underlying as? BricksError)?.reason
        else { return nil }
        switch reason {
        case .decoding, .unacceptableStatus:
            return .notGitHub
        case .timedOut:
            return .timedOut
        case .transport(let failure as URLError):
            switch failure.code {
            case .cannotFindHost, .dnsLookupFailed: return .hostNotFound
            case .cannotConnectToHost: return .connectionRefused
            default: return nil
            }
        default:
            return nil
        }
    }
}
