import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An API's own secret header, named once on its app-wide protocol.
private protocol KeyedAPI: BaseURLRequestType {}
extension KeyedAPI {
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var headerFields: [String: String] { ["X-Api-Key": "k3y", "X-Trace": "t"] }
    var secretHeaderNames: Set<String> { ["X-Api-Key"] }
}

private struct GetThing: KeyedAPI, GETRequestType, DataResponseType {
    var path: String { "/thing" }
}

@Suite struct SecretHeaderTests {
    @Test func aDeclaredSecretHeaderNeverCrossesToAnotherOrigin() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/thing", reply: .init(status: 307, headers: ["Location": "https://other.example.com/moved"]))
        await stub.register(.get, "/moved", reply: .text("ok"))
        _ = try await stub.session().send(GetThing())
        let moved = try #require(await stub.requests(matching: .get, "/moved").first)
        #expect(moved.url?.host == "other.example.com")
        #expect(moved.value(forHTTPHeaderField: "X-Api-Key") == nil)
        #expect(moved.value(forHTTPHeaderField: "X-Trace") == "t")
    }

    @Test func aDeclaredSecretHeaderIsNeverLogged() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/thing", reply: .text("ok"))
        let lines = LockedLines()
        let logging = LoggingMiddleware(showsHeaders: true, showsCURL: true, log: { lines.append($0) })
        _ = try await stub.session(middleware: [logging]).send(GetThing())
        let text = lines.all.joined(separator: "\n")
        #expect(!text.contains("k3y"))
        #expect(text.contains("X-Api-Key: REDACTED"))
        #expect(text.contains("X-Trace: t"))
    }
}

private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
