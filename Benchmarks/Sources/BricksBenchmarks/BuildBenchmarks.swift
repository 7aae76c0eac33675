import BenchmarkHarness
import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Building a request: a brick struct's `makeRequestBody()` and `makeRequestHead(body:)` (what
/// `Session` does before its middleware) against the same request built by hand as a `URLRequest`
/// with `URLComponents` (and `JSONEncoder` for the body).
public enum BuildBenchmarks {
    /// The two cases, GET and POST, after checking that both sides build the same requests.
    /// - Throws: ``BenchmarkError`` when the requests differ.
    public static func cases(_ settings: BenchmarkSettings) throws -> [BenchmarkCase] {
        let search = SearchRepositories(query: ExampleAPI.query)
        let create = CreateIssue(owner: "apple", repository: "swift", body: .example)
        let encoder = JSONEncoder()
        try expectSame(try build(search), try handBuiltSearch(query: ExampleAPI.query), "GET")
        try expectSame(try build(create), try handBuiltCreate(.example, encoder: encoder), "POST")
        let get = BenchmarkCase(
            name: "build.get", group: "build",
            contenders: [
                Contender("Bricks") { count in for _ in 0..<count { blackHole(try build(search)) } },
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
                Contender("Bricks") { count in for _ in 0..<count { blackHole(try build(create)) } },
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

    /// What `Session` builds from `endpoint` before its middleware: the body, then the head (which
    /// takes the body's `Content-Type`).
    static func build(_ endpoint: some RequestType) throws -> (head: RequestHead, body: RequestBody?) {
        let body = try endpoint.makeRequestBody()
        return (try endpoint.makeRequestHead(body: body), body)
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
    static func describe(method: String?, url: URL?, fields: [String: String], body: Data?)
        -> String
    {
        "\(method ?? "") \(url?.absoluteString ?? "") \(fields) "
            + "body \(body.map { String(decoding: $0, as: UTF8.self) } ?? "none")"
    }

    /// Header fields as one value per lowercased name, repeated names joined with ", ": how a
    /// `URLRequest` holds them, in a form that compares without regard to case (FoundationNetworking
    /// respells names, `X-GitHub-Api-Version` as `X-Github-Api-Version`).
    static func dictionary(_ fields: some Sequence<(name: String, value: String)>) -> [String: String] {
        Dictionary(
            fields.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, second in first + ", " + second })
    }

    /// Throws unless Bricks' head and body and the hand-built request would send the same request:
    /// the same method, URL, header fields (names without regard to case) and body (the timeout
    /// is the call's, not the head's).
    static func expectSame(_ bricks: (head: RequestHead, body: RequestBody?), _ hand: URLRequest, _ what: String)
        throws
    {
        let head = bricks.head
        let fields = dictionary(head.headerFields.lazy.map { (name: $0.name, value: $0.value) })
        let handFields = dictionary((hand.allHTTPHeaderFields ?? [:]).lazy.map { (name: $0.key, value: $0.value) })
        let same = head.url == hand.url && head.method.rawValue == hand.httpMethod
            && fields == handFields && sameJSON(bricks.body?.data, hand.httpBody)
        guard same else {
            throw BenchmarkError(
                "the \(what) requests differ, so the comparison would be unfair: Bricks built "
                    + describe(
                        method: head.method.rawValue, url: head.url, fields: fields, body: bricks.body?.data)
                    + "; by hand "
                    + describe(
                        method: hand.httpMethod, url: hand.url, fields: handFields, body: hand.httpBody))
        }
    }
}
