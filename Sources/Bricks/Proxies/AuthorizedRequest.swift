import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request that carries an `Authorization` header on top of its base's headers: a bearer token,
/// or credentials of any other scheme.
///
/// ```swift
/// let me = try await session.send(GetAuthenticatedUser().authorized(with: token))
/// let basic = GetAuthenticatedUser().authorized(with: base64Credentials, scheme: "Basic")
/// ```
///
/// Its `description` and mirror name the scheme but not the credentials, so printing or dumping a
/// request leaks no secret. For tokens that expire and refresh, prefer an authorization middleware.
public struct AuthorizedRequest<Base: RequestContextType>: RequestProxy, CustomStringConvertible, CustomReflectable {
    /// The wrapped request.
    public var base: Base
    /// The authentication scheme, such as `"Bearer"` or `"Basic"`.
    public let scheme: String
    /// The credentials sent after the scheme, such as a token.
    public let credentials: String

    /// Wraps `base`, authorizing it with `credentials` under `scheme`.
    /// - Parameters:
    ///   - base: the request to authorize.
    ///   - scheme: the authentication scheme. Default: `"Bearer"`.
    ///   - credentials: the token or credentials.
    public init(base: Base, scheme: String = "Bearer", credentials: String) {
        self.base = base
        self.scheme = scheme
        self.credentials = credentials
    }

    /// The `Authorization` header's value: the scheme, a space, and the credentials.
    var authorization: String { "\(scheme) \(credentials)" }

    /// The base's head with `Authorization` set.
    /// - Throws: ``BricksError/Reason/invalidHeader(name:reason:)`` when the scheme is not a token or the
    ///   credentials contain CR, LF or NUL; otherwise what the base throws.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        guard HeaderValidation.isToken(scheme) else {
            throw BricksError.invalidHeader(
                name: "Authorization", reason: "the scheme must be a single token such as Bearer or Basic")
        }
        var head = try base.makeRequestHead(body: body)
        try head.headerFields.setChecked("Authorization", to: authorization)
        return head
    }

    /// The base and the scheme, without the credentials.
    public var description: String { "AuthorizedRequest<\(Base.self)>(scheme: \(scheme), credentials: redacted)" }

    /// The base and the scheme, with the credentials redacted, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["base": base, "scheme": scheme, "credentials": "redacted"], displayStyle: .struct)
    }
}

extension AuthorizedRequest: PaginatedRequestType where Base: PaginatedRequestType {}

extension RequestContextType {
    /// This request with an `Authorization: <scheme> <credentials>` header.
    /// - Parameters:
    ///   - credentials: the token or credentials.
    ///   - scheme: the authentication scheme. Default: `"Bearer"`.
    public func authorized(with credentials: String, scheme: String = "Bearer") -> AuthorizedRequest<Self> {
        AuthorizedRequest(base: self, scheme: scheme, credentials: credentials)
    }
}

/// Sendable when the wrapped request is, so that the proxy of a `Sendable` endpoint is decoded
/// away from the caller's actor as the endpoint itself would be.
extension AuthorizedRequest: Sendable where Base: Sendable {}
