import Foundation
import OpenAPIKit
import OpenAPIKit30
import Testing
import Yams
@testable import BricksOpenAPIGenerator

/// ``DocumentDecoder`` (issue 41, generation time) reads a tree as Yams' `YAMLDecoder` reads the
/// node the same tree makes: the same values, the same errors at the same places.
@Suite struct DocumentDecoderTests {
    /// A decoded value, or the error's description.
    private enum Outcome<T: Equatable>: Equatable {
        case value(T)
        case error(String)

        func get() throws -> T {
            guard case .value(let value) = self else { throw GeneratorError(at: "#", "no value") }
            return value
        }
    }

    /// Both decoders' results, or both errors' descriptions.
    private func both<T: Decodable & Equatable>(_ type: T.Type, _ tree: DocumentValue, userInfo: [CodingUserInfoKey: Any] = [:])
        -> (yams: Outcome<T>, ours: Outcome<T>)
    {
        func run(_ body: () throws -> T) -> Outcome<T> {
            do { return .value(try body()) } catch { return .error("\(error)") }
        }
        return (
            run { try YAMLDecoder().decode(type, from: tree.node, userInfo: userInfo) },
            run { try DocumentDecoder(userInfo: userInfo).decode(type, from: tree) }
        )
    }

    @Test(arguments: ["constructs.yaml", "flows.yaml", "petstore-3.0.yaml", "petstore-3.1.json", "quirks-3.0.yaml", "quirks-3.1.yaml"])
    func readsEachTestDocumentAsYamsDoes(spec: String) throws {
        let tree = try SpecLoader.parse(try TestFiles.spec(spec))
        let version: String
        switch tree.object?["openapi"] {
        case .string(let text)?, .number(let text)?: version = text
        default: version = ""
        }
        if version.hasPrefix("3.0") {
            let userInfo = [OpenAPIKit30.VendorExtensionsConfiguration.enabledKey: false]
            let (yams, ours) = both(OpenAPIKit30.OpenAPI.Document.self, tree, userInfo: userInfo)
            #expect(yams == ours)
        } else {
            let userInfo = [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]
            let (yams, ours) = both(OpenAPIKit.OpenAPI.Document.self, tree, userInfo: userInfo)
            #expect(yams == ours)
        }
        // Vendor extensions read too (every object decoded a second time as AnyCodable).
        let (yams, ours) = both(OpenAPIKit.OpenAPI.Document.self, tree)
        #expect(yams == ours)
    }

    private struct Scalars: Decodable, Equatable {
        var flag: Bool?
        var count: Int?
        var ratio: Double?
        var text: String?
        var items: [Int]?
        var nested: [String: String]?
    }

    /// Scalars of every kind read as each kind, and the errors for the wrong ones.
    @Test(arguments: [
        #"{"flag": true, "count": 12, "ratio": 1.5e3, "text": "hi", "items": [1, 2], "nested": {"a": "b"}}"#,
        #"{"flag": "true", "count": "12", "ratio": "1.5", "text": 12, "items": [], "nested": {}}"#,
        #"{"flag": 1, "count": 1.5, "ratio": true, "text": null, "items": {"a": 1}, "nested": [1]}"#,
        #"{"count": 9223372036854775808, "ratio": 12, "text": true, "items": [1, "2"]}"#,
        #"{"items": 3, "nested": "x", "flag": null, "count": null}"#,
        #"{"text": {"a": 1}}"#, #"{"text": [1]}"#, #"[1, 2]"#, #""top""#,
    ])
    func scalarsAndErrorsAsYams(json: String) throws {
        let tree = try JSONReader.read(Data(json.utf8))
        let (yams, ours) = both(Scalars.self, tree)
        #expect(yams == ours)
    }

    /// YAML merge keys are applied as Yams applies them: the object's own member wins.
    @Test func mergeKeys() throws {
        let yaml = """
            base: &base {text: base, count: 1}
            more: &more {flag: true, count: 2}
            one: {<<: *base, text: own}
            many: {<<: [*base, *more], ratio: 2}
            """
        let tree = try SpecLoader.parse(Data(yaml.utf8))
        let (yams, ours) = both([String: Scalars].self, tree)
        #expect(yams == ours)
        #expect(try ours.get()["one"] == Scalars(count: 1, text: "own"))
    }

    /// A plain scalar is a number exactly when Yams' `Int` or `Double` constructor reads it.
    @Test func plainScalarsAreNumbersAsYamsReadsThem() {
        let texts = [
            "12", "-3", "+4", "1.5", ".5", "1e3", "1_000", "0x1F", "0o17", "017", "0b101", "1:30", ".inf", "-.Inf", ".NaN",
            "nan", "inf", "Infinity", "info", "name", "integer", "int64", "in", "_1", "_", "+", "-", "", "v1", "1.2.3",
            "2024-01-01", "null", "true", "no", "1e", "0x", "12abc", "+.inf", "_-1",
        ]
        for text in texts {
            let scalar = Node.Scalar(text, Tag(.implicit), .plain)
            let yams = Int.construct(from: scalar) != nil || Double.construct(from: scalar) != nil
            #expect(!yams || DocumentValue.mayBeNumber(text), "\(text)")
            if !["", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"].contains(text) {
                #expect((DocumentValue(.scalar(scalar)) == .number(text)) == yams, "\(text)")
            }
        }
    }
}
