@testable import Bricks
import BricksTestSupport
import Foundation
import Testing

/// The edges of Bricks' JSON body encoder, each against what `JSONEncoder` writes on this machine.
@Suite struct JSONBodyEncoderTests {
    private struct Body<Value: Encodable & Sendable>: RequestContextType, POSTRequestType, JSONBodyRequestType, DataResponseType {
        let baseURL = URL(string: "https://api.example.com")!
        let body: Value
        var encoder = JSONEncoder()
    }

    private func text(_ value: some Encodable, _ configure: (JSONEncoder) -> Void = { _ in }) throws -> String {
        let encoder = JSONEncoder()
        configure(encoder)
        return String(decoding: try JSONBodyEncoder.encode(value, configuredBy: encoder), as: UTF8.self)
    }

    private func foundation(_ value: some Encodable, _ configure: (JSONEncoder) -> Void = { _ in }) throws -> String {
        let encoder = JSONEncoder()
        configure(encoder)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    // MARK: Floating-point numbers

    @Test func doublesKeepTheirPointAndReadBackBitForBit() throws {
        let values: [Double] = [2.0, -0.0, 0.0, 1e20, .leastNonzeroMagnitude, 0.1, 1e16, 1.2345678901234568e+20, .greatestFiniteMagnitude]
        let written = try text(values)
        #expect(written == "[2.0,-0.0,0.0,1e+20,5e-324,0.1,1e+16,1.2345678901234568e+20,1.7976931348623157e+308]")
        #expect(try foundation(values) == "[2,-0,0,1e+20,5e-324,0.1,1e+16,1.2345678901234568e+20,1.7976931348623157e+308]")
        let read = try JSONDecoder().decode([Double].self, from: Data(written.utf8))
        #expect(read.map(\.bitPattern) == values.map(\.bitPattern))
    }

    @Test func floatsAreWrittenAsFloatsShortestDigits() throws {
        #expect(try text([Float(2), Float(0.1), Float(1e20), -Float(0)]) == "[2.0,0.1,1e+20,-0.0]")
        #expect(try text(["x": Float(16_777_216)]) == #"{"x":16777216.0}"#)
    }

    @Test func aJSONBodySendsAnIntegralDoubleWithItsPoint() throws {
        struct Reading: Encodable, Sendable { var celsius = 2.0; var count = 2 }
        let body = try Body(body: Reading()).makeRequestBody()
        #expect(body?.data.map { String(decoding: $0, as: UTF8.self) } == #"{"celsius":2.0,"count":2}"#)
        #expect(body?.contentType == "application/json")
    }

    @Test func aSubclassOfJSONEncoderIsUsedAsItIs() throws {
        final class Shouting: JSONEncoder, @unchecked Sendable {
            override func encode<T: Encodable>(_ value: T) throws -> Data { Data("LOUD".utf8) }
        }
        final class Plain: JSONEncoder, @unchecked Sendable {}
        #expect(try Body(body: [2.0], encoder: Shouting()).makeRequestBody()?.data == Data("LOUD".utf8))
        #expect(try Body(body: [2.0], encoder: Plain()).makeRequestBody()?.data == Data("[2]".utf8))
        #expect(try Body(body: [2.0]).makeRequestBody()?.data == Data("[2.0]".utf8))
    }

    @Test func webSocketMessagesAndWebAPIBodiesKeepTheirPoint() throws {
        struct Socket: WebSocketEndpoint, Sendable {
            typealias Outgoing = [String: Double]
            typealias Incoming = String
            var baseURL: URL { URL(string: "wss://example.com")! }
            var path: String { "/s" }
        }
        #expect(try Socket().encode(["x": 2]) == .text(#"{"x":2.0}"#))
        let endpoint: Endpoint<Data> = WebAPI("https://api.example.com").post("readings", json: ["x": 2.0])
        #expect(try endpoint.makeRequestBody()?.data == Data(#"{"x":2.0}"#.utf8))
    }

    // MARK: Non-conforming numbers

    @Test func nonFiniteNumbersThrowWithTheirCodingPathOrBecomeTheGivenStrings() throws {
        struct Inner: Encodable { var value = Double.nan }
        struct Outer: Encodable { var inner = [Inner()] }
        do {
            _ = try text(Outer())
            Issue.record("NaN was encoded")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["inner", "Index 0", "value"])
            #expect(context.codingPath.map(\.intValue) == [nil, 0, nil])
        }
        let strings: (JSONEncoder) -> Void = {
            $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "NaN")
        }
        #expect(try text([Double.infinity, -.infinity, .nan], strings) == #"["+∞","-∞","NaN"]"#)
        #expect(try text([Float.infinity], strings) == #"["+∞"]"#)
        // Dates as seconds never become strings, whatever the strategy (as in JSONEncoder).
        #expect(throws: EncodingError.self) {
            try text([Date(timeIntervalSince1970: .infinity)]) {
                strings($0)
                $0.dateEncodingStrategy = .secondsSince1970
            }
        }
        let failing = Body(body: ["x": Double.nan])
        #expect(throws: BricksError.self) { try failing.makeRequestBody() }
    }

    // MARK: Strings and formatting

    @Test func stringsAreEscapedAsJSONEncoderEscapesThem() throws {
        let every = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self) + "é\u{2028}😀/\u{FEFF}"
        for formatting: JSONEncoder.OutputFormatting in [[], .withoutEscapingSlashes, .prettyPrinted] {
            let configure: (JSONEncoder) -> Void = { $0.outputFormatting = formatting }
            #expect(try text([every: every], configure) == (try foundation([every: every], configure)))
        }
        #expect(try text("a/b\u{1}") == #""a\/b\u0001""#)
    }

    @Test func prettyPrintedAndSortedLayoutIsJSONEncoders() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct Value: Encodable {
            var b: [[Int]] = [[], [1, 2]]
            var a: [String: [String]] = ["z": [], "y": ["q"], "A": [], "é": []]
            var c = Nothing()
            var d: [Int: Bool] = [10: true, 9: false]
        }
        for formatting: JSONEncoder.OutputFormatting in [[.prettyPrinted, .sortedKeys], .sortedKeys] {
            let configure: (JSONEncoder) -> Void = { $0.outputFormatting = formatting }
            #expect(try text(Value(), configure) == (try foundation(Value(), configure)))
        }
    }

    @Test func membersKeepTheOrderTheyWereEncodedIn() throws {
        struct Value: Encodable { var zebra = 1, apple = 2, mango = 3 }
        #expect(try text(Value()) == #"{"zebra":1,"apple":2,"mango":3}"#)
    }

    // MARK: Keys

    @Test func snakeCaseIsJSONEncodersAlgorithm() throws {
        let keys = [
            "myURLProperty", "_oneTwo_", "aBCdEF", "ÉtéÀ", "xǅy", "URL", "a", "", "__", "iD1Value", "ßBig", "σΣσ",
            "helloWorld😀Again", "x-Y/z", "ABCdef", "İstanbulCity", "a1B2c3",
        ]
        let value = JSONBodySample.keyed(keys.map { ($0, .int(1)) })
        let configure: (JSONEncoder) -> Void = {
            $0.keyEncodingStrategy = .convertToSnakeCase
            $0.outputFormatting = .sortedKeys
        }
        #expect(try text(value, configure) == (try foundation(value, configure)))
    }

    @Test func stringKeyedDictionariesKeepTheirKeysOtherDictionariesDoNot() throws {
        let configure: (JSONEncoder) -> Void = {
            $0.keyEncodingStrategy = .custom { path in Key(stringValue: "k" + (path.last?.stringValue ?? "")) }
            $0.outputFormatting = .sortedKeys
        }
        let strings: [String: [String: Int]] = ["aB": ["cD": 1]]
        let numbers: [Int: Int] = [1: 2, -3: 4]
        let kinds: [JSONBodySample.Kind: Int] = [.URLCase: 1]
        #expect(try text(strings, configure) == #"{"aB":{"cD":1}}"#)
        #expect(try text(numbers, configure) == #"{"k-3":4,"k1":2}"#)
        #expect(try text(kinds, configure) == #"{"kURLCase":1}"#)
        for value in [JSONBodySample.stringKeyed(["aB": .int(1)]), .intKeyed([1: .int(2)]), .kindKeyed([.URLCase: .null])] {
            #expect(try text(value, configure) == (try foundation(value, configure)))
        }
    }

    // MARK: Dates, data, URLs, decimals

    @Test func everyDateStrategyWritesWhatJSONEncoderWritesWithFloatingPointSeconds() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000.820370)
        let whole = Date(timeIntervalSince1970: 1_800_000_000)
        let strategies: [(JSONEncoder.DateEncodingStrategy, String)] = [
            (.deferredToDate, "[821692800.82037,821692800.0]"),
            (.secondsSince1970, "[1800000000.82037,1800000000.0]"),
            (.millisecondsSince1970, "[1800000000820.3699,1800000000000.0]"),
            (.iso8601, #"["2027-01-15T08:00:00Z","2027-01-15T08:00:00Z"]"#),
        ]
        for (strategy, expected) in strategies {
            #expect(try text([date, whole]) { $0.dateEncodingStrategy = strategy } == expected)
        }
        let custom: (JSONEncoder) -> Void = {
            $0.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(QueryEncoder().text(for: date) + " at " + encoder.codingPath.map(\.stringValue).joined(separator: "."))
            }
        }
        #expect(try text(["when": [date]], custom) == #"{"when":["2027-01-15T08:00:00.82037Z at when.Index 0"]}"#)
        // A custom strategy that encodes nothing writes an empty object, as JSONEncoder does.
        let nothing: (JSONEncoder) -> Void = { $0.dateEncodingStrategy = .custom { _, _ in } }
        #expect(try text([date], nothing) == "[{}]")
        #expect(try text([date], nothing) == (try foundation([date], nothing)))
    }

    @Test func dataURLsAndDecimalsAreWrittenAsJSONEncoderWritesThem() throws {
        let data = Data([0, 1, 254, 255])
        for strategy: JSONEncoder.DataEncodingStrategy in [.base64, .deferredToData, .custom { _, _ in }] {
            let configure: (JSONEncoder) -> Void = { $0.dataEncodingStrategy = strategy; $0.outputFormatting = .prettyPrinted }
            #expect(try text(["d": data], configure) == (try foundation(["d": data], configure)))
        }
        let url = try #require(URL(string: "https://example.com/a/b?q=1#f"))
        #expect(try text([url]) == #"["https:\/\/example.com\/a\/b?q=1#f"]"#)
        let decimals = [Decimal(string: "1.50")!, Decimal(string: "-12345678901234567890.123456789")!, 0]
        #expect(try text(decimals) == "[1.5,-12345678901234567890.123456789,0]")
        #expect(try text(decimals) == (try foundation(decimals)))
        #expect(throws: EncodingError.self) { try text([Decimal.nan]) }
    }

    // MARK: Structure

    @Test func optionalsEmptyContainersAndValuesThatEncodeNothing() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct Value: Encodable { var present: Int? = 1; var absent: Int?; var empty: [Int] = []; var nothing = Nothing() }
        #expect(try text(Int?.none) == "null")
        #expect(try text([Int?.none, 1]) == "[null,1]")
        #expect(try text(Value()) == #"{"present":1,"empty":[],"nothing":{}}"#)
        #expect(try text([String: Int]()) == "{}")
        #expect(try text([Int]()) == "[]")
        #expect(try text(2) == "2")
        #expect(try text("top") == #""top""#)
        do {
            _ = try text(Nothing())
            Issue.record("a top-level value that encodes nothing was written")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.debugDescription.contains("did not encode any values"))
        }
    }

    @Test func nestedAndSuperEncodersLandWhereJSONEncoderPutsThem() throws {
        let value = JSONBodySample.containers(.double(1), .string("two"), .array([.int(3)]))
        #expect(try text(value) { $0.outputFormatting = .sortedKeys }
            == #"{"nestedList":["two",1.5,{"innerFlag":true},{}],"nestedObject":{"firstValue":1.0},"super":[3],"superKey":2.0}"#)
        let snake: (JSONEncoder) -> Void = { $0.outputFormatting = .sortedKeys; $0.keyEncodingStrategy = .convertToSnakeCase }
        let integral = JSONBodySample.containers(.int(1), .string("two"), .null)
        #expect(try text(integral, snake).replacingOccurrences(of: "1.5", with: "X").replacingOccurrences(of: "2.0", with: "2")
            == (try foundation(integral, snake)).replacingOccurrences(of: "1.5", with: "X"))
    }

    @Test func userInfoReachesTheValue() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "unit"))
        struct Reading: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[CodingUserInfoKey(rawValue: "unit")!] as? String ?? "none")
            }
        }
        #expect(try text([Reading()]) { $0.userInfo = [key: "°C"] } == #"["°C"]"#)
    }

    @Test func containersNested512DeepAreRefusedNotCrashed() async throws {
        // On a thread with a large stack: a debug build's frames for 520 levels of Codable are deep.
        let (refused, fine) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Bool, Bool), any Error>) in
            let thread = Thread {
                var deep = JSONBodySample.int(1)
                for _ in 0..<520 { deep = .array([deep]) }
                var fine = JSONBodySample.int(1)
                for _ in 0..<300 { fine = .array([fine]) }
                let refused = (try? JSONBodyEncoder.encode(deep, configuredBy: JSONEncoder())) == nil
                let same = (try? JSONBodyEncoder.encode(fine, configuredBy: JSONEncoder())) == (try? JSONEncoder().encode(fine))
                continuation.resume(returning: (refused, same))
            }
            thread.stackSize = 256 << 20
            thread.start()
        }
        #expect(refused)
        #expect(fine)
    }
}
