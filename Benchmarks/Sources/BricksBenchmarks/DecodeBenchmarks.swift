import BenchmarkHarness
import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decoding a reply: `JSONResponseType`'s `decode(_:response:)` against `JSONDecoder` alone.
public enum DecodeBenchmarks {
    /// An endpoint whose reply is a ``Catalogue``; only its response half is used.
    struct ListProducts: JSONResponseType {
        typealias Response = Catalogue
    }

    /// The two cases, 10 KB and 1 MB, after checking that both sides decode the same value.
    /// - Throws: ``BenchmarkError`` when the two sides decode different values.
    public static func cases(_ settings: BenchmarkSettings) throws -> [BenchmarkCase] {
        try [("10 KB", 10 * 1024), ("1 MB", 1024 * 1024)].map { label, bytes in
            let data = try Catalogue.json(ofAbout: bytes)
            let endpoint = ListProducts()
            let decoder = JSONDecoder()
            let response = okResponse(for: ExampleAPI.baseURL)
            guard try endpoint.decode(data, response: response) == decoder.decode(Catalogue.self, from: data) else {
                throw BenchmarkError("JSONResponseType and JSONDecoder decoded different values")
            }
            let name = "decode.\(bytes / 1024)k"
            return BenchmarkCase(
                name: name, group: "decode",
                contenders: [
                    Contender("Bricks") { count in
                        for _ in 0..<count { blackHole(try endpoint.decode(data, response: response)) }
                    },
                    Contender("JSONDecoder") { count in
                        for _ in 0..<count { blackHole(try decoder.decode(Catalogue.self, from: data)) }
                    },
                ], plan: settings.microPlan
            ) {
                [
                    $0.compare(
                        "Bricks", with: "JSONDecoder", name: name, title: "Decode \(label) JSON",
                        target: .ratio(atMost: 1.02), note: "\(data.count) bytes; floor: one JSONDecoder reused")
                ]
            }
        }
    }

    /// The head of a `200 OK` reply with a JSON content type.
    static func okResponse(for url: URL) -> ResponseHead {
        ResponseHead(statusCode: 200, headerFields: ["Content-Type": "application/json"], url: url)
    }
}
