import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's own errors for statuses that mean the same on every endpoint.
enum AppError: Error, Equatable {
    case invalidToken
    case updateRequired
}

/// An app protocol that names a typed error and maps statuses, as an app would.
private protocol MappedAPI: ExampleRequest where APIError == GitHubError {}
extension MappedAPI {
    func error(forStatus status: Int, data: Data, response: HTTPURLResponse) -> (any Error)? {
        switch status {
        case 401: AppError.invalidToken
        case 426, 501: AppError.updateRequired
        default: nil
        }
    }
}

private struct GetRepo: MappedAPI, GETRequestType, JSONResponseType {
    typealias Response = [String: String]
    var path: String { "/repo" }
}

/// Error bodies that need a decoder of their own (snake case here).
private struct SnakeError: Error, Decodable, Equatable {
    let errorCode: Int
}

private struct GetSnake: ExampleRequest, GETRequestType, DataResponseType {
    typealias APIError = SnakeError
    var path: String { "/snake" }
    func decodeAPIError(from data: Data, response: HTTPURLResponse) throws -> SnakeError {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(SnakeError.self, from: data)
    }
}

private let validationFailed = #"""
    {"message": "Validation Failed", "errors": [{"resource": "Label", "code": "invalid", "field": "color"}],
     "documentation_url": "https://docs.github.com/rest/reference/issues#create-a-label"}
    """#

@Suite struct TypedErrorTests {
    @Test func replaysTheRecorded422IntoTheTypedError() async throws {
        let exchanges = try GitHubFixture.load("errors")
        let transport = QueryRoutedStub(exchanges: exchanges)
        let request = CreateLabel(body: NewLabel(name: "foo", color: "invalid")).authorized(with: "t")
        do {
            _ = try await Session(transport: transport).send(request)
            Issue.record("expected the typed error")
        } catch let error as GitHubError {
            #expect(error.message == "Validation Failed")
            #expect(error.errors == [GitHubError.FieldError(resource: "Label", code: "invalid", field: "color")])
            #expect(error.documentationURL == "https://docs.github.com/rest/reference/issues#create-a-label")
        }
        let sent = try #require(await transport.requests.first)
        #expect(sent.httpMethod == "POST")
        let body = try JSONSerialization.jsonObject(with: try #require(sent.httpBody)) as? [String: String]
        #expect(body == exchanges.first?.requestJSON as? [String: String])
    }

    @Test func a422WithAGitHubBodyIsTheTypedError() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/repo", status: 422, json: validationFailed)
        await #expect(throws: GitHubError.self) { try await Session(transport: stub).send(GetRepo()) }
    }

    @Test func a500WithHTMLIsAnUnacceptableStatusWithTheBody() async throws {
        let stub = StubTransport()
        let html = Data("<html><body><h1>500 Internal Server Error</h1></body></html>".utf8)
        await stub.register(.get, "/repo", reply: .init(status: 500, headers: ["Content-Type": "text/html"], body: html))
        do {
            _ = try await Session(transport: stub).send(GetRepo())
            Issue.record("expected an error")
        } catch BricksError.unacceptableStatus(let code, let headers, let body) {
            #expect(code == 500)
            #expect(headers["Content-Type"] == "text/html")
            #expect(body == html)
        }
    }

    @Test func aJSONBodyOfAnotherShapeIsAnUnacceptableStatus() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/repo", status: 404, json: #"{"error": "not here"}"#)
        await #expect(throws: BricksError.unacceptableStatus(code: 404, headers: [:], body: Data())) {
            try await Session(transport: stub).send(GetRepo())
        }
    }

    @Test(arguments: [(401, AppError.invalidToken), (426, .updateRequired), (501, .updateRequired)])
    func mappedStatusesBecomeAppErrorsBeforeTheBodyIsRead(status: Int, expected: AppError) async throws {
        let stub = StubTransport()
        await stub.register(.get, "/repo", status: status, json: validationFailed)
        await #expect(throws: expected) { try await Session(transport: stub).send(GetRepo()) }
    }

    @Test func anEndpointCanNameItsOwnTypedError() async throws {
        #expect(GetSnake.APIError.self == SnakeError.self)
        #expect(GetRepo.APIError.self == GitHubError.self)
    }

    @Test func anEndpointCanDecodeItsErrorItsOwnWay() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/snake", status: 400, json: #"{"error_code": 42}"#)
        await #expect(throws: SnakeError(errorCode: 42)) { try await Session(transport: stub).send(GetSnake()) }
    }

    @Test func withoutATypedErrorTheBodyIsKeptInUnacceptableStatus() async throws {
        #expect(GetUser.APIError.self == NoAPIError.self)
        let stub = StubTransport()
        await stub.register(.get, "/users/x", status: 422, json: validationFailed)
        do {
            _ = try await Session(transport: stub).send(GetUser(login: "x"))
            Issue.record("expected an error")
        } catch BricksError.unacceptableStatus(let code, _, let body) {
            #expect(code == 422)
            #expect(body == Data(validationFailed.utf8))
        }
    }

    @Test func noAPIErrorNeverDecodes() throws {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NoAPIError.self, from: Data("{}".utf8)) }
        let response = try #require(HTTPURLResponse(url: exampleBase, statusCode: 400, httpVersion: nil, headerFields: nil))
        #expect(GetUser(login: "x").apiError(from: Data("{}".utf8), response: response) == nil)
    }

    @Test func anAcceptedStatusIsNeverAnError() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/repo", status: 200, json: #"{"message": "fine"}"#)
        #expect(try await Session(transport: stub).send(GetRepo()) == ["message": "fine"])
    }

    @Test func proxiesKeepTheTypedErrorAndTheMapping() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/repo", status: 422, json: validationFailed)
        let session = Session(transport: stub)
        await #expect(throws: GitHubError.self) { try await session.send(GetRepo().authorized(with: "t").with(timeout: 9)) }
        await stub.register(.get, "/repo", status: 401, json: "{}")
        await #expect(throws: AppError.invalidToken) { try await session.send(GetRepo().with(header: "X", value: "1")) }
    }
}
