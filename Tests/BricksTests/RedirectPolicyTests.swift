@testable import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct RedirectPolicyTests {
    func request(_ url: String, method: String = "GET", body: String? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.setValue("a=b", forHTTPHeaderField: "Cookie")
        request.setValue("secret", forHTTPHeaderField: "Proxy-Authorization")
        request.setValue("v", forHTTPHeaderField: "X-Other")
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        return request
    }

    func redirect(_ status: Int, from url: String, to location: String) -> ResponseHead {
        ResponseHead(statusCode: status, headerFields: ["Location": location], url: URL(string: url)!)
    }

    @Test func sameOriginKeepsEveryHeader() throws {
        let previous = request("https://a.example/x")
        let next = try #require(
            try RedirectPolicy.follow.next(after: previous, response: redirect(302, from: "https://a.example/x", to: "/y")))
        #expect(next.url?.absoluteString == "https://a.example/y")
        #expect(next.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(next.value(forHTTPHeaderField: "Cookie") == "a=b")
    }

    @Test(arguments: ["https://b.example/y", "http://a.example:8080/y", "https://a.example:444/y"])
    func otherOriginLosesCredentials(location: String) throws {
        let previous = request("http://a.example:8080/x".replacingOccurrences(of: "http://a.example:8080", with: "https://a.example"))
        let next = try RedirectPolicy.follow.next(
            after: previous, response: redirect(302, from: "https://a.example/x", to: location))
        if location.hasPrefix("http://") {
            #expect(next == nil, "https → http must not be followed")
            return
        }
        let followed = try #require(next)
        #expect(followed.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(followed.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(followed.value(forHTTPHeaderField: "Proxy-Authorization") == nil)
        #expect(followed.value(forHTTPHeaderField: "X-Other") == "v")
    }

    @Test(arguments: [307, 308])
    func temporaryAndPermanentRedirectsKeepMethodAndBody(status: Int) throws {
        let previous = request("https://a.example/x", method: "PATCH", body: #"{"a":1}"#)
        let next = try #require(
            try RedirectPolicy.follow.next(after: previous, response: redirect(status, from: "https://a.example/x", to: "/z")))
        #expect(next.httpMethod == "PATCH")
        #expect(next.httpBody == Data(#"{"a":1}"#.utf8))
        #expect(next.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test(arguments: [(303, "PUT"), (302, "POST"), (301, "POST")])
    func seeOtherAndPostRedirectsBecomeGET(status: Int, method: String) throws {
        let previous = request("https://a.example/x", method: method, body: "{}")
        let next = try #require(
            try RedirectPolicy.follow.next(after: previous, response: redirect(status, from: "https://a.example/x", to: "/z")))
        #expect(next.httpMethod == "GET")
        #expect(next.httpBody == nil)
        #expect(next.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func notARedirectOrNoLocationIsNotFollowed() throws {
        let previous = request("https://a.example/x")
        let ok = ResponseHead(statusCode: 200, url: URL(string: "https://a.example/x")!)
        #expect(try RedirectPolicy.follow.next(after: previous, response: ok) == nil)
        let noLocation = ResponseHead(statusCode: 302, url: URL(string: "https://a.example/x")!)
        #expect(try RedirectPolicy.follow.next(after: previous, response: noLocation) == nil)
        #expect(try RedirectPolicy.follow.next(after: previous, response: redirect(304, from: "https://a.example/x", to: "/y")) == nil)
    }

    @Test func doNotFollowNeverFollows() throws {
        #expect(try RedirectPolicy.doNotFollow.next(
            after: request("https://a.example/x"), response: redirect(302, from: "https://a.example/x", to: "/y")) == nil)
    }

    @Test(arguments: ["ftp://a.example/file", "file:///etc/passwd"])
    func nonHTTPTargetsAreRefused(location: String) throws {
        #expect(try RedirectPolicy.follow.next(
            after: request("https://a.example/x"), response: redirect(302, from: "https://a.example/x", to: location)) == nil)
    }

    /// `RedirectPolicy.custom` is gone; what stays to check about a redirect's target is that one
    /// carrying user info is refused rather than turned into credentials.
    @Test(arguments: [("http://a.example/x", "http://u:p@other.example/x"), ("https://a.example/x", "https://u@a.example/y")])
    func aTargetWithUserInfoIsRefused(source: String, location: String) {
        let error = #expect(throws: BricksError.self) {
            try RedirectPolicy.follow.next(after: request(source), response: redirect(302, from: source, to: location))
        }
        guard case .invalidResponse = error?.reason else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
    }

    @Test func policiesSayWhetherAndHowFarToFollow() {
        #expect(RedirectPolicy.follow == RedirectPolicy(followsRedirects: true, maximumRedirects: 10))
        #expect(RedirectPolicy.doNotFollow.followsRedirects == false)
        #expect(RedirectPolicy.follow(maximumRedirects: 3) == RedirectPolicy(maximumRedirects: 3))
        #expect(RedirectPolicy.follow(maximumRedirects: 3) != .follow)
    }
}

private extension RedirectPolicy {
    /// The request the Session's core sends after `response`, with the secret headers it uses.
    func next(after previous: URLRequest, response: ResponseHead) throws -> URLRequest? {
        let head = try RequestHead(
            method: HTTPMethod(rawValue: previous.httpMethod ?? "GET") ?? .get, url: try #require(previous.url),
            headerFields: HeaderFields(previous.allHTTPHeaderFields ?? [:]))
        let next = try redirect(
            after: head, body: previous.httpBody.map { RequestBody($0) }, response: response,
            secretHeaders: SecretNames.lowercasedHeaderFields)
        return try next.map { try URLRequest($0.head, body: $0.body) }
    }
}
