/// A ``TokenProvider`` that keeps the current token and renews it with a closure you give it.
///
/// ```swift
/// let tokens = TokenStore(token: savedToken) { rejected in
///     try await authSession.send(RefreshGrant(refreshToken: keychain.refreshToken)).accessToken
/// }
/// let session = Session(middleware: [AuthorizationMiddleware(tokens: tokens)])
/// await tokens.setToken(nil)   // on sign-out
/// ```
public actor TokenStore: TokenProvider {
    /// The token sent with each request, `nil` when signed out.
    public private(set) var currentToken: String?
    private let refresh: @Sendable (_ rejected: String) async throws -> String

    /// Makes a store.
    /// - Parameters:
    ///   - token: the token to start with, or `nil` for none.
    ///   - refresh: obtains a new token after the server rejected the one given; its error
    ///     reaches every request that waited for it.
    public init(token: String?, refresh: @escaping @Sendable (_ rejected: String) async throws -> String) {
        currentToken = token
        self.refresh = refresh
    }

    /// Replaces the token, after signing in or out.
    public func setToken(_ token: String?) {
        currentToken = token
    }

    /// The current token.
    public func token() -> String? { currentToken }

    /// Obtains a new token with the refresh closure and keeps it.
    /// - Throws: the refresh closure's error; the current token is then left as it was.
    public func refreshToken(rejected: String) async throws -> String {
        let token = try await refresh(rejected)
        currentToken = token
        return token
    }
}
