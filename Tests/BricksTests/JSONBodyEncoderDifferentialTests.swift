@testable import Bricks
import BricksTestSupport
import Foundation
import Testing

/// Bricks' JSON body encoder against Foundation's `JSONEncoder` on generated values, under each
/// output formatting and each key, date and data strategy: the same bytes wherever no
/// floating-point number is involved; where they differ, only numbers differ, each reads back as
/// the same `Double` bit for bit and is written as a floating-point number; every `Double`,
/// `Float` and numeric date is written with a point or an exponent; the output reads as JSON.
/// Seeded: a failure names its seed, `BRICKS_PROPERTY_SEED` replays it.
@Suite(.serialized) struct JSONBodyEncoderDifferentialTests {
    /// Samples per configuration: each holds about 24 values, so each configuration sees over
    /// 10,000 (asserted).
    static let samples = 500

    /// An encoder's configuration, and what the checks need to know of it.
    struct Configuration: CustomStringConvertible, Sendable {
        let description: String
        let make: @Sendable () -> JSONEncoder
        /// Whether the date strategy writes numbers.
        var numericDates = true
        /// The key strategy, for keys that become one.
        var convertKey: @Sendable (String) -> String = { $0 }

        var sortsKeys: Bool { make().outputFormatting.contains(.sortedKeys) }
    }

    private struct PrefixedKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static let configurations: [Configuration] = [
        Configuration(description: "default", make: { JSONEncoder() }),
        Configuration(description: "sortedKeys", make: { JSONBodyEncoderDifferentialTests.formatted(.sortedKeys) }),
        Configuration(description: "pretty, sorted, snake case, iso8601, deferred data", make: {
            let encoder = JSONBodyEncoderDifferentialTests.formatted([.prettyPrinted, .sortedKeys])
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.dateEncodingStrategy = .iso8601
            encoder.dataEncodingStrategy = .deferredToData
            return encoder
        }, numericDates: false, convertKey: { JSONBodySnakeCase.converting($0) }),
        Configuration(description: "sorted, no slash escapes, custom keys, seconds, custom data", make: {
            let encoder = JSONBodyEncoderDifferentialTests.formatted([.sortedKeys, .withoutEscapingSlashes])
            encoder.keyEncodingStrategy = .custom { path in PrefixedKey(stringValue: "k_" + (path.last?.stringValue ?? "")) }
            encoder.dateEncodingStrategy = .secondsSince1970
            encoder.dataEncodingStrategy = .custom { data, encoder in
                // Empty data encodes nothing: `{}` is written for it.
                guard !data.isEmpty else { return }
                var container = encoder.singleValueContainer()
                try container.encode(data.base64EncodedString())
            }
            return encoder
        }, convertKey: { "k_" + $0 }),
        Configuration(description: "pretty, sorted, milliseconds, float strings", make: {
            let encoder = JSONBodyEncoderDifferentialTests.formatted([.prettyPrinted, .sortedKeys])
            encoder.dateEncodingStrategy = .millisecondsSince1970
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            return encoder
        }),
        Configuration(description: "sorted, snake case, custom dates", make: {
            let encoder = JSONBodyEncoderDifferentialTests.formatted(.sortedKeys)
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(date.timeIntervalSince1970)
                try container.encode("seconds")
            }
            return encoder
        }, convertKey: { JSONBodySnakeCase.converting($0) }),
        Configuration(description: "pretty, snake case (unsorted)", make: {
            let encoder = JSONBodyEncoderDifferentialTests.formatted(.prettyPrinted)
            encoder.keyEncodingStrategy = .convertToSnakeCase
            return encoder
        }, convertKey: { JSONBodySnakeCase.converting($0) }),
    ]

    private static func formatted(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return encoder
    }

    @Test(arguments: configurations)
    func bricksWritesWhatJSONEncoderWritesButFloatingPointNumbers(configuration: Configuration) async throws {
        let seed = SeededGenerator.seed()
        let (values, problems) = try await EncoderRoundTripTests.offThePool {
            var generator = SeededGenerator(seed: seed)
            var values = 0
            var problems: [String] = []
            let foundation = configuration.make()
            // At least `samples` samples, and more until 10,000 values were compared (how many a
            // sample holds is random: one seed in CI gave 9,940); at most four times as many.
            var index = 0
            while index < Self.samples || (values < 10_000 && index < Self.samples * 4) {
                // Six generated values in a list: each holds about four values on average.
                let sample = JSONBodySample.array((0..<6).map { _ in JSONBodySample.random(using: &generator) })
                values += sample.leafCount
                problems += Self.compare(sample, configuration, foundation).map { "sample \(index): \($0)" }
                index += 1
            }
            return (values, problems)
        }
        #expect(problems.isEmpty, "\(problems.count) differences under \(configuration): \(problems.prefix(5)) (seed \(seed))")
        #expect(values >= 10_000, "seed \(seed)")
    }

    /// What is wrong with Bricks' output for `sample`; empty when nothing is.
    static func compare(_ sample: JSONBodySample, _ configuration: Configuration, _ foundation: JSONEncoder) -> [String] {
        let theirs: Data
        do {
            theirs = try foundation.encode(sample)
        } catch {
            // JSONEncoder refuses it (a top-level value that encodes nothing): so must Bricks.
            do {
                _ = try Self.bricks(sample, configuration.make())
                return ["JSONEncoder refused it (\(error)), Bricks did not"]
            } catch {
                return error is EncodingError ? [] : ["refused with \(error), not an EncodingError"]
            }
        }
        let mine: Data
        do {
            mine = try Self.bricks(sample, configuration.make())
        } catch {
            // A refusal is a finding like a difference: it is reported with the seed.
            return ["refused: \(error)"]
        }
        guard let myTokens = JSONTokens.tokens(mine), let theirTokens = JSONTokens.tokens(theirs),
            let myTree = JSONTokens.tree(myTokens), let theirTree = JSONTokens.tree(theirTokens)
        else {
            return ["not JSON: \(String(decoding: mine, as: UTF8.self)) vs \(String(decoding: theirs, as: UTF8.self))"]
        }
        var problems = configuration.sortsKeys
            ? JSONTokens.tokenDifferences(myTokens, theirTokens) : JSONTokens.differences(myTree, theirTree)
        let written = myTokens.count { if case .number(let text) = $0 { JSONTokens.isFloatingPoint(text) } else { false } }
        let expected = sample.floatingPointCount(numericDates: configuration.numericDates, key: configuration.convertKey)
        if written != expected {
            problems.append("\(written) floating-point numbers written, \(expected) in the value: \(String(decoding: mine, as: UTF8.self))")
        }
        if (try? JSONSerialization.jsonObject(with: mine, options: .fragmentsAllowed)) == nil {
            problems.append("JSONSerialization cannot read \(String(decoding: mine, as: UTF8.self))")
        }
        return problems
    }

    /// `value` as Bricks writes a JSON body with `encoder`.
    static func bricks(_ value: some Encodable, _ encoder: JSONEncoder) throws -> Data {
        try JSONBodyEncoder.encode(value, configuredBy: encoder)
    }
}
