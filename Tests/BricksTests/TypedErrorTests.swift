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
    func error(forStatus status: Int, data: Data, response: ResponseHead) -> (any Error)? {
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
private struct SnakeError: Error, Decodable, Equatable, Sendable {
    let errorCode: Int
}

private struct GetSnake: ExampleRequest, GETRequestType, DataResponseType {
    typealias APIError = SnakeError
    var path: String { "/snake" }
    func decodeAPIError(from data: Data, response: ResponseHead) throws -> SnakeError {
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
        } catch let error as TypedAPIError<GitHubError> {
            #expect(error.statusCode == 422)
            #expect(error.value.message == "Validation Failed")
            #expect(error.value.errors == [GitHubError.FieldError(resource: "Label", code: "invalid", field: "color")])
            #expect(error.value.documentationURL == "https://docs.github.com/rest/reference/issues#create-a-label")
        }
        let sent = try #require(await transport.requests.first)
        #expect(sent.httpMethod == "POST")
        let body = try JSONSerialization.jsonObject(with: try #require(sent.httpBody)) as? [String: String]
        #expect(body == exchanges.first?.requestJSON as? [String: String])
    }

    @Test func a422WithAGitHubBodyIsTheTypedError() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/repo", status: 422, json: validationFailed)
        let error = try #require(
            await #expect(throws: TypedAPIError<GitHubError>.self) { try await Session(transport: stub).send(GetRepo()) })
        #expect(error.value.message == "Validation Failed")
    }

    @Test func a500WithHTMLIsAnUnacceptableStatusWithTheBody() async throws {
        let stub = StubTransport()
        let html = Data("<html><body><h1>500 Internal Server Error</h1></body></html>".utf8)
        await stub.register(.get, "/repo", reply: .init(status: 500, headers: ["Content-Type": "text/html"], body: html))
        do {
            _ = try await Session(transport: stub).send(GetRepo())
            Issue.record("expected an error")
        } catch let error as BricksError {
            guard case .unacceptableStatus(let head, let body) = error.reason else { throw error }
            #expect(head.statusCode == 500)
            #expect(head.headerFields["Content-Type"] == "text/html")
            #expect(body == html)
        }
    }

    @Test func aJSONBodyOfAnotherShapeIsAnUnacceptableStatus() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/repo", status: 404, json: #"{"error": "not here"}"#)
        await #expect(throws: BricksError.unacceptable(status: 404)) {
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
        let error = try #require(
            await #expect(throws: TypedAPIError<SnakeError>.self) { try await Session(transport: stub).send(GetSnake()) })
        #expect(error.value == SnakeError(errorCode: 42))
        #expect(error.statusCode == 400)
    }

    @Test func withoutATypedErrorTheBodyIsKeptInUnacceptableStatus() async throws {
        #expect(GetUser.APIError.self == NoAPIError.self)
        let stub = StubTransport()
        await stub.register(.get, "/users/x", status: 422, json: validationFailed)
        do {
            _ = try await Session(transport: stub).send(GetUser(login: "x"))
            Issue.record("expected an error")
        } catch let error as BricksError {
            guard case .unacceptableStatus(let head, let body) = error.reason else { throw error }
            #expect(head.statusCode == 422)
            #expect(body == Data(validationFailed.utf8))
        }
    }

    @Test func noAPIErrorNeverDecodes() throws {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NoAPIError.self, from: Data("{}".utf8)) }
        let head = ResponseHead(statusCode: 400, url: exampleBase)
        #expect(throws: DecodingError.self) { try GetUser(login: "x").decodeAPIError(from: Data("{}".utf8), response: head) }
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
        await #expect(throws: TypedAPIError<GitHubError>.self) {
            try await session.send(GetRepo().authorized(with: "t").with(timeout: 9))
        }
        await stub.register(.get, "/repo", status: 401, json: "{}")
        await #expect(throws: AppError.invalidToken) { try await session.send(GetRepo().with(header: "X", value: "1")) }
    }
}
