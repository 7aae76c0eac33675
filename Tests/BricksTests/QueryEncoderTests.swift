import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `name=value` strings of items, unencoded, for compact expectations.
private func pairs(_ items: [URLQueryItem]) -> [String] {
    items.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }
}

@Suite struct QueryEncoderTests {
    struct Filter: Encodable {
        var tags: [Int] = [1, 2]
    }

    @Test(arguments: [
        (QueryEncoder.ArrayEncoding.repeatedKey, ["tags=1", "tags=2"]),
        (.brackets, ["tags[]=1", "tags[]=2"]),
        (.indexed, ["tags[0]=1", "tags[1]=2"]),
    ])
    func arrays(encoding: QueryEncoder.ArrayEncoding, expected: [String]) throws {
        #expect(pairs(try QueryEncoder(arrayEncoding: encoding).encode(Filter())) == expected)
    }

    @Test func nestedObjectsUseBrackets() throws {
        struct Outer: Encodable {
            struct Inner: Encodable { let b = 1; let list = ["x", "y"]; let deeper = ["c": true] }
            let a = Inner()
        }
        #expect(pairs(try QueryEncoder().encode(Outer())) == ["a[b]=1", "a[deeper][c]=true", "a[list]=x", "a[list]=y"])
        #expect(
            pairs(try QueryEncoder(arrayEncoding: .indexed).encode(Outer()))
                == ["a[b]=1", "a[deeper][c]=true", "a[list][0]=x", "a[list][1]=y"])
    }

    @Test func listOfObjects() throws {
        struct Sort: Encodable { let field: String; let descending: Bool }
        let value = ["sort": [Sort(field: "name", descending: false), Sort(field: "age", descending: true)]]
        #expect(
            pairs(try QueryEncoder(arrayEncoding: .indexed).encode(value))
                == [
                    "sort[0][descending]=false", "sort[0][field]=name", "sort[1][descending]=true",
                    "sort[1][field]=age",
                ])
        // Rails and PHP read `sort[][field]=…` pairs back differently: refused, not guessed.
        #expect(throws: EncodingError.self) { try QueryEncoder(arrayEncoding: .brackets).encode(value) }
    }

    @Test(arguments: [(QueryEncoder.BoolEncoding.literal, ["no=false", "yes=true"]), (.numeric, ["no=0", "yes=1"])])
    func booleans(encoding: QueryEncoder.BoolEncoding, expected: [String]) throws {
        #expect(pairs(try QueryEncoder(boolEncoding: encoding).encode(["yes": true, "no": false])) == expected)
    }

    @Test func datesAreISO8601ByDefault() throws {
        let date = Date(timeIntervalSince1970: 1_714_564_800)
        #expect(pairs(try QueryEncoder().encode(["since": date])) == ["since=2024-05-01T12:00:00Z"])
        #expect(
            pairs(try QueryEncoder(dateEncoding: .secondsSince1970).encode(["since": date])) == ["since=1714564800"])
        #expect(
            pairs(try QueryEncoder(dateEncoding: .secondsSince1970).encode(["t": date.addingTimeInterval(0.5)]))
                == ["t=1714564800.5"])
        #expect(
            pairs(try QueryEncoder(dateEncoding: .millisecondsSince1970).encode(["since": date]))
                == ["since=1714564800000"])
        let custom = QueryEncoder(dateEncoding: .custom { "day-\(Int($0.timeIntervalSince1970) / 86_400)" })
        #expect(pairs(try custom.encode(["since": date])) == ["since=day-19844"])
    }

    @Test func nilIsOmittedEverywhereButInLists() throws {
        struct Parameters: Encodable {
            var page: Int?
            var query: String? = "q"
            var list: [Int?] = [1, 3]
            var nested: [String: String?] = ["gone": nil, "kept": "k"]
        }
        #expect(pairs(try QueryEncoder().encode(Parameters())) == ["list=1", "list=3", "nested[kept]=k", "query=q"])
        #expect(
            pairs(try QueryEncoder(arrayEncoding: .indexed).encode(Parameters()))
                == ["list[0]=1", "list[1]=3", "nested[kept]=k", "query=q"])
        #expect(try QueryEncoder().encode(Parameters?.none).isEmpty)
        // A nil inside a list would make the list come back shorter: refused.
        #expect(throws: EncodingError.self) { try QueryEncoder().encode(Parameters(list: [1, nil, 3])) }
    }

    @Test func keysAreSortedSoTheOrderIsStable() throws {
        let value = Dictionary(uniqueKeysWithValues: (0..<50).map { ("key\($0)", $0) })
        let first = try QueryEncoder().encode(value)
        #expect(first.map(\.name) == value.keys.sorted())
        for _ in 0..<5 { #expect(try QueryEncoder().encode(value) == first) }
    }

    @Test func typedKeysComeFromCodingKeys() throws {
        struct Search: Encodable {
            let query: String
            let perPage: Int
            enum CodingKeys: String, CodingKey { case query = "q", perPage = "per_page" }
        }
        #expect(pairs(try QueryEncoder().encode(Search(query: "bug", perPage: 50))) == ["per_page=50", "q=bug"])
    }

    @Test func scalarsOfEveryKind() throws {
        struct All: Encodable {
            let int8: Int8 = -8, uint64: UInt64 = .max, double = 1.5, float: Float = 0.25
            let decimal = Decimal(string: "12.345")!
            let data = Data([0xFF, 0x00])
            let url = URL(string: "https://example.com/a?b=c")!
            let text = "a b&c=d+e"
        }
        #expect(
            pairs(try QueryEncoder().encode(All()))
                == [
                    "data=/wA=", "decimal=12.345", "double=1.5", "float=0.25", "int8=-8", "text=a b&c=d+e",
                    "uint64=18446744073709551615", "url=https://example.com/a?b=c",
                ])
    }

    @Test func topLevelValueMustHaveNames() {
        #expect(throws: EncodingError.self) { try QueryEncoder().encode(42) }
        #expect(throws: EncodingError.self) { try QueryEncoder().encode(["a", "b"]) }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreRefused(value: Double) {
        #expect(throws: EncodingError.self) { try QueryEncoder().encode(["x": value]) }
    }

    @Test func customEncodeWithNestedContainersAndSuperEncoder() throws {
        struct Custom: Encodable {
            enum Keys: String, CodingKey { case range, ids }
            enum RangeKeys: String, CodingKey { case from, to }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var range = container.nestedContainer(keyedBy: RangeKeys.self, forKey: .range)
                try range.encode(1, forKey: .from)
                var again = container.nestedContainer(keyedBy: RangeKeys.self, forKey: .range)
                try again.encode(9, forKey: .to)
                var ids = container.nestedUnkeyedContainer(forKey: .ids)
                try ids.encode("a")
                var pair = ids.nestedUnkeyedContainer()
                try pair.encode(true)
                try pair.encode(false)
                var base = container.superEncoder().singleValueContainer()
                try base.encode("base")
            }
        }
        #expect(
            pairs(try QueryEncoder(arrayEncoding: .indexed).encode(Custom()))
                == ["ids[0]=a", "ids[1][0]=true", "ids[1][1]=false", "range[from]=1", "range[to]=9", "super=base"])
    }
}

@Suite struct QueryParametersMixinTests {
    struct ListIssues: ExampleRequest, GETRequestType, QueryParametersRequestType, DataResponseType {
        struct Parameters: Encodable {
            var state: String? = "open"
            var labels: [String] = ["bug", "help wanted"]
            var since: Date? = Date(timeIntervalSince1970: 0)
            var perPage = 30
            enum CodingKeys: String, CodingKey { case state, labels, since, perPage = "per_page" }
        }
        var queryParameters = Parameters()
        var queryItems: [URLQueryItem] = []
        var queryEncoder = QueryEncoder()
        var path: String { "/issues" }
    }

    @Test func parametersAreEncodedIntoTheURLAfterQueryItems() throws {
        var request = ListIssues(queryItems: [URLQueryItem(name: "q", value: "a+b")])
        #expect(
            try request.makeURLRequest().url?.absoluteString
                == "https://api.example.com/issues?q=a%2Bb&labels=bug&labels=help%20wanted&per_page=30"
                + "&since=1970-01-01T00:00:00Z&state=open")
        request.queryEncoder = QueryEncoder(arrayEncoding: .brackets)
        request.queryParameters.state = nil
        request.queryParameters.since = nil
        #expect(
            try request.makeURLRequest().url?.absoluteString
                == "https://api.example.com/issues?q=a%2Bb&labels%5B%5D=bug&labels%5B%5D=help%20wanted&per_page=30")
    }

    @Test func parametersThatCannotBeEncodedAreAnInvalidRequest() {
        struct Bad: ExampleRequest, GETRequestType, QueryParametersRequestType, DataResponseType {
            var queryParameters: [String: Double] { ["x": .nan] }
        }
        #expect(throws: BricksError(.invalidRequest(""))) { try Bad().makeURLRequest() }
        do {
            _ = try Bad().makeURLRequest()
        } catch {
            #expect("\(error)".contains("query parameters could not be encoded"))
        }
    }
}

/// A random nested value and the pairs it must flatten to, computed independently of QueryEncoder.
private indirect enum RandomValue: Encodable {
    case string(String), int(Int), bool(Bool), null, array([RandomValue]), object([String: RandomValue])

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let value): var c = encoder.singleValueContainer(); try c.encode(value)
        case .int(let value): var c = encoder.singleValueContainer(); try c.encode(value)
        case .bool(let value): var c = encoder.singleValueContainer(); try c.encode(value)
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .array(let values):
            var c = encoder.unkeyedContainer()
            for value in values { try c.encode(value) }
        case .object(let members):
            var c = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try c.encode(value, forKey: Key(stringValue: key)) }
        }
    }

    static let alphabet = Array("ab Z9&=+#%?/[];,ü✓\"'é-_.~")

    static func randomString(_ rng: inout SeededGenerator, nonEmpty: Bool) -> String {
        let count = Int.random(in: (nonEmpty ? 1 : 0)...6, using: &rng)
        return String((0..<count).map { _ in alphabet.randomElement(using: &rng)! })
    }

    static func random(_ rng: inout SeededGenerator, depth: Int) -> RandomValue {
        switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &rng) {
        case 0: return .string(randomString(&rng, nonEmpty: false))
        case 1: return .int(Int.random(in: -1000...1000, using: &rng))
        case 2: return .bool(Bool.random(using: &rng))
        case 3: return .null
        case 4: return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in random(&rng, depth: depth + 1) })
        default: return randomObject(&rng, depth: depth + 1)
        }
    }

    static func randomObject(_ rng: inout SeededGenerator, depth: Int) -> RandomValue {
        var members: [String: RandomValue] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            members[randomString(&rng, nonEmpty: true)] = random(&rng, depth: depth)
        }
        return .object(members)
    }

    /// Whether the value writes no pair at all.
    var isBlank: Bool {
        switch self {
        case .string, .int, .bool: false
        case .null: true
        case .array(let values): values.allSatisfy(\.isBlank)
        case .object(let members): members.values.allSatisfy(\.isBlank)
        }
    }

    /// Whether `arrays` can write the value so that it reads back the same: no blank list element,
    /// and lists of lists or objects only when indexed.
    func isCarriable(arrays: QueryEncoder.ArrayEncoding) -> Bool {
        switch self {
        case .string, .int, .bool, .null: true
        case .object(let members): members.values.allSatisfy { $0.isCarriable(arrays: arrays) }
        case .array(let values):
            values.allSatisfy { element in
                guard !element.isBlank, element.isCarriable(arrays: arrays) else { return false }
                switch element {
                case .array, .object: return arrays == .indexed
                default: return true
                }
            }
        }
    }

    /// The expected pairs under `arrays`.
    func expectedPairs(name: String, arrays: QueryEncoder.ArrayEncoding) -> [[String]] {
        switch self {
        case .string(let value): [[name, value]]
        case .int(let value): [[name, String(value)]]
        case .bool(let value): [[name, value ? "true" : "false"]]
        case .null: []
        case .array(let values):
            values.enumerated().flatMap { index, value in
                let elementName =
                    switch arrays {
                    case .repeatedKey: name
                    case .brackets: name + "[]"
                    case .indexed: "\(name)[\(index)]"
                    }
                return value.expectedPairs(name: elementName, arrays: arrays)
            }
        case .object(let members):
            members.keys.sorted().flatMap { key in
                members[key]!.expectedPairs(name: name.isEmpty ? key : "\(name)[\(key)]", arrays: arrays)
            }
        }
    }
}

@Suite struct QueryEncoderPropertyTests {
    @Test(arguments: [QueryEncoder.ArrayEncoding.repeatedKey, .brackets, .indexed])
    func encodingThenParsingWithURLComponentsGivesTheSamePairs(arrays: QueryEncoder.ArrayEncoding) async throws {
        var rng = SeededGenerator(seed: 0xB51C_5EED)
        let encoder = QueryEncoder(arrayEncoding: arrays)
        var totalPairs = 0
        var refused = 0
        for run in 0..<600 {
            await Task.yield()  // each run is milliseconds of work: let other tests run
            let value = RandomValue.randomObject(&rng, depth: 0)
            guard value.isCarriable(arrays: arrays) else {
                #expect(throws: EncodingError.self, "run \(run)") { try encoder.encode(value) }
                refused += 1
                continue
            }
            let items = try encoder.encode(value)
            let url = try #require(try Custom(path: "/p", queryItems: items).makeURLRequest().url)
            let parsed = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let got = parsed.map { [$0.name, $0.value ?? ""] }
            #expect(got == value.expectedPairs(name: "", arrays: arrays), "run \(run): \(url.absoluteString)")
            if got != value.expectedPairs(name: "", arrays: arrays) { break }
            totalPairs += got.count
        }
        #expect(totalPairs > 500, "the generator should make values with many pairs")
        #expect(refused > 0 && refused < 400, "the generator should make values of both kinds")
    }
}
