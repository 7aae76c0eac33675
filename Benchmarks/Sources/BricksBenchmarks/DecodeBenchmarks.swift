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

    /// Measures both sizes (10 KB and 1 MB).
    /// - Throws: ``BenchmarkError`` when the two sides decode different values.
    public static func run(_ settings: BenchmarkSettings) async throws -> [Comparison] {
        var rows: [Comparison] = []
        for (label, bytes) in [("10 KB", 10 * 1024), ("1 MB", 1024 * 1024)] {
            let data = try Catalogue.json(ofAbout: bytes)
            let endpoint = ListProducts()
            let decoder = JSONDecoder()
            let response = try okResponse(for: URL(string: "https://api.example.com/products")!)
            guard try endpoint.decode(data, response: response) == decoder.decode(Catalogue.self, from: data) else {
                throw BenchmarkError("JSONResponseType and JSONDecoder decoded different values")
            }
            let measured = try await Interleaved.measure(
                [
                    Contender("Bricks") { count in
                        for _ in 0..<count { blackHole(try endpoint.decode(data, response: response)) }
                    },
                    Contender("JSONDecoder") { count in
                        for _ in 0..<count { blackHole(try decoder.decode(Catalogue.self, from: data)) }
                    },
                ], plan: settings.microPlan)
            rows.append(
                measured.compare(
                    "Bricks", with: "JSONDecoder", name: "decode.\(bytes / 1024)k", title: "Decode \(label) JSON",
                    target: .ratio(atMost: 1.02),
                    note: "\(data.count) bytes; floor: one JSONDecoder reused"))
        }
        return rows
    }

    /// A `200 OK` reply with a JSON content type.
    static func okResponse(for url: URL) throws -> HTTPURLResponse {
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
        else { throw BenchmarkError("could not make an HTTPURLResponse") }
        return response
    }
}
