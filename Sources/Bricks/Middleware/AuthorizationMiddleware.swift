import Foundation

/// Puts a token on every request and, when the server rejects it, renews it once and resends.
///
/// ```swift
/// let tokens = TokenStore(token: savedToken) { rejected in try await renewToken() }
/// let session = Session(middleware: [
///     LoggingMiddleware(),
///     AuthorizationMiddleware(tokens: tokens),   // Authorization: Bearer <token>
///     RetryMiddleware(),
/// ])
/// ```
///
/// Rules:
/// - The token from ``TokenProvider/token()`` goes in `Authorization` as `Bearer <token>`
///   (header name and scheme are configurable). A request that already has the header, or sent
///   when there is no token, passes untouched and is never refreshed for.
/// - When the reply's status is 401 (configurable), the token is refreshed **once** however many
///   requests were rejected together: they all wait for the same
///   ``TokenProvider/refreshToken(rejected:)``, then each is sent once more with the new token.
/// - The reply to that second try goes to the caller whatever it is: no loops.
/// - When the refresh fails, every waiting request fails with the refresh's error.
public struct AuthorizationMiddleware: Middleware {
    /// The name of the header that carries the token.
    public let headerName: String
    /// The scheme written before the token (`"Bearer"`), or `nil` to send the token alone.
    public let scheme: String?
    /// The statuses that mean "token rejected".
    public let refreshStatusCodes: Set<Int>
    private let refresher: TokenRefresher

    /// Makes the middleware.
    /// - Parameters:
    ///   - tokens: where tokens come from and how they are renewed.
    ///   - headerName: the header that carries the token. Default: `Authorization`.
    ///   - scheme: written before the token, as in `Bearer <token>`; `nil` sends the token alone
    ///     (for an API key header, say). Default: `"Bearer"`.
    ///   - refreshStatusCodes: the statuses that trigger a refresh. Default: 401.
    public init(
        tokens: any TokenProvider, headerName: String = "Authorization", scheme: String? = "Bearer",
        refreshStatusCodes: Set<Int> = [401]
    ) {
        self.headerName = headerName
        self.scheme = scheme
        self.refreshStatusCodes = refreshStatusCodes
        refresher = TokenRefresher(tokens: tokens)
    }

    /// A bearer token with no refresh, in one line: `Authorization: Bearer <token>` on every
    /// request, the token read for each from `token` (a keychain, an environment variable).
    ///
    /// ```swift
    /// let session = Session(middleware: [AuthorizationMiddleware(bearer: { ProcessInfo.processInfo.environment["API_TOKEN"] })])
    /// ```
    ///
    /// A `nil` or empty token fails the call with a ``BricksError`` that says so, rather than
    /// sending a request without credentials or with `Bearer ` and nothing after it. Use
    /// ``init(tokens:headerName:scheme:refreshStatusCodes:)`` when a rejected token can be renewed.
    /// - Parameter token: the token, read for each request.
    public init(bearer token: @escaping @Sendable () async throws -> String?) {
        self.init(tokens: RequiredToken(read: token), refreshStatusCodes: [])
    }

    /// Authorizes the request, and resends it once with a renewed token if it was rejected.
    /// - Throws: the provider's errors, including a failed refresh, unchanged.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        guard !head.headerFields.contains(headerName) else { return try await next(head, body, context) }
        let generation = refresher.generation  // before the token: see TokenRefresher
        guard let token = try await refresher.tokens.token() else { return try await next(head, body, context) }
        let response = try await next(try authorize(head, with: token), body, context)
        // A one-shot body was used up by the first attempt: its rejection is the answer.
        guard refreshStatusCodes.contains(response.head.statusCode), body?.isReplayable ?? true else { return response }
        let renewed = try await refresher.token(replacing: token, sentIn: generation)
        return try await next(try authorize(head, with: renewed), body, context)
    }

    private func authorize(_ head: RequestHead, with token: String) throws -> RequestHead {
        let value = scheme.map { "\($0) \(token)" } ?? token
        try HeaderValidation.validate(name: headerName, value: value)
        var head = head
        head.headerFields[headerName] = value
        return head
    }
}

/// Makes sure a rejected token is refreshed once, however many requests it failed.
///
/// Refreshes are numbered by generation, and each generation refreshes at most once. A request
/// notes the generation when it takes its token. On rejection, if a refresh finished since then,
/// it reuses that refresh's outcome (unless the refreshed token is the very one rejected);
/// otherwise it joins the refresh of the current generation, or starts it. A refresh checks, as
/// it starts, that its generation is still current (another may have ended it since the request
/// decided), and ends its generation before releasing its waiters.
private final class TokenRefresher: Sendable {
    private struct State {
        var generation = 0
        var latest: Result<String, any Error>?
    }

    let tokens: any TokenProvider
    private let state = Locked(State())
    private let flights = SingleFlight<Int, String?>(cancelsWhenAbandoned: false)

    init(tokens: any TokenProvider) { self.tokens = tokens }

    var generation: Int { state.withLock { $0.generation } }

    /// The token to resend with after `rejected`, taken in `generation`, was refused.
    func token(replacing rejected: String, sentIn generation: Int) async throws -> String {
        while true {
            let step = state.withLock { state -> Step in
                guard state.generation > generation, let latest = state.latest else {
                    return .refresh(generation: state.generation)
                }
                if case .success(rejected) = latest { return .refresh(generation: state.generation) }
                return .reuse(latest)
            }
            switch step {
            case .reuse(let outcome):
                return try outcome.get()
            case .refresh(let current):
                if let token = try await refresh(rejected, generation: current) { return token }
            // A refresh ended that generation in the meantime: decide again with its outcome.
            }
        }
    }

    /// Refreshes once for `generation`, or returns `nil` if that generation is already over.
    private func refresh(_ rejected: String, generation: Int) async throws -> String? {
        try await flights.run(generation) { [tokens, state] in
            guard state.withLock({ $0.generation == generation }) else { return nil }
            let result: Result<String, any Error>
            do {
                result = .success(try await tokens.refreshToken(rejected: rejected))
            } catch {
                result = .failure(error)
            }
            state.withLock { state in
                state.generation = generation + 1
                state.latest = result
            }
            return try result.get()
        }
    }

    /// What a rejected request does next.
    private enum Step {
        /// Use the outcome of a refresh that finished after the request took its token.
        case reuse(Result<String, any Error>)
        /// Join or start the refresh of this generation.
        case refresh(generation: Int)
    }
}

/// The token of ``AuthorizationMiddleware/init(bearer:)``: required, never refreshed.
private struct RequiredToken: TokenProvider {
    let read: @Sendable () async throws -> String?

    func token() async throws -> String? {
        guard let token = try await read(), !token.isEmpty else {
            throw BricksError.missingBearerToken
        }
        return token
    }

    func refreshToken(rejected: String) async throws -> String { rejected }
}
