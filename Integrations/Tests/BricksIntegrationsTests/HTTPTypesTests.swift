import Bricks
import BricksHTTPTypes
import BricksTesting
import Foundation
import HTTPTypes
import IntegrationsTestSupport
import Testing

@Suite struct HTTPTypesConversionTests {
    let fields: HeaderFields = [
        "Set-Cookie": "a=1; Path=/", "x-lower": "v", "SET-COOKIE": "b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT",
        "Content-Type": "text/plain; charset=utf-8", "X-Unicode": "café ☕", "X-Empty": "", "Link": "<a>; rel=\"next\"",
    ]

    @Test func headerFieldsRoundTripWithRepeatedNamesCaseAndOrder() throws {
        let converted = try HTTPFields(fields)
        #expect(converted.map(\.name.rawName) == fields.map(\.name))
        #expect(converted.map(\.value) == fields.map(\.value))
        #expect(converted[values: .setCookie] == ["a=1; Path=/", "b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT"])
        #expect(HeaderFields(converted) == fields)
        #expect(HeaderFields(HTTPFields()) == HeaderFields())
    }

    @Test(arguments: [
        HeaderField(name: "Bad Name", value: "x"), HeaderField(name: ":path", value: "/"),
        HeaderField(name: "", value: "x"), HeaderField(name: "X-Split", value: "a\r\nX-Evil: 1"),
        HeaderField(name: "X-Nul", value: "a\0b"), HeaderField(name: "X-LF", value: "a\nb"),
    ])
    func invalidFieldsThrowInvalidHeader(field: HeaderField) throws {
        let error = try #require(throws: BricksError.self) { try HTTPFields(HeaderFields([field])) }
        guard case .invalidHeader(let name, _) = error.reason else {
            Issue.record("got \(error)")
            return
        }
        #expect(name == field.name)
    }

    @Test func responseHeadRoundTrip() throws {
        let url = URL(string: "https://api.example.com/users/x")!
        let head = ResponseHead(statusCode: 404, headerFields: fields, url: url)
        let response = try HTTPResponse(head)
        #expect(response.status.code == 404)
        #expect(response.status.reasonPhrase == "Not Found")
        #expect(response.headerFields.count == fields.count)
        #expect(ResponseHead(response, url: url) == head)
        #expect(ResponseHead(response, url: url, httpVersion: "HTTP/2").httpVersion == "HTTP/2")
        // A status Bricks has no phrase for keeps an empty one.
        #expect(try HTTPResponse(ResponseHead(statusCode: 299, url: url)).status.reasonPhrase == "")
    }

    @Test(arguments: [-1, 1000, Int.max])
    func aStatusHTTPResponseCannotHoldThrows(status: Int) throws {
        let head = ResponseHead(statusCode: status, url: URL(string: "https://api.example.com")!)
        let error = try #require(throws: BricksError.self) { try HTTPResponse(head) }
        guard case .invalidResponse = error.reason else {
            Issue.record("got \(error)")
            return
        }
    }

    @Test func requestHeadToHTTPRequestFieldForField() throws {
        var head = try RequestHead(
            method: .patch, url: URL(string: "HTTPS://api.example.com:8443/a%20b/c?q=1&r=x%2By#section")!)
        head.headerFields["Content-Type"] = "application/json"
        head.headerFields["Authorization"] = "Bearer t"
        head.headerFields.append(name: "Accept", value: "text/html")
        head.headerFields.append(name: "accept", value: "application/json")
        let converted = try HTTPRequest(head)
        #expect(converted.method == .patch)
        #expect(converted.scheme == "https")
        #expect(converted.authority == "api.example.com:8443")
        #expect(converted.path == "/a%20b/c?q=1&r=x%2By")
        #expect(converted.path == head.target)
        // In order, repeated names kept, names as spelled.
        #expect(converted.headerFields.map(\.name.rawName) == ["Content-Type", "Authorization", "Accept", "accept"])
        #expect(converted.headerFields[values: .accept] == ["text/html", "application/json"])
        #expect(converted.headerFields[.contentType] == "application/json")

        let root = try HTTPRequest(RequestHead(url: URL(string: "http://localhost")!))
        #expect(root.method == .get && root.path == "/" && root.authority == "localhost")
        let ipv6 = try HTTPRequest(RequestHead(url: URL(string: "http://[::1]:8080/x")!))
        #expect(ipv6.authority == "[::1]:8080")
        var search = try RequestHead(url: URL(string: "https://api.example.com/search")!)
        try search.setQueryItems([URLQueryItem(name: "q", value: "a b&c")])
        let query = try HTTPRequest(search)
        #expect(query.path == search.target)
        #expect(query.path?.hasPrefix("/search?q=a") == true && query.path?.contains(" ") == false)
    }

    /// What `HTTPRequest` cannot hold never gets there: a head refuses a URL without host, with
    /// user info or of another scheme, and a method that is not a token; a header field that is
    /// not valid fails the conversion.
    @Test func aRequestHTTPTypesCannotHoldThrows() throws {
        func reason(_ make: () throws -> Void) throws -> BricksError.Reason {
            try #require(throws: BricksError.self) { try make() }.reason
        }
        for url in ["mailto:someone@example.com", "https://user:pw@example.com/", "ftp://example.com/"] {
            guard case .invalidURL = try reason({ _ = try RequestHead(url: URL(string: url)!) }) else {
                Issue.record("\(url) was accepted")
                continue
            }
        }
        #expect(HTTPMethod(rawValue: "GE T") == nil)
        var head = try RequestHead(url: URL(string: "https://example.com/")!)
        head.headerFields.append(name: "Bad Name", value: "x")
        guard case .invalidHeader(let name, _) = try reason({ _ = try HTTPRequest(head) }) else {
            Issue.record("a field with a space in its name was accepted")
            return
        }
        #expect(name == "Bad Name")
    }

    @Test func httpRequestToRequestHeadFieldForField() throws {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .accept, value: "text/html"))
        fields.append(HTTPField(name: .accept, value: "application/json"))
        fields.append(HTTPField(name: .cookie, value: "a=1"))
        fields.append(HTTPField(name: .cookie, value: "b=2"))
        let request = HTTPRequest(
            method: .delete, scheme: "https", authority: "api.example.com:8443", path: "/items/1?force=true",
            headerFields: fields)
        let converted = try RequestHead(request)
        #expect(converted.urlString == "https://api.example.com:8443/items/1?force=true")
        #expect(converted.method == .delete)
        #expect(converted.scheme == "https" && converted.authority == "api.example.com:8443")
        #expect(converted.target == "/items/1?force=true")
        #expect(converted.queryItems == [URLQueryItem(name: "force", value: "true")])
        // Every field kept, none joined.
        #expect(converted.headerFields.values(for: "Accept") == ["text/html", "application/json"])
        #expect(converted.headerFields.values(for: "Cookie") == ["a=1", "b=2"])
        // And back: the same request, field for field.
        #expect(try HTTPRequest(converted) == request)
    }

    @Test func anHTTPRequestWithoutAnAbsolutePathThrows() throws {
        let asterisk = HTTPRequest(method: .options, scheme: nil, authority: "example.com", path: "*")
        let error = try #require(throws: BricksError.self) { try RequestHead(asterisk) }
        guard case .invalidRequest = error.reason else {
            Issue.record("got \(error)")
            return
        }
        let badAuthority = HTTPRequest(method: .get, scheme: "https", authority: "exa mple.com", path: "/")
        #expect(throws: BricksError.self) { try RequestHead(badAuthority) }
        let otherScheme = HTTPRequest(method: .get, scheme: "ftp", authority: "example.com", path: "/")
        let schemeError = try #require(throws: BricksError.self) { try RequestHead(otherScheme) }
        guard case .invalidURL = schemeError.reason else {
            Issue.record("got \(schemeError)")
            return
        }
    }
}

@Suite struct HTTPTypesTransportTests {
    /// What the fake client saw.
    final class Sent: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [(HTTPRequest, Data?)] = []
        var requests: [(HTTPRequest, Data?)] { lock.withLock { stored } }
        func append(_ request: HTTPRequest, _ body: Data?) { lock.withLock { stored.append((request, body)) } }
    }

    @Test func sendsABricksEndpointThroughAClientOfHTTPTypes() async throws {
        let sent = Sent()
        let transport = HTTPTypesTransport { request, body in
            sent.append(request, body?.data)
            var fields = HTTPFields()
            fields[.contentType] = "application/json"
            fields.append(HTTPField(name: .setCookie, value: "a=1"))
            fields.append(HTTPField(name: .setCookie, value: "b=2"))
            let chunks = AsyncStream<Data> { continuation in
                continuation.yield(Data(#"{"id": 7, "#.utf8))
                continuation.yield(Data(#""login": "hubot"}"#.utf8))
                continuation.finish()
            }
            return (HTTPResponse(status: .created, headerFields: fields), chunks)
        }
        let session = Session(transport: transport)
        let created = try await session.response(for: CreateUser(User(id: 7, login: "hubot")))

        #expect(created.value == User(id: 7, login: "hubot"))
        #expect(created.head.statusCode == 201)
        #expect(created.head.headerFields.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(created.head.url.absoluteString == "https://api.example.com/users")
        let (request, body) = try #require(sent.requests.first)
        #expect(request.method == .post)
        #expect(request.scheme == "https" && request.authority == "api.example.com" && request.path == "/users")
        #expect(request.headerFields[.contentType]?.hasPrefix("application/json") == true)
        let decoded = try JSONDecoder().decode(User.self, from: try #require(body))
        #expect(decoded == User(id: 7, login: "hubot"))
    }

    @Test func theClientsErrorsAreMappedToBricksErrors() async throws {
        let transport = HTTPTypesTransport { _, _ -> (HTTPResponse, ResponseBody) in
            throw URLError(.cannotConnectToHost)
        }
        let reason = try await reason { _ = try await Session(transport: transport).send(GetUser(login: "x")) }
        guard case .transport = reason else {
            Issue.record("got \(reason)")
            return
        }
    }

    @Test func aRequestHTTPTypesCannotHoldFailsBeforeTheClientIsCalled() async throws {
        let sent = Sent()
        let transport = HTTPTypesTransport { request, _ in
            sent.append(request, nil)
            return (HTTPResponse(status: .ok), ResponseBody())
        }
        var head = try RequestHead(url: URL(string: "https://api.example.com/")!)
        head.headerFields.append(name: ":path", value: "/admin")
        await #expect(throws: BricksError.self) {
            _ = try await transport.exchange(head, body: nil, context: CallContext())
        }
        #expect(sent.requests.isEmpty)
    }
}
