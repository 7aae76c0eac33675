import BenchmarkHarness
import Bricks
import Foundation

/// The cost of the session and of each middleware layer: `Session.send` over a prebuilt-reply
/// transport with 0, 1, 4 and 8 pass-through middleware.
public enum MiddlewareBenchmarks {
    /// A small GET whose reply is decoded from a short JSON object.
    struct GetItem: RequestContextType, GETRequestType, JSONResponseType {
        struct Item: Decodable, Sendable {
            let id: Int
            let name: String
        }
        typealias Response = Item
        var baseURL: URL { MiddlewareBenchmarks.baseURL }
        var path: String { "/items/42" }
    }

    static let baseURL = URL(string: "http://127.0.0.1/api")!
    /// The layer counts measured.
    static let depths = [0, 1, 4, 8]

    /// A session with `depth` pass-through middleware over a prebuilt reply.
    static func session(depth: Int) -> Session {
        let transport = PrebuiltTransport(json: #"{"id": 42, "name": "keystone"}"#, url: baseURL)
        return Session(transport: transport, middleware: Array(repeating: PassThroughMiddleware(), count: depth))
    }

    /// The stacks, all interleaved in the same runs, and the same work done without a `Session`
    /// (build the body and head, call the transport, take its buffered body, check the status,
    /// decode).
    public static func cases(_ settings: BenchmarkSettings) throws -> [BenchmarkCase] {
        let endpoint = GetItem()
        let transport = PrebuiltTransport(json: #"{"id": 42, "name": "keystone"}"#, url: baseURL)
        var contenders = [
            Contender("no Session") { count in
                for _ in 0..<count {
                    let body = try endpoint.makeRequestBody()
                    let head = try endpoint.makeRequestHead(body: body)
                    let response = try await transport.exchange(head, body: body, context: CallContext(isIdempotent: true))
                    guard let data = response.body.bufferedData else { throw BenchmarkError("streamed body") }
                    guard (200..<300).contains(response.head.statusCode) else { throw BenchmarkError("status") }
                    blackHole(try endpoint.decode(data, response: response.head))
                }
            }
        ]
        for depth in depths {
            let session = session(depth: depth)
            contenders.append(
                Contender(name(depth)) { count in
                    for _ in 0..<count { blackHole(try await session.send(endpoint)) }
                })
        }
        return [
            BenchmarkCase(
                name: "middleware", group: "middleware", contenders: contenders, plan: settings.microPlan, rows: rows)
        ]
    }

    /// One row for the session without middleware against no session, one per stack against no middleware.
    static func rows(_ measured: Measurements) -> [Comparison] {
        var rows = [
            measured.compare(
                name(0), with: "no Session", name: "middleware.0", title: "Session.send, no middleware",
                note: "floor: makeRequestBody + makeRequestHead + transport.exchange + buffered body + status check + decode, without Session")
        ]
        for depth in depths where depth > 0 {
            var row = measured.compare(
                name(depth), with: name(0), name: "middleware.\(depth)", title: "Session.send, \(depth) middleware",
                target: depth == 8 ? .difference(atMost: 2) : nil)
            row.note = "floor: Session.send with no middleware; "
                + "Δ per layer \(String(format: "%.3f", row.difference.median / Double(depth))) µs"
            rows.append(row)
        }
        return rows
    }

    private static func name(_ depth: Int) -> String { "Session, \(depth) middleware" }
}
