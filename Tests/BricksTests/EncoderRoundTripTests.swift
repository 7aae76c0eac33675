import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Generated values of every kind through each encoder the library ships and back through a
/// standard reader (`URLComponents` splitting the query, `JSONDecoder`, Foundation's number, date
/// and UUID parsers):
/// what comes back is what was given, bit for bit. Seeded: a failure names its seed, and
/// `BRICKS_PROPERTY_SEED` replays it. Each sweep runs on a thread of its own, one at a time.
@Suite(.serialized) struct EncoderRoundTripTests {
    /// Samples per encoder; each carries 20 to 60 values, so every sweep reads back well over
    /// 10,000 values.
    static let samples = 700

    private struct Query: RequestContextType, GETRequestType, QueryParametersRequestType, DataResponseType {
        let baseURL = URL(string: "https://api.example.com")!
        let queryParameters: EncoderSample
        let queryEncoder: QueryEncoder
    }

    private struct Form: RequestContextType, POSTRequestType, FormURLEncodedBodyRequestType, DataResponseType {
        let baseURL = URL(string: "https://api.example.com")!
        let body: EncoderSample
        let formEncoder: QueryEncoder
    }

    private struct JSON: RequestContextType, POSTRequestType, JSONBodyRequestType, DataResponseType {
        let baseURL = URL(string: "https://api.example.com")!
        let body: EncoderSample
    }

    static let arrayEncodings: [QueryEncoder.ArrayEncoding] = [.repeatedKey, .brackets, .indexed]

    /// Something a sweep could not do with a sample.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    @Test(arguments: arrayEncodings)
    func queryParametersReadBackExactly(arrayEncoding: QueryEncoder.ArrayEncoding) async throws {
        try await Self.sweep(arrayEncoding) { sample, encoder in
            let url = try Query(queryParameters: sample, queryEncoder: encoder).makeURLRequest().url
            guard let url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems
            else { throw Unreadable(description: "no query in \(String(describing: url))") }
            return items
        }
    }

    @Test(arguments: arrayEncodings)
    func formBodiesReadBackExactly(arrayEncoding: QueryEncoder.ArrayEncoding) async throws {
        try await Self.sweep(arrayEncoding) { sample, encoder in
            let body = try Form(body: sample, formEncoder: encoder).makeURLRequest().httpBody ?? Data()
            // A form is a query whose spaces are `+` (and whose `+` is `%2B`): URLComponents reads it.
            var components = URLComponents()
            components.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
            guard let items = components.percentEncodedQueryItems else { throw Unreadable(description: "no pairs in the body") }
            return items
        }
    }

    @Test func jsonBodiesReadBackExactly() async throws {
        let seed = SeededGenerator.seed()
        let problems = try await Self.offThePool {
            var generator = SeededGenerator(seed: seed)
            var problems: [String] = []
            for _ in 0..<Self.samples {
                let sample = EncoderSample.random(using: &generator, nesting: true)
                do {
                    let body = try JSON(body: sample).makeURLRequest().httpBody ?? Data()
                    problems += sample.differences(from: try JSONDecoder().decode(EncoderSample.self, from: body))
                } catch {
                    problems.append("refused: \(error)")
                }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.count) values changed: \(problems.prefix(5)) (seed \(seed))")
    }

    /// Sends ``samples`` generated samples through `send` (encode, then split into still
    /// percent-encoded pairs) and expects each read back the same; at least 10,000 values in all.
    static func sweep(
        _ arrayEncoding: QueryEncoder.ArrayEncoding,
        send: @escaping @Sendable (EncoderSample, QueryEncoder) throws -> [URLQueryItem]
    ) async throws {
        let seed = SeededGenerator.seed()
        let (values, problems) = try await offThePool {
            var generator = SeededGenerator(seed: seed)
            var values = 0
            var problems: [String] = []
            for _ in 0..<samples {
                let sample = EncoderSample.random(using: &generator, nesting: arrayEncoding == .indexed)
                // A refusal is a finding like a changed value: it is reported with the seed.
                do {
                    let items = try send(sample, QueryEncoder(arrayEncoding: arrayEncoding))
                    values += items.count
                    problems += self.problems(sample, items: items, arrayEncoding: arrayEncoding)
                } catch {
                    problems.append("refused: \(error)")
                }
            }
            return (values, problems)
        }
        #expect(problems.isEmpty, "\(problems.count) values changed: \(problems.prefix(5)) (seed \(seed))")
        #expect(values >= 10_000, "seed \(seed)")
    }

    /// Runs a sweep on a thread of its own, at the lowest priority: seconds of CPU on the
    /// cooperative pool (two threads on a 2-core machine), or beside it at the same priority, left
    /// a streaming test that waits for ten events five seconds short on a busy machine.
    static func offThePool<Result: Sendable>(
        _ work: @escaping @Sendable () throws -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                #if canImport(Glibc)
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)  // on Linux: this thread only
                #endif
                continuation.resume(with: Swift.Result { try work() })
            }.start()
        }
    }

    /// What differs when `items`, split by `URLComponents` and still percent-encoded, are read back
    /// as a sample. The escapes are decoded byte by byte, as a server does: Foundation's own
    /// decoding (`queryItems`, `removingPercentEncoding`) drops a leading U+FEFF.
    static func problems(
        _ sample: EncoderSample, items: [URLQueryItem], arrayEncoding: QueryEncoder.ArrayEncoding
    ) -> [String] {
        let pairs = items.map { item in
            (PropertyTests.percentDecode(Substring(item.name)) ?? "?", PropertyTests.percentDecode(Substring(item.value ?? "")) ?? "?")
        }
        do {
            return sample.differences(from: try EncoderSample(reading: pairs, arrayEncoding: arrayEncoding))
        } catch {
            return ["\(error) in \(items)"]
        }
    }

    // MARK: - Dates, one by one

    private static func query(_ date: Date, _ encoding: QueryEncoder.DateEncoding = .iso8601) throws -> String? {
        try QueryEncoder(dateEncoding: encoding).encode(["d": date]).first?.value
    }

    /// The issue's example: a date from a server that keeps microseconds.
    @Test func microsecondsAreKept() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000.820370)
        #expect(try Self.query(date) == "2027-01-15T08:00:00.82037Z")
        #expect(try Self.query(Date(timeIntervalSince1970: 1_714_564_800)) == "2024-05-01T12:00:00Z")
        #expect(try Self.query(Date(timeIntervalSince1970: 1_714_564_800.5)) == "2024-05-01T12:00:00.5Z")
        #expect(try Self.query(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.75Z")
    }

    /// ISO 8601's calendar is the proleptic Gregorian one, as Python's `datetime` and databases
    /// read it (Foundation's formatter writes Julian dates before 1582-10-15).
    @Test func earlyDatesAreProlepticGregorian() throws {
        // Seconds since 1970 as Python computes them: datetime(…, tzinfo=timezone.utc).timestamp().
        let expected: [(Double, String)] = [
            (-12_219_292_800, "1582-10-15T00:00:00Z"), (-12_220_156_800, "1582-10-05T00:00:00Z"),
            (-62_135_596_800, "0001-01-01T00:00:00Z"), (-62_167_219_200, "0000-01-01T00:00:00Z"),
            (-62_162_035_200, "0000-03-01T00:00:00Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
            (951_782_400, "2000-02-29T00:00:00Z"), (4_107_542_400, "2100-03-01T00:00:00Z"),
        ]
        for (seconds, text) in expected { #expect(try Self.query(Date(timeIntervalSince1970: seconds)) == text) }
        #expect(try Self.query(.distantPast) == "0000-12-30T00:00:00Z")
        #expect(try Self.query(.distantFuture) == "4001-01-01T00:00:00Z")
    }

    @Test(arguments: [-62_167_219_200.5, 253_402_300_800, 1e300, -.infinity, .nan])
    func datesOutsideFourDigitYearsAreRefused(seconds: Double) {
        #expect(throws: EncodingError.self) { try Self.query(Date(timeIntervalSince1970: seconds)) }
    }

    /// Only near 2001-01-01 does a `Date` hold digits finer than a nanosecond; they are rounded,
    /// carrying into the second.
    @Test func finerThanNanosecondsIsRoundedNear2001() throws {
        #expect(try Self.query(Date(timeIntervalSinceReferenceDate: 1e-12)) == "2001-01-01T00:00:00Z")
        #expect(try Self.query(Date(timeIntervalSinceReferenceDate: -1e-12)) == "2001-01-01T00:00:00Z")
        #expect(try Self.query(Date(timeIntervalSinceReferenceDate: 0.1234567896)) == "2001-01-01T00:00:00.12345679Z")
        #expect(try Self.query(Date(timeIntervalSinceReferenceDate: -0.0000000004)) == "2001-01-01T00:00:00Z")
        #expect(try Self.query(Date(timeIntervalSinceReferenceDate: 86_399.9999999996)) == "2001-01-02T00:00:00Z")
    }

    @Test func secondsSince1970ReadBackAsTheSameNumber() async throws {
        let seed = SeededGenerator.seed()
        let problems = try await Self.offThePool {
            var generator = SeededGenerator(seed: seed)
            var problems: [String] = []
            for _ in 0..<10_000 {
                let date = Date(timeIntervalSince1970: RandomValues.double(using: &generator))
                let text = try Self.query(date, .secondsSince1970) ?? ""
                if text.contains("e") || Double(text)?.bitPattern != date.timeIntervalSince1970.bitPattern {
                    problems.append("\(date.timeIntervalSince1970) was written \(text)")
                }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(5)) (seed \(seed))")
        #expect(try Self.query(Date(timeIntervalSince1970: 1e20), .secondsSince1970) == "100000000000000000000")
        #expect(try Self.query(Date(timeIntervalSince1970: -0.5), .secondsSince1970) == "-0.5")
    }

    @Test func millisecondsBeyondInt64AreRefused() throws {
        #expect(try Self.query(Date(timeIntervalSince1970: 1.25), .millisecondsSince1970) == "1250")
        #expect(try Self.query(Date(timeIntervalSince1970: 1.0006), .millisecondsSince1970) == "1001")
        #expect(throws: EncodingError.self) { try Self.query(Date(timeIntervalSince1970: 1e17), .millisecondsSince1970) }
    }

    // MARK: - Numbers and lists

    @Test func floatingPointStaysFloatingPoint() throws {
        let values: [String: Double] = ["a": 2, "b": 0.1, "c": .leastNonzeroMagnitude, "d": -0.0, "e": 1e300, "f": 0x1p64]
        #expect(
            try QueryEncoder().encode(values).map { "\($0.name)=\($0.value ?? "")" }
                == ["a=2.0", "b=0.1", "c=5e-324", "d=-0.0", "e=1e+300", "f=1.8446744073709552e+19"])
        #expect(throws: EncodingError.self) { try QueryEncoder().encode(["x": Decimal.nan]) }
        #expect(
            try QueryEncoder().encode(["min": Int64.min, "max": Int64.max]).map(\.value)
                == ["9223372036854775807", "-9223372036854775808"])
    }

    /// Lists that a style cannot write so that they read back the same are refused, not flattened.
    @Test func listsAStyleCannotCarryAreRefused() throws {
        struct Pair: Encodable { var x: Int?; var y: Int? }
        let matrix = ["m": [[1, 2], [3]]]
        let objects = ["o": [Pair(x: 1), Pair(y: 2)]]
        for encoding in [QueryEncoder.ArrayEncoding.repeatedKey, .brackets] {
            #expect(throws: EncodingError.self) { try QueryEncoder(arrayEncoding: encoding).encode(matrix) }
            #expect(throws: EncodingError.self) { try QueryEncoder(arrayEncoding: encoding).encode(objects) }
        }
        let indexed = QueryEncoder(arrayEncoding: .indexed)
        #expect(try indexed.encode(matrix).map(\.name) == ["m[0][0]", "m[0][1]", "m[1][0]"])
        #expect(try indexed.encode(objects).map(\.name) == ["o[0][x]", "o[1][y]"])
        for encoding in EncoderRoundTripTests.arrayEncodings {
            let encoder = QueryEncoder(arrayEncoding: encoding)
            #expect(throws: EncodingError.self) { try encoder.encode(["l": [1, nil, 3]]) }
            #expect(throws: EncodingError.self) { try encoder.encode(["l": [[1], []]]) }
            #expect(throws: EncodingError.self) { try encoder.encode(["o": [Pair(x: 1), Pair()]]) }
            #expect(try encoder.encode(["l": [Int]()]).isEmpty)
        }
    }
}
