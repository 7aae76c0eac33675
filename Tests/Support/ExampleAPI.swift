import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The imaginary API the unit tests of every test target talk to (through stubs).

/// The base URL of the tests' imaginary API.
public let exampleBase = URL(string: "https://api.example.com")!

/// The app-wide brick of the imaginary API.
public protocol ExampleRequest: BaseURLRequestType {}
extension ExampleRequest {
    /// ``exampleBase``.
    public var baseURL: URL { exampleBase }
}

/// A user of the imaginary API.
public struct User: Codable, Equatable, Sendable {
    /// The user's number.
    public let id: Int
    /// The user's name.
    public let login: String

    /// Makes a user.
    public init(id: Int, login: String) {
        self.id = id
        self.login = login
    }
}

/// `GET /users/{login}`.
public struct GetUser: ExampleRequest, GETRequestType, JSONResponseType, Sendable {
    /// A ``User``.
    public typealias Response = User
    /// Whose profile.
    public let login: String
    /// `users`, the login.
    public var pathSegments: [String] { ["users", login] }

    /// Makes the request for `login`.
    public init(login: String) { self.login = login }
}

/// Equal when the reasons match (their comparable values too), whatever the call, so that tests
/// can write `#expect(throws: BricksError(.cancelled))`. Module-qualified so that it is not a
/// retroactive conformance warning when another package compiles these helpers.
extension Bricks.BricksError: Swift.Equatable {
    public static func == (lhs: BricksError, rhs: BricksError) -> Bool {
        switch (lhs.reason, rhs.reason) {
        case (.timedOut, .timedOut), (.cancelled, .cancelled), (.rateLimited, .rateLimited): true
        case (.unacceptableStatus(let a, _), .unacceptableStatus(let b, _)): a.statusCode == b.statusCode
        case (.responseTooLarge(let a), .responseTooLarge(let b)): a == b
        case (.spoolLimitExceeded(let a), .spoolLimitExceeded(let b)): a == b
        case (.reconnectionGaveUp(let a, _), .reconnectionGaveUp(let b, _)): a == b
        case (.tooManyRedirects(let a, _), .tooManyRedirects(let b, _)): a == b
        case (.invalidURL, .invalidURL), (.invalidRequest, .invalidRequest), (.bodyEncoding, .bodyEncoding),
            (.decoding, .decoding), (.transport, .transport), (.invalidResponse, .invalidResponse):
            true
        case (.invalidHeader(let a, _), .invalidHeader(let b, _)): a == b
        default: false
        }
    }
}

extension Bricks.BricksError {
    /// Any time-out, for `#expect(throws: BricksError.timedOut)`: equality ignores the duration.
    public static var timedOut: BricksError { BricksError(.timedOut(after: .zero)) }
    /// A cancellation.
    public static var cancelled: BricksError { BricksError(.cancelled) }
    /// A call held back by ``RateLimitMiddleware``; equality ignores when and why.
    public static var rateLimited: BricksError { BricksError(.rateLimited(until: nil, why: "")) }
    /// A response over `limit` bytes.
    public static func responseTooLarge(limit: Int) -> BricksError { BricksError(.responseTooLarge(limit: limit)) }
    /// A body that waited on disk past `limit` bytes.
    public static func spoolLimitExceeded(limit: Int) -> BricksError { BricksError(.spoolLimitExceeded(limit: limit)) }
}
