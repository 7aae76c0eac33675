import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// The parse layer: a document's bytes (JSON or YAML, OpenAPI 3.0 or 3.1) into one OpenAPIKit
/// 3.1 document, 3.0 converted on the way so that the later layers have one path.
public enum SpecLoader {
    /// A parsed document and what was noticed on the way.
    public struct Loaded: Sendable {
        /// The document, as OpenAPI 3.1.
        public var document: OpenAPIKit.OpenAPI.Document
        /// The version the document declared (`3.0.3`, `3.1.0`…).
        public var declaredVersion: String
        /// Warnings about the document.
        public var diagnostics: [Diagnostic]
    }

    private struct VersionProbe: Decodable {
        var openapi: String?
        var swagger: String?
    }

    /// Parses a document.
    /// - Throws: ``GeneratorError`` naming the place: invalid JSON or YAML, an unsupported version,
    ///   or a value OpenAPIKit refuses (as a JSON pointer).
    public static func load(_ data: Data) throws(GeneratorError) -> Loaded {
        let isJSON = looksLikeJSON(data)
        let probe: VersionProbe
        var yamlText = ""
        do {
            if isJSON {
                // Checked as JSON first, for JSON's own error messages.
                _ = try JSONSerialization.jsonObject(with: data)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw GeneratorError(at: "#", "the document is neither JSON nor UTF-8 YAML")
            }
            yamlText = text
            probe = try YAMLDecoder().decode(VersionProbe.self, from: text)
        } catch let error as GeneratorError {
            throw error
        } catch let error as DecodingError {
            throw GeneratorError(at: pointer(of: error), "invalid \(isJSON ? "JSON" : "YAML"): \(summary(of: error))")
        } catch let error as NSError where isJSON {
            throw GeneratorError(at: "#", "invalid JSON: \(error.userInfo[NSDebugDescriptionErrorKey] ?? error.localizedDescription)")
        } catch {
            throw GeneratorError(at: "#", "invalid \(isJSON ? "JSON" : "YAML"): \(error)")
        }
        if probe.swagger != nil {
            throw GeneratorError(at: "#/swagger", "Swagger 2.0 is not supported; convert the document to OpenAPI 3 first")
        }
        guard let version = probe.openapi else {
            throw GeneratorError(at: "#/openapi", "the document has no `openapi` version")
        }
        do {
            let document: OpenAPIKit.OpenAPI.Document
            if version.hasPrefix("3.0") {
                // JSON is read by the YAML decoder too: Foundation's JSONDecoder does not keep the
                // order of keys, and the output follows the document's order.
                let old = try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: yamlText)
                document = old.convert(to: .v3_1_1)
            } else if version.hasPrefix("3.1") || version.hasPrefix("3.2") {
                document = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: yamlText)
            } else {
                throw GeneratorError(at: "#/openapi", "OpenAPI \(version) is not supported (3.0 and 3.1 are)")
            }
            let diagnostics = document.warnings.map { warning in
                Diagnostic(.warning, at: "#", "OpenAPIKit: \(warning)")
            }
            return Loaded(document: document, declaredVersion: version, diagnostics: diagnostics)
        } catch let error as GeneratorError {
            throw error
        } catch {
            // Yams wraps what OpenAPIKit throws in a `dataCorrupted`; OpenAPIKit's own error knows the path.
            var inner: any Error = error
            if case DecodingError.dataCorrupted(let context) = error, let underlying = context.underlyingError {
                inner = underlying
            } else if let error = error as? DecodingError {
                throw GeneratorError(at: pointer(of: error), summary(of: error))
            }
            let described = OpenAPIKit.OpenAPI.Error(from: inner)
            throw GeneratorError(at: pointer(of: described.codingPath), described.localizedDescription)
        }
    }

    /// Whether the text starts (after white space) with `{`.
    static func looksLikeJSON(_ data: Data) -> Bool {
        for byte in data {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), 0xEF, 0xBB, 0xBF:
                continue
            case UInt8(ascii: "{"):
                return true
            default:
                return false
            }
        }
        return false
    }

    /// The JSON pointer of a decoding error's coding path.
    static func pointer(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return pointer(of: context.codingPath)
        case .keyNotFound(let key, let context):
            return pointer(of: context.codingPath + [key])
        @unknown default:
            return "#"
        }
    }

    /// The JSON pointer of a coding path.
    static func pointer(of path: [any CodingKey]) -> String {
        Pointer.make(path.map { key in key.intValue.map(String.init) ?? key.stringValue })
    }

    /// What a decoding error says, without its coding path.
    static func summary(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            return "expected \(type): \(context.debugDescription)" + underlying(context)
        case .valueNotFound(let type, let context):
            return "missing \(type): \(context.debugDescription)"
        case .keyNotFound(let key, _):
            return "the required key `\(key.stringValue)` is missing"
        case .dataCorrupted(let context):
            return context.debugDescription + underlying(context)
        @unknown default:
            return "\(error)"
        }
    }

    private static func underlying(_ context: DecodingError.Context) -> String {
        context.underlyingError.map { " (\($0))" } ?? ""
    }
}
