import BenchmarkHarness
import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Building a `URLRequest`: a brick struct's `makeURLRequest()` against the same request built by
/// hand with `URLComponents` (and `JSONEncoder` for the body).
public enum BuildBenchmarks {
    /// The two cases, GET and POST, after checking that both sides build the same requests.
    /// - Throws: ``BenchmarkError`` when the requests differ.
    public static func cases(_ settings: BenchmarkSettings) throws -> [BenchmarkCase] {
        let search = SearchRepositories(query: ExampleAPI.query)
        let create = CreateIssue(owner: "apple", repository: "swift", body: .example)
        let encoder = JSONEncoder()
        try expectSame(try search.makeURLRequest(), try handBuiltSearch(query: ExampleAPI.query), "GET")
        try expectSame(try create.makeURLRequest(), try handBuiltCreate(.example, encoder: encoder), "POST")
        let get = BenchmarkCase(
            name: "build.get", group: "build",
            contenders: [
                Contender("Bricks") { count in for _ in 0..<count { blackHole(try search.makeURLRequest()) } },
                Contender("URLComponents") { count in
                    for _ in 0..<count { blackHole(try handBuiltSearch(query: ExampleAPI.query)) }
                },
            ], plan: settings.microPlan
        ) {
            [
                $0.compare(
                    "Bricks", with: "URLComponents", name: "build.get", title: "Build GET (3 query items, 2 headers)",
                    target: .ratio(atMost: 1.10), note: "floor: URLComponents + URLRequest by hand")
            ]
        }
        let post = BenchmarkCase(
            name: "build.post", group: "build",
            contenders: [
                Contender("Bricks") { count in for _ in 0..<count { blackHole(try create.makeURLRequest()) } },
                Contender("JSONEncoder") { count in
                    for _ in 0..<count { blackHole(try handBuiltCreate(.example, encoder: encoder)) }
                },
            ], plan: settings.microPlan
        ) {
            [
                $0.compare(
                    "Bricks", with: "JSONEncoder", name: "build.post", title: "Build POST with JSON body",
                    target: .ratio(atMost: 1.10),
                    note: "floor: one JSONEncoder reused + URLComponents + URLRequest by hand")
            ]
        }
        return [get, post]
    }

    /// The GET of ``SearchRepositories``, as it is written without Bricks.
    static func handBuiltSearch(query: String) throws -> URLRequest {
        guard var components = URLComponents(url: ExampleAPI.baseURL, resolvingAgainstBaseURL: false) else {
            throw BenchmarkError("bad base URL")
        }
        components.path += "/search/repositories"
        components.queryItems = [
            URLQueryItem(name: "q", value: query), URLQueryItem(name: "sort", value: "stars"),
            URLQueryItem(name: "per_page", value: "50"),
        ]
        guard let url = components.url else { throw BenchmarkError("bad URL") }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        for (name, value) in ExampleAPI.headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// The POST of ``CreateIssue``, as it is written without Bricks.
    static func handBuiltCreate(_ issue: NewIssue, encoder: JSONEncoder) throws -> URLRequest {
        guard var components = URLComponents(url: ExampleAPI.baseURL, resolvingAgainstBaseURL: false) else {
            throw BenchmarkError("bad base URL")
        }
        components.path += "/repos/apple/swift/issues"
        guard let url = components.url else { throw BenchmarkError("bad URL") }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = try encoder.encode(issue)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in ExampleAPI.headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// Whether two bodies are absent, or encode the same ``NewIssue`` (JSONEncoder does not keep
    /// the order of keys from one call to the next on Linux).
    static func sameJSON(_ first: Data?, _ second: Data?) -> Bool {
        guard let first, let second else { return first == second }
        let decoder = JSONDecoder()
        return (try? decoder.decode(NewIssue.self, from: first)) == (try? decoder.decode(NewIssue.self, from: second))
    }

    /// The parts of a request that ``expectSame(_:_:_:)`` compares, for its message.
    static func describe(_ request: URLRequest) -> String {
        "\(request.httpMethod ?? "") \(request.url?.absoluteString ?? "") \(request.allHTTPHeaderFields ?? [:]) "
            + "body \(request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "none") "
            + "timeout \(request.timeoutInterval) cache policy \(request.cachePolicy.rawValue)"
    }

    /// Throws unless the two requests would put the same bytes on the wire.
    static func expectSame(_ bricks: URLRequest, _ hand: URLRequest, _ what: String) throws {
        let same = bricks.url == hand.url && bricks.httpMethod == hand.httpMethod
            && bricks.allHTTPHeaderFields == hand.allHTTPHeaderFields && sameJSON(bricks.httpBody, hand.httpBody)
            && bricks.timeoutInterval == hand.timeoutInterval && bricks.cachePolicy == hand.cachePolicy
        guard same else {
            throw BenchmarkError(
                "the \(what) requests differ, so the comparison would be unfair: Bricks built "
                    + describe(bricks) + "; by hand " + describe(hand))
        }
    }
}
