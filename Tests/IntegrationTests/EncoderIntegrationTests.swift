import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One generated value of any kind, sent under a name of its own.
private enum Scalar: Encodable, Sendable {
    case date(Date), double(Double), float(Float), decimal(Decimal), int(Int64), uint(UInt64), bool(Bool)
    case uuid(UUID), url(URL), text(String)

    static func random(using generator: inout SeededGenerator) -> Scalar {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: .date(RandomValues.date(using: &generator))
        case 1: .double(RandomValues.double(using: &generator))
        case 2: .float(RandomValues.float(using: &generator))
        case 3: .decimal(RandomValues.decimal(using: &generator))
        case 4: .int(RandomValues.int64(using: &generator))
        case 5: .uint(RandomValues.uint64(using: &generator))
        case 6: .bool(Bool.random(using: &generator))
        case 7: .uuid(RandomValues.uuid(using: &generator))
        case 8: .url(RandomValues.url(using: &generator))
        default: .text(RandomStrings.make(using: &generator))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .date(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .uuid(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        }
    }

    /// Whether `text`, read with the standard parser for the kind, is this value, bit for bit.
    func isRead(from text: String) -> Bool {
        switch self {
        case .date(let value):
            let read = EncoderSample.readDate(text)
            return read?.timeIntervalSinceReferenceDate.bitPattern == value.timeIntervalSinceReferenceDate.bitPattern
        case .double(let value): return Double(text)?.bitPattern == value.bitPattern
        case .float(let value): return Float(text)?.bitPattern == value.bitPattern
        case .decimal(let value): return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) == value
        case .int(let value): return Int64(text) == value
        case .uint(let value): return UInt64(text) == value
        case .bool(let value): return text == (value ? "true" : "false")
        case .uuid(let value): return UUID(uuidString: text) == value
        case .url(let value): return URL(string: text)?.absoluteString == value.absoluteString
        case .text(let value): return text == value
        }
    }
}

/// A value or the list of values httpbin gives for a name (a list when the name was repeated).
private enum OneOrMany: Decodable, Sendable {
    case one(String), many([String])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) { self = .one(value) } else { self = .many(try container.decode([String].self)) }
    }

    var values: [String] {
        switch self {
        case .one(let value): [value]
        case .many(let values): values
        }
    }
}

/// What httpbin's `/anything` parsed, with Python's parsers (Werkzeug's query, form and
/// multipart parsers, `json.loads`), and the body as it arrived.
private struct Parsed: Decodable, Sendable {
    let args: [String: OneOrMany]
    let form: [String: OneOrMany]
    let data: String

    /// The parsed pairs of `fields`, for ``EncoderSample/init(reading:arrayEncoding:)``.
    static func pairs(_ fields: [String: OneOrMany]) -> [(name: String, value: String)] {
        fields.flatMap { name, values in values.values.map { (name, $0) } }
    }
}

private protocol AnythingRequest: RequestContextType, JSONResponseType {}
extension AnythingRequest {
    var baseURL: URL { HTTPBin.url ?? URL(fileURLWithPath: "/") }
    var path: String { "/anything" }
}

private struct QueryRequest<Parameters: Encodable & Sendable>: AnythingRequest, GETRequestType, QueryParametersRequestType {
    typealias Response = Parsed
    let queryParameters: Parameters
    let queryEncoder: QueryEncoder
}

private struct FormRequest<Body: Encodable & Sendable>: AnythingRequest, POSTRequestType, FormURLEncodedBodyRequestType {
    typealias Response = Parsed
    let body: Body
    let formEncoder: QueryEncoder
}

private struct MultipartRequest: AnythingRequest, POSTRequestType, MultipartFormBodyRequestType {
    typealias Response = Parsed
    let parts: [MultipartFormPart]
}

/// Every kind in one JSON body, lists of them.
private struct Batch: Codable, Sendable {
    var dates: [Date] = [], doubles: [Double] = [], floats: [Float] = [], decimals: [Decimal] = []
    var ints: [Int64] = [], uints: [UInt64] = [], bools: [Bool] = [], uuids: [UUID] = [], urls: [URL] = []
    var texts: [String] = []
    var count: Int { dates.count + doubles.count + floats.count + decimals.count + ints.count + uints.count + bools.count + uuids.count + urls.count + texts.count }
}

private struct JSONEcho: Decodable, Sendable {
    let json: Batch
    let data: String
}

/// The JSON body sent to `/anything`, its reply kept as bytes to see how Python wrote each number.
private struct JSONRequest: RequestContextType, POSTRequestType, JSONBodyRequestType, DataResponseType {
    var baseURL: URL { HTTPBin.url ?? URL(fileURLWithPath: "/") }
    var path: String { "/anything" }
    let body: Batch
}

/// Generated values of every kind sent through each encoder to httpbin, whose Python parses them
/// (Werkzeug's query, form and multipart parsers, `json.loads`) and echoes what it parsed; read back
/// with the standard parsers they come back bit for bit. 10,000 values per encoder, batched: about
/// 185 requests in all, most of them for the query (a query line stays under gunicorn's 4 KiB).
@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct EncoderIntegrationTests {
    static let values = 10_000

    /// Sends `batches` through `send`, eight at a time.
    static func sendAll<Batch: Sendable>(
        _ batches: [Batch], _ send: @escaping @Sendable (Batch) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var pending = batches[...]
            for _ in 0..<8 { if let next = pending.popFirst() { group.addTask { try await send(next) } } }
            while try await group.next() != nil {
                if let next = pending.popFirst() { group.addTask { try await send(next) } }
            }
        }
    }

    /// Named values in batches: each batch until its encoded query passes `limit` bytes.
    private static func scalarBatches(seed: UInt64, limit: Int) -> [[String: Scalar]] {
        var generator = SeededGenerator(seed: seed)
        var batches: [[String: Scalar]] = [[:]]
        var size = 0
        for index in 0..<values {
            let value = Scalar.random(using: &generator)
            let text = (try? QueryEncoder().encode(["v": value]).first?.value) ?? ""
            let cost = 8 + PercentEncodingCost.query(text)
            if size + cost > limit, !(batches[batches.count - 1].isEmpty) {
                batches.append([:])
                size = 0
            }
            batches[batches.count - 1]["v\(index)"] = value
            size += cost
        }
        return batches
    }

    private static func expect(_ batch: [String: Scalar], readFrom fields: [String: OneOrMany], seed: UInt64) {
        for (name, value) in batch {
            let read = fields[name]?.values ?? []
            #expect(read.count == 1 && value.isRead(from: read[0]), "\(name): \(value) came back as \(read) (seed \(seed))")
        }
        #expect(fields.count == batch.count, "seed \(seed)")
    }

    @Test func queryValuesArriveAsGiven() async throws {
        // A query line stays under gunicorn's 4 KiB: about 127 requests.
        try await Self.sweepScalars(batchBytes: 3_000, maximumRequests: 200) { session, batch in
            try await session.send(QueryRequest(queryParameters: batch, queryEncoder: QueryEncoder())).args
        }
    }

    @Test func formValuesArriveAsGiven() async throws {
        try await Self.sweepScalars(batchBytes: 60_000, maximumRequests: 12) { session, batch in
            try await session.send(FormRequest(body: batch, formEncoder: QueryEncoder())).form
        }
    }

    /// Sends ``values`` generated values under names of their own, in batches of about
    /// `batchBytes` encoded, and expects each read back by `send` (what Python parsed) the same.
    private static func sweepScalars(
        batchBytes: Int, maximumRequests: Int,
        send: @escaping @Sendable (Session, [String: Scalar]) async throws -> [String: OneOrMany]
    ) async throws {
        _ = try HTTPBin.base()
        let seed = SeededGenerator.seed()
        let batches = scalarBatches(seed: seed, limit: batchBytes)
        #expect(batches.count <= maximumRequests, "\(batches.count) requests")
        let session = Session(transport: TestTransport.make())
        try await sendAll(batches) { batch in
            expect(batch, readFrom: try await send(session, batch), seed: seed)
        }
    }

    /// Multipart text fields hold the text the query encoder writes for each value, as the docs
    /// advise; Werkzeug's multipart parser reads them (at most 1,000 parts a request).
    @Test func multipartFieldsArriveAsGiven() async throws {
        _ = try HTTPBin.base()
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        var batches: [[(String, Scalar, String)]] = []
        for index in 0..<Self.values {
            if index % 500 == 0 { batches.append([]) }
            let value = Scalar.random(using: &generator)
            let text = try #require(try QueryEncoder().encode(["v": value]).first?.value)
            batches[batches.count - 1].append(("v\(index)", value, text))
        }
        let session = Session(transport: TestTransport.make())
        try await Self.sendAll(batches.map { batch in batch.map { FieldBox(name: $0.0, value: $0.1, text: $0.2) } }) { batch in
            let parsed = try await session.send(MultipartRequest(parts: batch.map { .text(name: $0.name, value: $0.text) }))
            Self.expect(Dictionary(uniqueKeysWithValues: batch.map { ($0.name, $0.value) }), readFrom: parsed.form, seed: seed)
        }
    }

    /// Whole samples, nested lists and objects included, in each list style: the names Python
    /// parses are the ones the encoder wrote, with every value.
    @Test(arguments: [QueryEncoder.ArrayEncoding.repeatedKey, .brackets, .indexed])
    func nestedSamplesArriveAsGiven(arrayEncoding: QueryEncoder.ArrayEncoding) async throws {
        _ = try HTTPBin.base()
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        let samples = (0..<200).map { _ in EncoderSample.random(using: &generator, nesting: arrayEncoding == .indexed) }
        let session = Session(transport: TestTransport.make())
        // Twenty samples a form body, under names of their own.
        let batches = stride(from: 0, to: samples.count, by: 20).map { start in
            Dictionary(uniqueKeysWithValues: (start..<min(start + 20, samples.count)).map { ("s\($0)", samples[$0]) })
        }
        try await Self.sendAll(batches) { batch in
            let parsed = try await session.send(FormRequest(body: batch, formEncoder: QueryEncoder(arrayEncoding: arrayEncoding)))
            for (name, sample) in batch {
                let prefix = name + "["
                let pairs = Parsed.pairs(parsed.form.filter { $0.key.hasPrefix(prefix) }).map { pair in
                    // s3[date] → date, s3[nested][texts][0] → nested[texts][0]
                    let inner = pair.name.dropFirst(prefix.count)
                    let close = inner.firstIndex(of: "]") ?? inner.endIndex
                    return (name: String(inner[..<close]) + String(inner[close...].dropFirst()), value: pair.value)
                }
                do {
                    let read = try EncoderSample(reading: pairs, arrayEncoding: arrayEncoding)
                    let differences = sample.differences(from: read)
                    #expect(differences.isEmpty, "\(differences) (seed \(seed))")
                } catch {
                    Issue.record("\(error) (seed \(seed))")
                }
            }
        }
    }

    /// Python's `json` reads the body and httpbin writes what it read again. Numbers keep their
    /// value bit for bit, and every `Double`, `Float` and date (`.deferredToDate`: seconds) arrives
    /// as a Python float, written back with a point or an exponent (`2.0`, `-0.0`, not `2`, `0`).
    /// A `Decimal` longer than a `Double` is read into a float by Python's `json`, so decimals are
    /// checked in the body as it arrived.
    @Test func jsonValuesArriveAsGiven() async throws {
        _ = try HTTPBin.base()
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        var batch = Batch()
        while batch.count < Self.values {
            batch.dates.append(RandomValues.date(using: &generator))
            batch.doubles.append(RandomValues.double(using: &generator))
            batch.floats.append(RandomValues.float(using: &generator))
            batch.decimals.append(RandomValues.decimal(using: &generator))
            batch.ints.append(RandomValues.int64(using: &generator))
            batch.uints.append(RandomValues.uint64(using: &generator))
            batch.bools.append(Bool.random(using: &generator))
            batch.uuids.append(RandomValues.uuid(using: &generator))
            batch.urls.append(RandomValues.url(using: &generator))
            batch.texts.append(RandomStrings.make(using: &generator))
        }
        let reply = try await Session(transport: TestTransport.make()).send(JSONRequest(body: batch))
        let echo = try JSONDecoder().decode(JSONEcho.self, from: reply)
        let read = echo.json
        func sameBits(_ one: Double, _ two: Double) -> Bool { one.bitPattern == two.bitPattern }
        func sameBits(_ one: Float, _ two: Float) -> Bool { one.bitPattern == two.bitPattern }
        // How Python wrote back each number it parsed: a float has a point or an exponent.
        guard let tokens = JSONTokens.tokens(reply), case .object(let members)? = JSONTokens.tree(tokens),
            case .object(let parsed)? = members.first(where: { $0.key == #""json""# })?.value
        else {
            Issue.record("httpbin's reply has no parsed json: \(String(decoding: reply.prefix(300), as: UTF8.self))")
            return
        }
        for field in ["dates", "doubles", "floats"] {
            guard case .array(let numbers)? = parsed.first(where: { $0.key == "\"\(field)\"" })?.value else {
                Issue.record("no \(field) in the parsed json")
                continue
            }
            let integers = numbers.compactMap { number -> String? in
                guard case .scalar(.number(let text)) = number, JSONTokens.isFloatingPoint(text) else { return "\(number)" }
                return nil
            }
            #expect(integers.isEmpty, "Python read \(integers.count) \(field) as integers: \(integers.prefix(5)) (seed \(seed))")
            let sent = ["dates": batch.dates.count, "doubles": batch.doubles.count, "floats": batch.floats.count]
            #expect(numbers.count == sent[field], "\(field): \(numbers.count) of \(sent[field] ?? 0) (seed \(seed))")
        }
        #expect(read.dates.count == batch.dates.count)
        for (sent, got) in zip(batch.dates, read.dates) {
            #expect(sameBits(sent.timeIntervalSinceReferenceDate, got.timeIntervalSinceReferenceDate), "seed \(seed)")
        }
        for (sent, got) in zip(batch.doubles, read.doubles) { #expect(sameBits(sent, got), "\(sent) came back as \(got) (seed \(seed))") }
        for (sent, got) in zip(batch.floats, read.floats) { #expect(sameBits(sent, got), "\(sent) came back as \(got) (seed \(seed))") }
        #expect(read.ints == batch.ints && read.uints == batch.uints && read.bools == batch.bools, "seed \(seed)")
        #expect(read.uuids == batch.uuids && read.texts == batch.texts, "seed \(seed)")
        #expect(read.urls.map(\.absoluteString) == batch.urls.map(\.absoluteString), "seed \(seed)")
        let asSent = try JSONDecoder().decode(Batch.self, from: Data(echo.data.utf8))
        #expect(asSent.decimals == batch.decimals, "seed \(seed)")
    }
}

/// A multipart field: its name, the value and the text sent for it.
private struct FieldBox: Sendable {
    let name: String
    let value: Scalar
    let text: String
}


/// The bytes a text takes in a query once percent-encoded (an upper bound: 3 per byte that is not
/// a letter or a digit).
private enum PercentEncodingCost {
    static func query(_ text: String) -> Int {
        text.utf8.reduce(0) { $0 + ((0x30...0x39).contains($1) || (0x41...0x5A).contains($1) || (0x61...0x7A).contains($1) ? 1 : 3) }
    }
}
