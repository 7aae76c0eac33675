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
        let converted = try HTTPClientRequest(request, url: url, body: RequestBody(Data(#"{"a":1}"#.utf8)))
        #expect(converted.method == .PATCH)
        #expect(converted.url == url.absoluteString)
        #expect(converted.headers["Content-Type"] == ["application/json"])
        #expect(converted.headers["authorization"] == ["Bearer t"])
        #expect(converted.body != nil)
    }

    @Test func defaultsToGETWithoutBody() throws {
        let converted = try HTTPClientRequest(URLRequest(url: url), url: url, body: nil)
        #expect(converted.method == .GET)
        #expect(converted.body == nil)
    }

    @Test func keepsAnUnusualMethodToken() throws {
        var request = URLRequest(url: url)
        request.httpMethod = "PROPFIND"
        #expect(try HTTPClientRequest(request, url: url, body: nil).method == .RAW(value: "PROPFIND"))
    }

    @Test func refusesAMethodThatIsNotAToken() {
        var request = URLRequest(url: url)
        request.httpMethod = "GET /admin HTTP/1.1\r\nX:"
        #expect {
            _ = try HTTPClientRequest(request, url: url, body: nil)
        } throws: { error in
            guard case .invalidRequest = (error as? BricksError)?.reason else { return false }
            return true
        }
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
