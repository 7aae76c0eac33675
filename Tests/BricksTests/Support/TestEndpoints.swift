import Bricks
import BricksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
    func makeRequestBody() throws -> RequestBody? { body.map { RequestBody($0, contentType: "application/octet-stream") } }
}
