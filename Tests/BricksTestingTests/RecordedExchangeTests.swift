import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing

@Suite struct RecordedExchangeTests {
    @Test func readsTheGitHubRecordings() throws {
        let exchanges = try JSONDecoder().decode([RecordedExchange].self, from: Data(contentsOf: fixtureURL("labels")))
        #expect(exchanges.map(\.method) == [.get, .post, .get, .patch, .delete])
        let create = exchanges[1]
        #expect(create.scope == "https://api.github.com:443")
        #expect(create.path == "/repos/octokit-fixture-org/labels/labels")
        #expect(create.status == 201)
        #expect(create.requestHeaders["content-length"] == "38")
        let body = try JSONSerialization.jsonObject(with: create.requestBody) as? [String: String]
        #expect(body == ["name": "test-label", "color": "663399"])
        #expect(exchanges[0].requestBody.isEmpty)
        #expect(exchanges[4].responseBody.isEmpty)
    }

    @Test(arguments: [
        Data(#"{"b": [1, 2.5, true, null, "x"], "a": {}}"#.utf8),
        Data("[]".utf8),
        Data("plain text, not JSON: {".utf8),
        Data(#""a lone JSON string""#.utf8),
        Data("42".utf8),
        Data(),
        Data([0x00, 0xFF, 0x10, 0x80]),
    ])
    func bodiesSurviveAWriteAndARead(body: Data) throws {
        let exchange = RecordedExchange(
            scope: "http://127.0.0.1:80", method: .put, path: "/x?y=1", requestHeaders: ["A": "1"], requestBody: body,
            status: 202, headers: ["B": "2"], responseBody: body)
        let decoded = try JSONDecoder().decode(RecordedExchange.self, from: JSONEncoder().encode(exchange))
        if let value = try? JSONSerialization.jsonObject(with: body), value is [Any] || value is [String: Any] {
            // JSON is kept as a value: re-encoded, equal as JSON.
            let again = try JSONSerialization.jsonObject(with: decoded.responseBody)
            #expect((again as? NSObject) == (value as? NSObject))
            #expect((try JSONSerialization.jsonObject(with: decoded.requestBody) as? NSObject) == (value as? NSObject))
        } else {
            #expect(decoded == exchange)
        }
    }

    @Test func binaryBodiesAreHexWithAFlag() throws {
        let exchange = RecordedExchange(
            method: .post, path: "/upload", requestBody: Data([0xCA, 0xFE]), responseBody: Data([0xFF, 0x00]))
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(exchange)) as? [String: Any])
        #expect(json["body"] as? String == "cafe")
        #expect(json["bodyIsBinary"] as? Bool == true)
        #expect(json["response"] as? String == "ff00")
        #expect(json["responseIsBinary"] as? Bool == true)
    }

    @Test func lenientAboutWhatOtherRecordersLeaveOut() throws {
        let json = #"[{"method": "delete", "path": "/x", "headers": {"x-count": 3, "vary": ["a", "b"], "gone": null}}]"#
        let exchange = try #require(try JSONDecoder().decode([RecordedExchange].self, from: Data(json.utf8)).first)
        #expect(exchange.method == .delete)
        #expect(exchange.status == 200)
        #expect(exchange.scope == nil)
        #expect(exchange.headers == ["x-count": "3", "vary": "a, b"])
        #expect(exchange.requestBody.isEmpty && exchange.responseBody.isEmpty)
    }
}

@Suite struct RecordedExchangeJSONTests {
    @Test func jsonBodiesKeepTheirTypes() throws {
        let body = Data(#"{"count": 1, "ratio": 0.5, "on": true, "off": false, "none": null, "id": 12345678901}"#.utf8)
        let exchange = RecordedExchange(method: .get, path: "/x", responseBody: body)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(exchange), as: UTF8.self)
        #expect(
            text.contains(#""response":{"count":1,"id":12345678901,"none":null,"off":false,"on":true,"ratio":0.5}"#),
            "\(text)")
    }
}
