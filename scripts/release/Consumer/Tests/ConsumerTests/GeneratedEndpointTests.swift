import Bricks
import BricksTesting
import HTTPBin
import Testing

@Suite struct GeneratedEndpointTests {
    @Test func theGeneratedEndpointSendsItsQueryAndDecodesAStubbedReply() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/get", json: #"{"url": "http://127.0.0.1/get?greeting=hi", "args": {"greeting": "hi"}}"#)
        let echo = try await stub.session().send(GetEcho(greeting: "hi"))
        #expect(echo.args == ["greeting": "hi"])
        let sent = await stub.requests(matching: .get, "/get")
        #expect(sent.map { $0.url?.query } == ["greeting=hi"])
    }
}
