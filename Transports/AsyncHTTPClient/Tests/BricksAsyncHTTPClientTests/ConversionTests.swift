import AsyncHTTPClient
import Bricks
import Foundation
import NIOCore
import NIOHTTP1
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import BricksAsyncHTTPClient

@Suite struct RequestConversionTests {
    let url = URL(string: "http://127.0.0.1:8080/anything?q=a%20b")!

    @Test func carriesMethodURLHeadersAndBody() throws {
        var request = URLRequest(url: url)
        request.httpMethod = "PATCH"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"a":1}"#.utf8)

        let converted = try HTTPClient.Request(request, url: url)
        #expect(converted.method == .PATCH)
        #expect(converted.url == url)
        #expect(converted.headers["Content-Type"] == ["application/json"])
        #expect(converted.headers["authorization"] == ["Bearer t"])
        #expect(converted.body?.contentLength == 7)
    }

    @Test func defaultsToGETWithoutBody() throws {
        let converted = try HTTPClient.Request(URLRequest(url: url), url: url)
        #expect(converted.method == .GET)
        #expect(converted.body == nil)
    }

    @Test func keepsAnUnusualMethodToken() throws {
        var request = URLRequest(url: url)
        request.httpMethod = "PROPFIND"
        #expect(try HTTPClient.Request(request, url: url).method == .RAW(value: "PROPFIND"))
    }

    @Test func refusesAMethodThatIsNotAToken() {
        var request = URLRequest(url: url)
        request.httpMethod = "GET /admin HTTP/1.1\r\nX:"
        #expect {
            _ = try HTTPClient.Request(request, url: url)
        } throws: { error in
            guard case BricksError.invalidRequest = error else { return false }
            return true
        }
    }

    @Test func refusesABodyStream() {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data("x".utf8))
        #expect {
            _ = try HTTPClient.Request(request, url: url)
        } throws: { error in
            guard case BricksError.invalidRequest = error else { return false }
            return true
        }
    }

    @Test(arguments: [(0.25, Int64(250_000_000)), (1.5, 1_500_000_000), (0.001, 1_000_000)])
    func timeoutKeepsFractionsOfASecond(seconds: Double, nanoseconds: Int64) throws {
        var request = URLRequest(url: url)
        request.timeoutInterval = seconds
        #expect(try AsyncHTTPClientTransport.timeout(of: request) == .nanoseconds(nanoseconds))
    }

    @Test func timeoutCapsHugeIntervalsAndRefusesNonPositiveOnes() throws {
        var request = URLRequest(url: url)
        request.timeoutInterval = 1e300
        #expect(try AsyncHTTPClientTransport.timeout(of: request) == .hours(365 * 24))
        request.timeoutInterval = 0
        #expect(throws: BricksError.self) { _ = try AsyncHTTPClientTransport.timeout(of: request) }
    }
}

@Suite struct ResponseConversionTests {
    let url = URL(string: "http://127.0.0.1:8080/final")!

    @Test func carriesStatusVersionURLAndHeaders() throws {
        let response = HTTPClient.Response(
            host: "127.0.0.1", status: .created, version: .http1_1,
            headers: ["Content-Type": "text/plain", "ETag": "\"x\""], body: nil)
        let converted = try #require(HTTPURLResponse(response, url: url))
        #expect(converted.statusCode == 201)
        #expect(converted.url == url)
        #expect(converted.value(forHTTPHeaderField: "content-type") == "text/plain")
        #expect(converted.value(forHTTPHeaderField: "ETag") == "\"x\"")
    }

    @Test func joinsRepeatedHeadersUnderTheFirstSpelling() throws {
        let headers: HTTPHeaders = [
            "Set-Cookie": "a=1", "X-Tag": "one", "set-cookie": "b=2", "x-tag": "two", "X-TAG": "three",
        ]
        let response = HTTPClient.Response(host: "127.0.0.1", status: .ok, version: .http1_1, headers: headers, body: nil)
        let converted = try #require(HTTPURLResponse(response, url: url))
        #expect(converted.allHeaderFields.count == 2)
        #expect(converted.allHeaderFields["Set-Cookie"] as? String == "a=1, b=2")
        #expect(converted.allHeaderFields["X-Tag"] as? String == "one, two, three")
        #expect(converted.value(forHTTPHeaderField: "x-tag") == "one, two, three")
    }
}

@Suite struct ErrorMappingTests {
    @Test func mapsEachKindOfFailure() {
        #expect(BricksError(sending: CancellationError(), limit: 1) == .cancelled)
        #expect(BricksError(sending: HTTPClientError.cancelled, limit: 1) == .cancelled)
        #expect(BricksError(sending: HTTPClientError.deadlineExceeded, limit: 1) == .timedOut)
        #expect(BricksError(sending: HTTPClientError.connectTimeout, limit: 1) == .timedOut)
        #expect(
            BricksError(sending: ResponseAccumulator.ResponseTooBigError(maxBodySize: 10), limit: 10)
                == .responseTooLarge(limit: 10))
        #expect(BricksError(sending: BricksError.invalidURL("x"), limit: 1) == .invalidURL("x"))
        guard case .transport(let error) = BricksError(sending: HTTPClientError.remoteConnectionClosed, limit: 1) else {
            Issue.record("a connection failure should be a transport error")
            return
        }
        #expect(error as? HTTPClientError == .remoteConnectionClosed)
    }

    @Test func aCancelledCallerMakesAnyFailureACancellation() async {
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return BricksError(sending: HTTPClientError.remoteConnectionClosed, limit: 1)
        }
        task.cancel()
        #expect(await task.value == .cancelled)
    }
}

extension Bricks.BricksError: Swift.Equatable {
    public static func == (lhs: BricksError, rhs: BricksError) -> Bool {
        "\(lhs)" == "\(rhs)"
    }
}
