import Bricks
import BricksAsyncHTTPClient
import HTTPBin

/// A view model as an app target declares it: main-actor-isolated (the target's default), calling
/// a generated endpoint.
final class EchoModel {
    private(set) var arguments: [String: String] = [:]
    private let transport = AsyncHTTPClientTransport()

    /// Sends the generated `GetEcho` and keeps the arguments the server saw.
    func greet(_ greeting: String) async throws {
        let session = Session(transport: transport)
        do {
            arguments = try await session.send(GetEcho(greeting: greeting)).args
            try await transport.shutdown()
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }
}
