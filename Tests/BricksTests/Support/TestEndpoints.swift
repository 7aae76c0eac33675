import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The base URL of the unit tests' imaginary API.
let exampleBase = URL(string: "https://api.example.com")!

protocol ExampleRequest: BaseURLRequestType {}
extension ExampleRequest {
    var baseURL: URL { exampleBase }
}

struct User: Codable, Equatable, Sendable {
    let id: Int
    let login: String
}

struct GetUser: ExampleRequest, GETRequestType, JSONResponseType {
    typealias Response = User
    let login: String
    var pathSegments: [String] { ["users", login] }
}

/// An endpoint whose every part can be set, for building tests.
struct Custom: RequestContextType, DataResponseType {
    var baseURL: URL = exampleBase
    var method: HTTPMethod = .get
    var path: String = ""
    var pathSegments: [String] = []
    var queryItems: [URLQueryItem] = []
    var headerFields: [String: String] = [:]
    var timeoutInterval: TimeInterval = 60
    var body: Data?
    func httpBody() throws -> Data? { body }
    var contentType: String? { body == nil ? nil : "application/octet-stream" }
}

extension BricksError: Equatable {
    /// Equal when the case and its comparable values match (tests only).
    public static func == (lhs: BricksError, rhs: BricksError) -> Bool {
        switch (lhs, rhs) {
        case (.timedOut, .timedOut), (.cancelled, .cancelled): true
        case (.unacceptableStatus(let a, _, _), .unacceptableStatus(let b, _, _)): a == b
        case (.responseTooLarge(let a), .responseTooLarge(let b)): a == b
        case (.invalidURL, .invalidURL), (.invalidRequest, .invalidRequest), (.bodyEncoding, .bodyEncoding),
            (.decoding, .decoding), (.transport, .transport):
            true
        case (.invalidHeader(let a, _), .invalidHeader(let b, _)): a == b
        default: false
        }
    }
}
