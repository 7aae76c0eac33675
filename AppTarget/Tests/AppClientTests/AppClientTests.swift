import Bricks
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import AppClient

// Compiled with Xcode 26's app defaults, as AppClient: every test here runs on the main actor,
// as a view model's code does.

/// The local httpbin (scripts/test.sh starts two and exports their addresses). `nonisolated`: the
/// test traits read it away from the main actor.
nonisolated enum LocalServer {
    static let url = ProcessInfo.processInfo.environment["BRICKS_HTTPBIN_URL"]
    static let secondURL = ProcessInfo.processInfo.environment["BRICKS_HTTPBIN_URL_2"]
    static var isRequired: Bool { ProcessInfo.processInfo.environment["BRICKS_REQUIRE_INTEGRATION"] == "1" }
    /// Runs the integration tests when a server is given, and fails rather than skips when the
    /// suite requires one.
    static var shouldRun: Bool { url != nil || isRequired }
}

@Suite(.enabled(if: LocalServer.shouldRun, "set BRICKS_HTTPBIN_URL (bash scripts/test.sh does) to run against httpbin"))
struct AppTargetAgainstHTTPBin {
    let session = Session()

    init() throws {
        try #require(LocalServer.url != nil, "BRICKS_REQUIRE_INTEGRATION is set but BRICKS_HTTPBIN_URL is not")
    }

    @Test func theViewModelLoadsCreatesAndFollowsAStream() async throws {
        let model = NotesModel(session: session)
        await model.load("swift")
        #expect(model.failure == nil)
        #expect(model.echo?.args["q"] == "swift")
        try await model.create(Note(title: "milk", count: 2))
        #expect(model.created == Note(title: "milk", count: 2))
        try await model.follow(4)
        #expect(model.lines.map(\.id) == [0, 1, 2, 3])
    }

    @Test func everyMethodAndBodyArrivesAsDeclared() async throws {
        let note = Note(title: "a&b c", count: 3)
        #expect(try await session.send(SearchNotes(queryParameters: .init(title: "x y"))).args == ["title": "x y", "per_page": "30"])
        #expect(try await session.send(ReplaceNote(body: note)).json == note)
        #expect(try await session.send(UpdateNote(body: note)).json == note)
        try await session.send(DeleteNote())
        try await session.send(NoteExists())
        #expect(try await session.send(SubmitNoteForm(body: note)).form == ["title": "a&b c", "count": "3"])
        let parts = try await session.send(UploadNoteParts(text: "hello"))
        #expect(parts.form == ["title": "hello"])
        #expect(parts.files == ["file": "hello"])
        let bytes = try await session.send(UploadBytes(body: Data("raw".utf8)))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""data": "raw""#))
        #expect(try await session.send(GetRobots()).contains("Disallow"))
        #expect(try await session.send(GetEchoURL()).hasSuffix("/get"))
    }

    @Test func aFileUploadReportsItsProgressAndADownloadLandsInAFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("note.txt")
        try Data(repeating: 65, count: 20_000).write(to: file)
        let reports = Locked<[Int64]>([])
        let echo = try await session.send(UploadFile(fileURL: file)) { progress in
            reports.withLock { $0.append(progress.completedBytes) }
        }
        #expect(echo.data.count == 20_000)
        #expect(reports.withLock { $0.last } == 20_000)

        let destination = folder.appendingPathComponent("bytes.bin")
        let head = try await session.download(DownloadBytes(count: 50_000), to: destination)
        #expect(head.statusCode == 200)
        #expect(try Data(contentsOf: destination).count == 50_000)
    }

    @Test func proxiesChangeWhatTheyWrap() async throws {
        let bearer = try await session.send(CheckBearer().authorized(with: "t0ken"))
        #expect(bearer.authenticated && bearer.token == "t0ken")
        let traced = try await session.send(Traced(base: GetEcho(query: "t"), traceID: "abc"))
        #expect(traced.headers["X-Trace"] == "abc")
        let second = try #require(LocalServer.secondURL.flatMap(URL.init(string:)))
        let moved = try await session.send(GetEcho(query: "m").with(baseURL: second))
        #expect(moved.url.hasPrefix(second.absoluteString))
    }

    @Test func valueEndpointsWork() async throws {
        #expect(try await session.send(HTTPBin.echo("v")).args == ["q": "v"])
        #expect(try await session.send(HTTPBin.create(Note(title: "n", count: 1))).json == Note(title: "n", count: 1))
        try await session.send(HTTPBin.remove())
    }
}

@Suite struct AppTargetWithStubs {
    /// The origin the endpoints are built for; the stub answers whatever host they name.
    static let base = ProcessInfo.processInfo.environment["BRICKS_HTTPBIN_URL"] ?? "http://127.0.0.1:9"

    @Test func aTypedAPIErrorArrivesWithItsStatus() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/get", reply: .json(#"{"message": "Not Found"}"#, status: 404))
        await #expect(throws: TypedAPIError<HTTPBinError>.self) {
            try await stub.session().send(GetEcho(query: "x"))
        }
        do {
            _ = try await stub.session().send(GetEcho(query: "x"))
        } catch let error as TypedAPIError<HTTPBinError> {
            #expect(error.value.message == "Not Found")
            #expect(error.head.statusCode == 404)
        }
    }

    @Test func thePaginationStrategiesWalkEveryPage() async throws {
        let stub = StubTransport()
        let base = Self.base   // the handler runs away from the main actor
        await stub.register(.get, "/notes") { request in
            let items = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
            let value = { (name: String) in items.first { $0.name == name }?.value }
            let page = value("page") == "2" || value("cursor") == "c2" ? 2 : 1
            let notes = #"[{"title": "p\#(page)", "count": \#(page)}]"#
            var headers: HeaderFields = [:]
            if page == 1 {
                headers["Link"] = "<\(base)/notes?page=2>; rel=\"next\""
                headers["X-Next-Page"] = "2"
            }
            if value("cursor") != nil {
                return .json(#"{"items": \#(notes), "next": \#(page == 1 ? #""c2""# : "null")}"#)
            }
            return .json(notes, headers: headers)
        }
        let session = stub.session()
        #expect(try await session.all(of: ListNotesByLink()).map(\.title) == ["p1", "p2"])
        #expect(try await session.all(of: ListNotesByHeader()).map(\.title) == ["p1", "p2"])
        var titles: [String] = []
        for try await page in session.pages(of: ListNotesByPage()) {
            titles += page.map(\.title)
            if page.isEmpty || titles.count >= 2 { break }
        }
        #expect(titles == ["p1", "p2"])
        var cursorTitles: [String] = []
        for try await page in session.pages(of: ListNotesByCursor(cursor: "c1")) { cursorTitles += page.items.map(\.title) }
        #expect(cursorTitles == ["p1", "p2"])
    }

    @Test func serverSentEventsAndPropertyListsDecodeOnTheModelsActor() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/ticker", reply: .init(
            headers: ["Content-Type": "text/event-stream"], body: Data("data: {\"price\": 1}\n\ndata: {\"price\": 2}\n\n".utf8)))
        let plist = try PropertyListSerialization.data(fromPropertyList: ["name": "bricks"], format: .xml, options: 0)
        await stub.register(.get, "/settings.plist", reply: .init(body: plist))
        let session = stub.session()
        var prices: [Int] = []
        for try await tick in session.events(of: Ticker()) { prices.append(tick.price) }
        #expect(prices == [1, 2])
        #expect(try await session.send(GetSettings()).name == "bricks")
    }

    @Test func recordingsReplayOffline() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/get", reply: .json(#"{"url": "u", "args": {"q": "r"}, "headers": {}}"#))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let recorder = RecordingTransport(wrapping: stub, to: file)
        #expect(try await recorder.session().send(GetEcho(query: "r")).args == ["q": "r"])
        let replay = try ReplayTransport(contentsOf: file)
        #expect(try await replay.session().send(GetEcho(query: "r")).args == ["q": "r"])
    }
}

/// A lock for the upload progress handler, which runs off the main actor.
nonisolated final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
