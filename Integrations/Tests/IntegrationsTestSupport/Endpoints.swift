import Bricks
import Foundation

/// The imaginary API of the unit tests.
public let exampleBase = URL(string: "https://api.example.com")!

/// A user.
public struct User: Codable, Equatable, Sendable {
    /// The user's number.
    public let id: Int
    /// The login.
    public let login: String

    /// A user.
    public init(id: Int, login: String) {
        self.id = id
        self.login = login
    }
}

/// `GET /users/{login}`.
public struct GetUser: RequestContextType, GETRequestType, JSONResponseType {
    /// A ``User``.
    public typealias Response = User
    /// Where the API lives.
    public var baseURL: URL
    /// Whose profile.
    public let login: String
    /// Query items, to check their redaction.
    public var queryItems: [URLQueryItem]
    /// `users`, the login.
    public var pathSegments: [String] { ["users", login] }

    /// The profile of `login`.
    public init(login: String, baseURL: URL = exampleBase, queryItems: [URLQueryItem] = []) {
        self.login = login
        self.baseURL = baseURL
        self.queryItems = queryItems
    }
}

/// `POST /users` with a JSON body.
public struct CreateUser: RequestContextType, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    /// The created ``User``.
    public typealias Response = User
    /// The example API.
    public var baseURL: URL { exampleBase }
    /// `users`.
    public var pathSegments: [String] { ["users"] }
    /// The new user.
    public let body: User

    /// Creates `user`.
    public init(_ user: User) { body = user }
}

/// Any path, answered with the raw body whatever the status.
public struct Probe: RequestContextType, GETRequestType, DataResponseType {
    /// Where the API lives.
    public var baseURL: URL
    /// The path.
    public var path: String
    /// The statuses it takes as success.
    public var acceptableStatusCodes: Range<Int>

    /// A probe of `path` on `baseURL`.
    /// - Parameter accepting: the statuses it takes as success. Default: `200..<300`.
    public init(_ path: String, baseURL: URL = exampleBase, accepting: Range<Int> = 200..<300) {
        self.path = path
        self.baseURL = baseURL
        acceptableStatusCodes = accepting
    }
}
