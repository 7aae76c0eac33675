import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private struct EchoAnything: RequestContextType, JSONResponseType {
    typealias Response = Echo
    let baseURL: URL
    let queryItems: [URLQueryItem]
    let headerFields: [String: String]
    var path: String { "/anything" }
}

private struct PostForm: RequestContextType, POSTRequestType, FormURLEncodedBodyRequestType, JSONResponseType {
    typealias Response = Echo
    let baseURL: URL
    let body: [URLQueryItem]
    var path: String { "/anything" }
}

/// Random hostile values sent to a real server: what it receives is exactly what was given, or
/// Bricks refused with a `BricksError` before sending.
@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct PropertyIntegrationTests {
    static let cases = 200

    @Test func randomQueryValuesAndHeadersArriveIntact() async throws {
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        let base = try HTTPBin.base()
        var requests: [(values: [String], header: String)] = []
        for _ in 0..<Self.cases {
            let values = (0..<3).map { _ in RandomStrings.make(using: &generator) }
            // Header values: printable ASCII (servers decode other bytes as Latin-1).
            let header = String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 0...12, using: &generator)).compactMap { _ in
                        Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator))
                    }))
            requests.append((values, header))
        }
        let session = Session(transport: TestTransport.make())
        try await withThrowingTaskGroup(of: Void.self) { group in
            var pending = requests[...]
            func startNext() {
                guard let (values, header) = pending.popFirst() else { return }
                group.addTask {
                    let items = values.enumerated().map { URLQueryItem(name: "k\($0.offset)", value: $0.element) }
                    let echo = try await session.send(
                        EchoAnything(baseURL: base, queryItems: items, headerFields: ["X-Fuzz": header]))
                    for (index, value) in values.enumerated() {
                        #expect(echo.args["k\(index)"] == value, "seed \(seed)")
                    }
                    // HTTP trims leading and trailing spaces of a field value.
                    let trimmed = header.trimmingCharacters(in: .whitespaces)
                    #expect((echo.headers["X-Fuzz"] ?? "") == trimmed, "seed \(seed)")
                }
            }
            for _ in 0..<8 { startNext() }
            while try await group.next() != nil { startNext() }
        }
    }

    @Test func randomFormFieldsArriveIntact() async throws {
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        let base = try HTTPBin.base()
        let session = Session(transport: TestTransport.make())
        for _ in 0..<Self.cases / 4 {
            let values = (0..<3).map { _ in RandomStrings.make(using: &generator) }
            let items = values.enumerated().map { URLQueryItem(name: "k\($0.offset)", value: $0.element) }
            let echo = try await session.send(PostForm(baseURL: base, body: items))
            for (index, value) in values.enumerated() {
                #expect(echo.form?["k\(index)"] == value, "seed \(seed)")
            }
        }
    }
}
