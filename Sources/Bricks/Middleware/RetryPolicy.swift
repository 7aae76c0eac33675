import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how long ``RetryMiddleware`` waits before sending a request again.
///
/// ```swift
/// var policy = RetryPolicy.exponentialBackoff(maxAttempts: 5, baseDelay: .milliseconds(200))
/// policy.retryableStatusCodes.insert(409)
/// let retry = RetryMiddleware(policy)
/// ```
///
/// The wait before retry *n* is `baseDelay × multiplier^(n−1)`, at most `maximumDelay`, of which
/// the fraction `jitter` is random (so that many clients do not retry in step). A reply's
/// `Retry-After` header (seconds or an HTTP date) replaces that wait; one that asks for more than
/// `maximumRetryAfter` ends the retries and the reply goes to the caller.
public struct RetryPolicy: Sendable {
    /// The most times a request is sent, the first included. `1` never retries.
    public var maxAttempts: Int
    /// The wait before the first retry, before jitter.
    public var baseDelay: Duration
    /// The longest wait computed by backoff, before jitter.
    public var maximumDelay: Duration
    /// How much each wait grows over the previous one.
    public var multiplier: Double
    /// The random share of each backoff wait, from 0 (none) to 1 (anything between zero and the
    /// full wait).
    public var jitter: Double
    /// Statuses worth another try.
    public var retryableStatusCodes: Set<Int>
    /// The longest `Retry-After` the policy waits for; beyond it the reply goes to the caller.
    public var maximumRetryAfter: Duration
    /// Whether to retry requests whose ``CallContext/isIdempotent`` is `false` (a plain `POST`
    /// or `PATCH`). Prefer opting in per request with an `Idempotency-Key` header.
    public var retriesNonIdempotentRequests: Bool
    /// Decides whether an error thrown by the rest of the stack is worth another try.
    public var isRetryableError: @Sendable (any Error) -> Bool

    /// Makes a policy.
    /// - Parameters:
    ///   - maxAttempts: the most times a request is sent, the first included. Default: 3.
    ///   - baseDelay: the wait before the first retry. Default: 0.5 s.
    ///   - maximumDelay: the longest backoff wait. Default: 30 s.
    ///   - multiplier: how much each wait grows. Default: 2.
    ///   - jitter: the random share of each wait, 0…1. Default: 0.5.
    ///   - retryableStatusCodes: statuses worth another try. Default: 408, 429, 500, 502, 503, 504.
    ///   - maximumRetryAfter: the longest `Retry-After` honoured. Default: 60 s.
    ///   - retriesNonIdempotentRequests: whether to retry `POST`, `PATCH`… Default: `false`.
    ///   - isRetryableError: which errors are worth another try. Default: ``isTransient(_:)``.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30),
        multiplier: Double = 2, jitter: Double = 0.5,
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        maximumRetryAfter: Duration = .seconds(60), retriesNonIdempotentRequests: Bool = false,
        isRetryableError: @escaping @Sendable (any Error) -> Bool = RetryPolicy.isTransient
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.multiplier = multiplier
        self.jitter = jitter
        self.retryableStatusCodes = retryableStatusCodes
        self.maximumRetryAfter = maximumRetryAfter
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
        self.isRetryableError = isRetryableError
    }

    /// Three attempts, 0.5 s then about 1 s apart, for idempotent requests.
    public static let `default` = RetryPolicy()

    /// Exponential backoff with jitter, with the other settings at their defaults.
    /// - Parameters:
    ///   - maxAttempts: the most times a request is sent, the first included.
    ///   - baseDelay: the wait before the first retry. Default: 0.5 s.
    ///   - maximumDelay: the longest wait. Default: 30 s.
    public static func exponentialBackoff(
        maxAttempts: Int, baseDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30)
    ) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, baseDelay: baseDelay, maximumDelay: maximumDelay)
    }

    /// Whether `error` is a passing network failure: a timeout, a refused or lost connection, a
    /// failed DNS lookup, no network. Cancellation and every error about the request or the
    /// reply itself are not.
    public static func isTransient(_ error: any Error) -> Bool {
        switch error {
        case let error as BricksError:
            switch error.reason {
            case .timedOut: return true
            case .transport(let cause): return (cause as? URLError).map { transientCodes.contains($0.code) } ?? true
            default: return false
            }
        case let error as URLError:
            return transientCodes.contains(error.code)
        default:
            return false
        }
    }

    private static let transientCodes: Set<URLError.Code> = [
        .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
        .notConnectedToInternet,
    ]

    /// The backoff wait after attempt `attempt` (from 1) failed.
    /// - Parameter random: a number in `0..<1` that sets the jitter.
    func backoff(afterAttempt attempt: Int, random: Double = Double.random(in: 0..<1)) -> Duration {
        let exponent = Double(Swift.max(attempt - 1, 0))
        let full = Swift.min(baseDelay.seconds * pow(multiplier, exponent), maximumDelay.seconds)
        let share = Swift.min(Swift.max(jitter, 0), 1)
        return .clampedSeconds(full * (1 - share * random))
    }

    /// The wait a `Retry-After` header value asks for: a number of seconds or an HTTP date.
    /// `nil` when the value is neither; zero for a date in the past.
    static func retryAfter(_ value: String, now: Date = Date()) -> Duration? {
        let value = value.trimmingCharacters(in: .whitespaces)
        if DecimalDigits.isDigits(value) {
            return .clampedSeconds(Double(value) ?? .infinity)
        }
        return HTTPDate.parse(value).map { .clampedSeconds($0.timeIntervalSince(now)) }
    }
}
