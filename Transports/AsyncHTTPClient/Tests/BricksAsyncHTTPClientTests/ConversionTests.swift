import AsyncHTTPClient
import Bricks
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import BricksAsyncHTTPClient

@Suite struct RequestConversionTests {
    let url = URL(string: "http://127.0.0.1:8080/anything?q=a%20b")!

    /// The bytes an AsyncHTTPClient body hands out, read to its end.
    func bytes(of body: HTTPClientRequest.Body?) async throws -> Data {
        var data = Data()
        for try await buffer in try #require(body) { data.append(contentsOf: buffer.readableBytesView) }
        return data
    }

    @Test func carriesMethodURLHeadersAndBody() async throws {
        let head = try RequestHead(
            method: .patch, url: url, headerFields: ["Content-Type": "application/json", "Authorization": "Bearer t"])
        let converted = try HTTPClientRequest(head, body: RequestBody(Data(#"{"a":1}"#.utf8)))
        #expect(converted.method == .PATCH)
        #expect(converted.url == url.absoluteString)
        #expect(converted.headers["Content-Type"] == ["application/json"])
        #expect(converted.headers["authorization"] == ["Bearer t"])
        #expect(try await bytes(of: converted.body) == Data(#"{"a":1}"#.utf8))
    }

    @Test func keepsEveryHeaderFieldInOrderWithRepeatedNames() throws {
        var head = try RequestHead(url: url)
        head.headerFields.append(name: "Accept", value: "text/html")
        head.headerFields.append(name: "X-Tag", value: "one")
        head.headerFields.append(name: "accept", value: "application/json")
        let converted = try HTTPClientRequest(head, body: nil)
        #expect(converted.headers.map(\.name) == ["Accept", "X-Tag", "accept"])
        #expect(converted.headers.map(\.value) == ["text/html", "one", "application/json"])
    }

    @Test func defaultsToGETWithoutBody() throws {
        let converted = try HTTPClientRequest(try RequestHead(url: url), body: nil)
        #expect(converted.method == .GET)
        #expect(converted.body == nil)
    }

    @Test func keepsAnUnusualMethodToken() throws {
        let propfind = Bricks.HTTPMethod(rawValue: "PROPFIND")
        let method = try #require(propfind)
        #expect(try HTTPClientRequest(try RequestHead(method: method, url: url), body: nil).method == .RAW(value: "PROPFIND"))
    }

    /// A method that is not a token (a request line smuggled in it) never reaches the wire: a
    /// head cannot hold one, since Bricks' `HTTPMethod` refuses it.
    @Test func aMethodThatIsNotATokenCannotBeSent() {
        #expect(Bricks.HTTPMethod(rawValue: "GET /admin HTTP/1.1\r\nX:") == nil)
    }

    @Test func streamsAFileAndAStreamOfChunks() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bricks-ahc-\(UUID().uuidString).bin")
        let content = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try content.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let head = try RequestHead(method: .put, url: url)
        let fromFile = try HTTPClientRequest(head, body: RequestBody(fileAt: file))
        #expect(try await bytes(of: fromFile.body) == content)

        let parts = ["one ", "two ", "three"].map { Data($0.utf8) }
        let streamed = RequestBody(length: nil, isReplayable: false) {
            AsyncStream { continuation in
                for part in parts { continuation.yield(part) }
                continuation.finish()
            }
        }
        let fromStream = try HTTPClientRequest(head, body: streamed)
        #expect(try await bytes(of: fromStream.body) == Data("one two three".utf8))
    }

    @Test func theWholeBodyRequestCarriesTheSameHead() throws {
        var head = try RequestHead(method: .post, url: url, headerFields: ["Content-Type": "text/plain"])
        head.headerFields.append(name: "X-Tag", value: "one")
        head.headerFields.append(name: "x-tag", value: "two")
        let converted = try HTTPClient.Request(head, url: try head.makeURL(), data: Data("hi".utf8))
        #expect(converted.method == .POST)
        #expect(converted.url == url)
        #expect(converted.headers.map(\.name) == ["Content-Type", "X-Tag", "x-tag"])
        #expect(converted.headers.map(\.value) == ["text/plain", "one", "two"])
        #expect(converted.body != nil)
        #expect(try HTTPClient.Request(try RequestHead(url: url), url: url, data: nil).body == nil)
    }
}

@Suite struct ResponseConversionTests {
    let url = URL(string: "http://127.0.0.1:8080/final")!

    @Test func keepsStatusVersionURLAndEveryFieldInOrder() {
        let headers: HTTPHeaders = [
            "Set-Cookie": "a=1", "X-Tag": "one", "set-cookie": "b=2", "x-tag": "two", "X-TAG": "three",
        ]
        let response = HTTPClientResponse(version: .http1_1, status: .created, headers: headers)
        let head = ResponseHead(response, url: url)
        #expect(head.statusCode == 201)
        #expect(head.url == url)
        #expect(head.httpVersion == "HTTP/1.1")
        #expect(head.headerFields.count == 5)
        #expect(head.headerFields.map(\.name) == ["Set-Cookie", "X-Tag", "set-cookie", "x-tag", "X-TAG"])
        #expect(head.headerFields.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(head.value(forHTTPHeaderField: "x-tag") == "one, two, three")
    }

    @Test func aHeadOfManyFieldsIsBuiltInLinearTime() {
        var headers = HTTPHeaders()
        for index in 0..<17_000 { headers.add(name: "X-F\(index)", value: "v") }
        let response = HTTPClientResponse(version: .http1_1, status: .ok, headers: headers)
        let started = ContinuousClock.now
        let head = ResponseHead(response, url: url)
        #expect(head.headerFields.count == 17_000)
        // The old conversion searched the fields built so far for each one (quadratic: seconds).
        #expect(ContinuousClock.now - started < .milliseconds(500))
    }
}

@Suite struct ErrorMappingTests {
    @Test func mapsEachKindOfFailure() {
        #expect(BricksError(sending: CancellationError()).isCancellation)
        #expect(BricksError(sending: HTTPClientError.cancelled).isCancellation)
        #expect(BricksError(sending: HTTPClientError.deadlineExceeded).isTimeout)
        #expect(BricksError(sending: HTTPClientError.connectTimeout).isTimeout)
        guard case .transport(let error) = BricksError(sending: HTTPClientError.remoteConnectionClosed).reason else {
            Issue.record("a connection failure should be a transport error")
            return
        }
        #expect(error as? HTTPClientError == .remoteConnectionClosed)
    }

    @Test func aCancelledCallerMakesAnyFailureACancellation() async {
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return BricksError(sending: HTTPClientError.remoteConnectionClosed)
        }
        task.cancel()
        #expect(await task.value.isCancellation)
    }
}

extension BricksError {
    var isCancellation: Bool {
        if case .cancelled = reason { return true }
        return false
    }

    var isTimeout: Bool {
        if case .timedOut = reason { return true }
        return false
    }
}
