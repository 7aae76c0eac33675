@testable import Bricks
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionTransport` sends the stored cookies itself, after a request's own `Cookie` header
/// (FoundationNetworking would put the stored ones in its place); the integration suite proves it
/// on httpbin (`HeaderFieldsIntegrationTests.aRequestsOwnCookiesTravelWithTheStoredOnes`).
@Suite struct StoredCookiesTests {
    /// A configuration whose storage holds `a=1` and `b=2` for example.com.
    private func configuration() throws -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        let storage = try #require(configuration.httpCookieStorage)
        for (name, value) in [("a", "1"), ("b", "2")] {
            storage.setCookie(try #require(HTTPCookie(properties: [.name: name, .value: value, .domain: "example.com", .path: "/"])))
        }
        return configuration
    }

    private func request(cookie: String?) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "https://example.com/x")))
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        return request
    }

    /// Cookie names, in order, of a `Cookie` header.
    private func names(_ header: String?) -> [String] {
        (header ?? "").split(whereSeparator: { $0 == ";" || $0 == "," }).map {
            String($0.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func theSessionSendsNoneAndTheRequestsOwnComeFirst() throws {
        let configuration = try configuration()
        let stored = StoredCookies(takingOverFrom: configuration)
        #expect(!configuration.httpShouldSetCookies)
        var own = try request(cookie: "own=3; a=9")
        stored.add(to: &own)
        // `a` is the request's: the stored `a=1` is left out.
        #expect(own.value(forHTTPHeaderField: "Cookie") == "own=3; a=9; b=2")
        var none = try request(cookie: nil)
        stored.add(to: &none)
        #expect(names(none.value(forHTTPHeaderField: "Cookie")).sorted() == ["a", "b"])
    }

    /// Two `Cookie` fields arrive joined with ", " (URLRequest keeps one value a name); an empty
    /// one is no cookie.
    @Test func joinedAndEmptyHeadersAreReadAsTheyAreMeant() throws {
        let stored = StoredCookies(takingOverFrom: try configuration())
        var joined = try request(cookie: "own=3, b=8")
        stored.add(to: &joined)
        #expect(joined.value(forHTTPHeaderField: "Cookie") == "own=3, b=8; a=1")
        var empty = try request(cookie: "")
        stored.add(to: &empty)
        #expect(empty.value(forHTTPHeaderField: "Cookie")?.hasPrefix(";") == false)
        #expect(names(empty.value(forHTTPHeaderField: "Cookie")).sorted() == ["a", "b"])
    }

    /// The configuration's own `Cookie` header counts as the request's when it has none.
    @Test func theConfigurationsCookieHeaderIsKept() throws {
        let configuration = try configuration()
        configuration.httpAdditionalHeaders = ["Cookie": "team=web; b=7"]
        let stored = StoredCookies(takingOverFrom: configuration)
        var request = try request(cookie: nil)
        stored.add(to: &request)
        #expect(request.value(forHTTPHeaderField: "Cookie") == "team=web; b=7; a=1")
    }

    /// A configuration that sends no stored cookies is left so: nothing is added.
    @Test func noStoredCookiesWhenTheConfigurationSendsNone() throws {
        let configuration = try configuration()
        configuration.httpShouldSetCookies = false
        var request = try request(cookie: "own=3")
        StoredCookies(takingOverFrom: configuration).add(to: &request)
        #expect(request.value(forHTTPHeaderField: "Cookie") == "own=3")
    }
}
