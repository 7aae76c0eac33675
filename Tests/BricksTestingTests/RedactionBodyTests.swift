import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Secrets echoed inside bodies never reach a fixture file with the default `Redaction`.
@Suite struct RedactionBodyTests {
    @Test func secretsInsideAJSONReplyAreRedactedByDefault() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/*", json: #"""
            {"id": 1, "login": "x", "headers": {"Authorization": "Bearer s3cret", "Accept": "*/*"},
             "url": "https://api.example.com/users/x?access_token=s3cret",
             "clone": "https://user:p4ss@git.example.com/repo.git"}
            """#)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redaction-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let recorder = RecordingTransport(wrapping: stub, to: file)
        _ = try await recorder.session().send(GetUser(login: "x"))
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(!written.contains("s3cret"))
        #expect(!written.contains("p4ss"))
        #expect(written.contains("https://user:REDACTED@git.example.com/repo.git"))
        #expect(written.contains("access_token=REDACTED"))
        #expect(written.contains("*/*"))  // what is not secret stays
    }
}
