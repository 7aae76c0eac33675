import Foundation

/// A page of products: the JSON body of the decode benchmarks, generated deterministically at any size.
struct Catalogue: Codable, Sendable, Equatable {
    struct Product: Codable, Sendable, Equatable {
        struct Dimensions: Codable, Sendable, Equatable {
            var width: Double
            var height: Double
            var depth: Double
        }

        var id: Int
        var sku: String
        var name: String
        var description: String
        var price: Double
        var inStock: Bool
        var tags: [String]
        var dimensions: Dimensions
        var supplier: String?
    }

    var total: Int
    var next: String?
    var items: [Product]

    /// A catalogue whose JSON encoding is about `bytes` long (never shorter), the same on every run.
    static func json(ofAbout bytes: Int) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var generator = Generator()
        var items: [Product] = []
        var data = Data()
        while data.count < bytes {
            let sample = try encoder.encode(generator.product(id: items.count))
            let missing = (bytes - data.count) / max(1, sample.count + 1) + 1
            for _ in 0..<missing { items.append(generator.product(id: items.count)) }
            data = try encoder.encode(Catalogue(total: items.count, next: "/products?page=2", items: items))
        }
        return data
    }

    /// A linear congruential generator: the same products in the same order on every machine.
    struct Generator {
        private var state: UInt64 = 0x2545_F491_4F6C_DD1D
        private static let words = [
            "brick", "mortar", "arch", "lintel", "keystone", "course", "header", "stretcher", "bond", "pier",
            "vault", "corbel", "plinth", "quoin", "sill", "jamb",
        ]

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func words(_ count: Int) -> String {
            (0..<count).map { _ in Self.words[next(Self.words.count)] }.joined(separator: " ")
        }

        mutating func product(id: Int) -> Product {
            Product(
                id: id, sku: "SKU-\(100_000 + next(900_000))", name: words(3).capitalized,
                description: words(12) + " – “\(words(2))” ✓", price: Double(next(100_000)) / 100,
                inStock: next(2) == 0, tags: (0..<(1 + next(4))).map { _ in words(1) },
                dimensions: .init(
                    width: Double(next(1000)) / 10, height: Double(next(1000)) / 10, depth: Double(next(1000)) / 10),
                supplier: next(3) == 0 ? nil : words(2))
        }
    }
}
