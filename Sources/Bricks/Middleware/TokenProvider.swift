/// Supplies the token ``AuthorizationMiddleware`` puts on each request, and renews it when the
/// server rejects it.
///
/// ```swift
/// actor Credentials: TokenProvider {
///     var accessToken: String?
///     var renewal: String          // the refresh token
///     init(renewal: String) { self.renewal = renewal }
///
///     func token() -> String? { accessToken }
///     func refreshToken(rejected: String) async throws -> String {
///         let grant = try await authSession.send(RefreshGrant(refreshToken: renewal))
///         accessToken = grant.accessToken
///         renewal = grant.refreshToken
///         return grant.accessToken
///     }
/// }
/// ```
///
/// ``TokenStore`` is a ready-made provider built from a refresh closure.
///
/// A provider runs away from the caller's actor. In an app target whose default isolation is the
/// main actor, Swift infers `nonisolated` for the type that adopts `TokenProvider`, but an
/// endpoint it sends (`RefreshGrant` above) and that endpoint's model need `nonisolated` too,
/// since an endpoint of the app target may be sent from the main actor only.
public protocol TokenProvider: Sendable {
    /// The token to send now, or `nil` when there is none: the request then goes without one.
    /// - Throws: any error; it reaches the caller of the request unchanged.
    func token() async throws -> String?

    /// Obtains a new token after the server rejected `rejected`, and keeps it for ``token()``.
    ///
    /// ``AuthorizationMiddleware`` calls it once for all the requests that were rejected together,
    /// never concurrently with itself for the same rejection. Do not send the refresh request
    /// through a session whose ``AuthorizationMiddleware`` uses this provider.
    /// - Throws: any error; every request waiting for the new token fails with it.
    func refreshToken(rejected: String) async throws -> String
}
