import Bricks
import BricksAsyncHTTPClient
import BricksLogging
import Logging

/// httpbin's `GET /get`, declared by hand.
public struct GetAnything: BaseURLRequestType, GETRequestType, JSONResponseType {
    /// What httpbin saw.
    public struct Response: Decodable, Sendable {
        /// The URL it was asked for.
        public let url: String
    }

    /// The server's address.
    public let baseURL: String
    /// `/get`.
    public var pathSegments: [String] { ["get"] }

    /// The endpoint on the server at `baseURL`.
    public init(baseURL: String) { self.baseURL = baseURL }
}

/// Sends ``GetAnything`` through an `AsyncHTTPClientTransport`, logged by `SwiftLogMiddleware`,
/// and returns the URL httpbin saw.
public func fetchThroughAsyncHTTPClient(baseURL: String, logger: Logger) async throws -> String {
    let transport = AsyncHTTPClientTransport()
    let session = Session(transport: transport, middleware: [SwiftLogMiddleware(logger: logger, level: .info)])
    do {
        let reply = try await session.send(GetAnything(baseURL: baseURL))
        try await transport.shutdown()
        return reply.url
    } catch {
        try? await transport.shutdown()
        throw error
    }
}
