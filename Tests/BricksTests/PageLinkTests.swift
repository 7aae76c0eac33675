@testable import Bricks
import Foundation
import Testing

/// A `Link` target resolved against the page that carried it, on URL parts.
@Suite struct PageLinkTests {
    let page = URL(string: "https://api.example.com/v3/list?page=1")!

    @Test(arguments: [
        ("https://api.example.com/v3/list?page=2", "/v3/list?page=2"),
        ("https://API.example.com:443/v3/list?page=2#top", "/v3/list?page=2"),
        ("//api.example.com/v3/list?page=2", "/v3/list?page=2"),
        ("/v3/list?page=2&q=a%20b", "/v3/list?page=2&q=a%20b"),
        ("/v3/a/../list?page=2", "/v3/list?page=2"),
        ("items?page=2", "/v3/items?page=2"),
        ("?page=2", "/v3/list?page=2"),
        ("https://api.example.com", "/"),
    ])
    func aTargetOnThePagesOriginBecomesItsPathAndQuery(target: String, expected: String) throws {
        #expect(try PageLink.originForm(of: target, carriedBy: page) == expected)
    }

    @Test(arguments: [
        "https://evil.example/v3/list", "http://api.example.com/v3/list", "//evil.example/x",
        "https://user@api.example.com/v3/list", "ftp://api.example.com/v3/list", "mailto:a@example.com",
    ])
    func aTargetElsewhereIsRefusedNamingTheOrigin(target: String) {
        #expect {
            try PageLink.originForm(of: target, carriedBy: page)
        } throws: { error in
            guard let error = error as? BricksError, case .invalidURL(let reason) = error.reason else { return false }
            return reason.contains("leaves the origin")
        }
    }

    @Test func thePagesOwnFormIsItsPathAndQuery() {
        #expect(PageLink.originForm(of: page) == "/v3/list?page=1")
        #expect(PageLink.originForm(of: URL(string: "https://api.example.com")!) == "/")
    }
}
