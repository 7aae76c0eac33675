import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Random hostile input through every encoder: never a crash, and either exactly the input comes
/// back out of the built URL or header, or a `BricksError` says why not.
@Suite struct PropertyTests {
    static let cases = 10_000

    /// Hands the thread back to the cooperative pool every 10 cases: these loops are seconds of
    /// CPU, and a test that keeps a pool thread (two on a 2-core machine) that long starves every
    /// other test's tasks — a streaming test waiting for ten events timed out on a busy machine.
    static func yieldNow(every index: Int) async {
        if index % 10 == 9 { await Task.yield() }
    }

    @Test func pathSegmentsStayOneSegmentAndDecodeBack() async throws {
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        for index in 0..<Self.cases {
            await Self.yieldNow(every: index)
            let segment = RandomStrings.make(using: &generator)
            let request = try Custom(pathSegments: ["files", segment, "end"]).makeURLRequest()
            let url = try #require(request.url, "seed \(seed)")
            let path = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath)
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            try #require(parts.count == 4, "segment \(segment.debugDescription) split into \(parts) (seed \(seed))")
            #expect(Self.percentDecode(parts[2]) == segment, "seed \(seed)")
        }
    }

    @Test func queryItemsDecodeBackExactly() async throws {
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        for index in 0..<Self.cases {
            await Self.yieldNow(every: index)
            let items = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                URLQueryItem(
                    name: RandomStrings.make(using: &generator, maximumPieces: 3),
                    value: Bool.random(using: &generator) ? RandomStrings.make(using: &generator) : nil)
            }
            let request = try Custom(queryItems: items).makeURLRequest()
            let url = try #require(request.url, "seed \(seed)")
            let query = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
            let decoded = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return URLQueryItem(name: Self.percentDecode(parts[0]) ?? "?", value: parts.count > 1 ? Self.percentDecode(parts[1]) : nil)
            }
            #expect(decoded == items, "\(items) came back as \(decoded) (seed \(seed))")
        }
    }

    /// Percent-decodes byte by byte, as a server does, keeping every scalar (Foundation's
    /// `removingPercentEncoding` drops a leading U+FEFF). `nil` when an escape is malformed or the
    /// bytes are not UTF-8.
    static func percentDecode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    @Test func headerValuesAreSentAsGivenOrRejected() async throws {
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        for index in 0..<Self.cases {
            await Self.yieldNow(every: index)
            let value = RandomStrings.make(using: &generator)
            let name = Bool.random(using: &generator) ? "X-Fuzz" : RandomStrings.make(using: &generator, maximumPieces: 2)
            do {
                let request = try Custom(headerFields: [name: value]).makeURLRequest()
                #expect(RandomStrings.isValidHeaderValue(value), "\(value.debugDescription) was accepted (seed \(seed))")
                #expect(request.value(forHTTPHeaderField: name) == value, "seed \(seed)")
            } catch let error as BricksError {
                guard case .invalidHeader(let rejected, _) = error.reason else { throw error }
                #expect(rejected == name)
                let nameIsToken = HTTPMethod(rawValue: name) != nil  // the same token rule
                #expect(!nameIsToken || !RandomStrings.isValidHeaderValue(value), "seed \(seed)")
            }
        }
    }

    @Test func formBodiesDecodeBackExactly() async throws {
        struct Form: RequestContextType, POSTRequestType, FormURLEncodedBodyRequestType, EmptyResponseType {
            let baseURL = URL(string: "https://api.example.com")!
            let body: [URLQueryItem]
        }
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        for index in 0..<Self.cases {
            await Self.yieldNow(every: index)
            let items = (0..<Int.random(in: 1...3, using: &generator)).map { index in
                URLQueryItem(name: "k\(index)" + RandomStrings.make(using: &generator, maximumPieces: 2),
                    value: RandomStrings.make(using: &generator))
            }
            let body = try #require(try Form(body: items).makeURLRequest().httpBody, "seed \(seed)")
            // As a server reads a form: split on & and =, then + is a space, then %XX are bytes.
            let decoded = String(decoding: body, as: UTF8.self).split(separator: "&", omittingEmptySubsequences: false)
                .map { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    let plain = parts.map { Substring($0.replacingOccurrences(of: "+", with: " ")) }
                    return URLQueryItem(name: Self.percentDecode(plain[0]) ?? "?",
                        value: plain.count > 1 ? Self.percentDecode(plain[1]) : nil)
                }
            #expect(decoded == items, "\(items) came back as \(decoded) (seed \(seed))")
        }
    }

    @Test func randomBaseURLsNeverCrash() async throws {
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        var built = 0
        for index in 0..<Self.cases {
            await Self.yieldNow(every: index)
            let text = ["https://", "http://", "", "ftp://"].randomElement(using: &generator)!
                + RandomStrings.make(using: &generator, maximumPieces: 4)
            guard let base = URL(string: text) else { continue }
            do {
                let request = try Custom(baseURL: base, path: RandomStrings.make(using: &generator)).makeURLRequest()
                let url = try #require(request.url)
                #expect(["http", "https"].contains(url.scheme ?? ""), "seed \(seed)")
                built += 1
            } catch is BricksError {
                continue
            }
        }
        #expect(built > 0)
    }
}
