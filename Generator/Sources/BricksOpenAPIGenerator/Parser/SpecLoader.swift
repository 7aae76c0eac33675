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
        /// The operations left out because OpenAPIKit could not read them (their pointers).
        public var droppedOperations: [String] = []
        /// The document as parsed, before the normaliser left its examples out: what a fake's
        /// table reads its examples and schemas from (`GeneratorConfiguration.fake`).
        var tree: DocumentValue = .null
        /// What each overlay action did, in order.
        public var overlayActions: [OverlayActionReport] = []
    }

    /// Parses a document.
    ///
    /// JSON is read as JSON (``JSONReader``: surrogate pairs, numbers of any size), YAML by Yams;
    /// both keep the order of keys, which the output follows. ``DocumentNormalizer`` then rewrites
    /// what breaks the letter of OpenAPI but has one obvious meaning, with a warning per place,
    /// and OpenAPIKit reads the result. What OpenAPIKit still cannot read is repaired or left out by ``DocumentRepair``, with a
    /// warning at its place, and the document read again.
    /// The overlays apply first, in order, to the tree as parsed (``Overlay``).
    /// - Throws: ``GeneratorError`` naming the place: invalid JSON or YAML (line and column), an
    ///   overlay action that cannot apply, an unsupported version, or a document that nothing
    ///   left out makes readable.
    public static func load(_ data: Data, overlays: [Overlay] = []) throws(GeneratorError) -> Loaded {
        var tree = try parse(data)
        var overlayActions: [OverlayActionReport] = []
        for overlay in overlays { overlayActions += try overlay.apply(to: &tree) }
        guard case .object(let root) = tree else {
            throw GeneratorError(at: "#", "the document is not an object (a map of `openapi`, `info`, `paths`…)")
        }
        if root["swagger"] != nil {
            throw GeneratorError(at: "#/swagger", "Swagger 2.0 is not supported; convert the document to OpenAPI 3 first")
        }
        let version: String
        switch root["openapi"] {
        case .string(let text)?, .number(let text)?: version = text
        default: throw GeneratorError(at: "#/openapi", "the document has no `openapi` version")
        }
        let isVersion30 = version.hasPrefix("3.0")
        guard isVersion30 || version.hasPrefix("3.1") || version.hasPrefix("3.2") else {
            throw GeneratorError(at: "#/openapi", "OpenAPI \(version) is not supported (3.0 and 3.1 are)")
        }
        let (normalized, rewrites) = DocumentNormalizer.normalize(tree, version: isVersion30 ? .v30 : .v31)
        var repaired = normalized
        var repairs: [Diagnostic] = []
        var dropped: [String] = []
        // When the whole does not read, first each path item and component alone, in a document of
        // its own, so that a document with many broken nodes costs a read of one node per repair,
        // not of the whole document.
        func loaded(_ document: OpenAPIKit.OpenAPI.Document) -> Loaded {
            let diagnostics = rewrites + repairs + document.warnings.map { warning in
                Diagnostic(.warning, at: "#", "OpenAPIKit: \(warning)")
            }
            var result = Loaded(document: document, declaredVersion: version, diagnostics: diagnostics, droppedOperations: dropped)
            result.tree = tree
            result.overlayActions = overlayActions
            return result
        }
        if let document = try? decode(repaired, isVersion30: isVersion30) { return loaded(document) }
        for path in parts(of: repaired) {
            var rounds = 0
            var previous: (path: [String], message: String)?
            while rounds < 1_000, let value = repaired.value(at: path[...]) {
                rounds &+= 1
                let failure: (path: [String], message: String)
                do {
                    _ = try decode(alone(value, at: path, version: root["openapi"] ?? .string(version)), isVersion30: isVersion30)
                    break
                } catch {
                    failure = describe(error)
                }
                defer { previous = failure }
                guard let repair = DocumentRepair.repair(
                    &repaired, at: failure.path, message: failure.message, repeated: Self.same(failure, previous))
                else { break }
                repairs.append(repair.diagnostic)
                if let operation = repair.droppedOperation { dropped.append(operation) }
            }
        }
        // What OpenAPIKit cannot read is repaired or left out, one node at a time, and read again:
        // at most one round per node of the document, each round changes the tree.
        var previous: (path: [String], message: String)?
        while true {
            let failure: (path: [String], message: String)
            do {
                return loaded(try decode(repaired, isVersion30: isVersion30))
            } catch {
                failure = describe(error)
            }
            defer { previous = failure }
            guard repairs.count < 10_000, let repair = DocumentRepair.repair(
                &repaired, at: failure.path, message: failure.message, repeated: Self.same(failure, previous))
            else {
                throw GeneratorError(at: Pointer.make(failure.path), failure.message)
            }
            repairs.append(repair.diagnostic)
            if let operation = repair.droppedOperation { dropped.append(operation) }
        }
    }

    /// Whether `failure` is the one the last round repaired: that repair did not cure it.
    private static func same(_ failure: (path: [String], message: String), _ previous: (path: [String], message: String)?) -> Bool {
        previous.map { $0.path == failure.path && $0.message == failure.message } ?? false
    }

    /// The places of the path items, webhooks and components of a document.
    private static func parts(of tree: DocumentValue) -> [[String]] {
        var result: [[String]] = []
        for top in ["paths", "webhooks"] {
            for key in tree.value(at: [top])?.object?.keys ?? [] { result.append([top, key]) }
        }
        for kind in ["schemas", "responses", "parameters", "requestBodies", "headers"] {
            for key in tree.value(at: ["components", kind])?.object?.keys ?? [] { result.append(["components", kind, key]) }
        }
        return result
    }

    /// A document that holds `value` at `path` and nothing else (OpenAPIKit's errors name their
    /// place from a document's root, and some of its decoders expect one).
    private static func alone(_ value: DocumentValue, at path: [String], version: DocumentValue) -> DocumentValue {
        var info = DocumentObject()
        info["title"] = .string("T")
        info["version"] = .string("1")
        var root = DocumentObject()
        root["openapi"] = version
        root["info"] = .object(info)
        root["paths"] = .object(DocumentObject())
        var tree = DocumentValue.object(root)
        var parent: [String] = []
        for token in path.dropLast() {
            if tree.value(at: (parent + [token])[...]) == nil {
                _ = tree.update(at: parent[...]) { object in object[token] = .object(DocumentObject()) }
            }
            parent.append(token)
        }
        if let last = path.last { _ = tree.update(at: parent[...]) { object in object[last] = value } }
        return tree
    }

    /// The 3.1 document OpenAPIKit reads from `tree` (a 3.0 one converted).
    private static func decode(_ tree: DocumentValue, isVersion30: Bool) throws -> OpenAPIKit.OpenAPI.Document {
        // ``DocumentDecoder`` reads the tree as Yams' decoder would read its node, in a fraction of
        // the time (Foundation's JSONDecoder would not keep the order of keys). Vendor extensions
        // are not generated; OpenAPIKit reads them by decoding each object whole again as
        // `AnyCodable`, most of a document's reading time: turned off.
        if isVersion30 {
            let decoder = DocumentDecoder(userInfo: [OpenAPIKit30.VendorExtensionsConfiguration.enabledKey: false])
            return try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: tree).convert(to: .v3_1_1)
        }
        let decoder = DocumentDecoder(userInfo: [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false])
        return try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: tree)
    }

    /// Where a decoding error is (reference tokens) and what it says.
    private static func describe(_ error: any Error) -> (path: [String], message: String) {
        // Yams wraps what OpenAPIKit throws in a `dataCorrupted`; OpenAPIKit's own error knows the path.
        var inner: any Error = error
        if case DecodingError.dataCorrupted(let context) = error, let underlying = context.underlyingError {
            inner = underlying
        } else if let error = error as? DecodingError {
            return (tokens(of: error), summary(of: error))
        }
        let described = OpenAPIKit.OpenAPI.Error(from: inner)
        return (tokens(of: described.codingPath), described.localizedDescription)
    }

    /// The tree of a JSON or YAML text.
    static func parse(_ data: Data) throws(GeneratorError) -> DocumentValue {
        if looksLikeJSON(data) {
            do {
                return try JSONReader.read(data)
            } catch {
                throw GeneratorError(at: "#", "invalid JSON at \(error.description)")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw GeneratorError(at: "#", "the document is neither JSON nor UTF-8 YAML")
        }
        do {
            // No tag resolution while composing (`Resolver.basic`): Yams' resolver runs its regular
            // expressions on every key and scalar, and ``DocumentValue/init(_:)`` reads plain
            // scalars itself.
            guard let node = try Yams.compose(yaml: text, .basic) else {
                throw GeneratorError(at: "#", "the document is empty")
            }
            return DocumentValue(node)
        } catch let error as GeneratorError {
            throw error
        } catch {
            throw GeneratorError(at: "#", "invalid YAML: \(error)")
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

    /// The reference tokens of a decoding error's coding path.
    static func tokens(of error: DecodingError) -> [String] {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return tokens(of: context.codingPath)
        case .keyNotFound(let key, let context):
            return tokens(of: context.codingPath + [key])
        @unknown default:
            return []
        }
    }

    /// The JSON pointer of a decoding error's coding path.
    static func pointer(of error: DecodingError) -> String { Pointer.make(tokens(of: error)) }

    /// The reference tokens of a coding path.
    static func tokens(of path: [any CodingKey]) -> [String] {
        path.map { key in key.intValue.map(String.init) ?? key.stringValue }
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
