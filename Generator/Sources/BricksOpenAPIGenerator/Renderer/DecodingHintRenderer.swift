/// Writes `<Name>Coding.located`: a member of a generated model that did not decode, said in the
/// document's words (what the document promised), with the OpenAPI Overlay action that makes the
/// document say what the server sent (its `target` a JSONPath). A model's `init(from:)` calls it
/// from its `catch` only, so nothing of it runs on a reply that decodes; Bricks adds the member's
/// path and the value the body holds there (`BricksError`'s description).
///
/// An error an inner model said already (its underlying error is the decoder's own), or one of
/// another kind, goes up as it is: the innermost model, whose member it is, names it.
struct DecodingHintRenderer {
    let api: APIDecl
    let access: String

    func render(into writer: inout CodeWriter) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { writer.line(String(line)) }
    }

    /// The update that makes a member nullable: 3.0's `nullable: true`, 3.1's list of types for a
    /// scalar or a list (`nullable: true` for an object, which bricks-openapi also reads in 3.1).
    private var nullableUpdate: (call: String, function: String) {
        if api.openAPIVersion.hasPrefix("3.0") { return ("{nullable: true}", "") }
        let function = """


                /// The update that makes a member of `type` nullable in 3.1: a list of types for a scalar or a list.
                private static func nullable(_ type: Any.Type) -> Swift.String {
                    let kind = kind(type)
                    if kind == "object" { return "{nullable: true}" }
                    return "{type: [\\(kind.split(separator: " ")[0]), \\\"null\\\"]}"
                }
            """
        return ("\\(nullable(type))", function)
    }

    private var text: String {
        let coding = "\(api.name)Coding"
        let update = nullableUpdate
        return """
            extension \(coding) {
                /// A member of the schema at `schema` (a JSONPath) that did not decode, said in the document's words: what the
                /// document promised and the overlay that makes it say what the server sent. Bricks names the path and the
                /// value sent; an error an inner model said already, or of another kind, is returned as it is.
                \(access)static func located(_ error: any Swift.Error, schema: Swift.String, decoder: any Swift.Decoder) -> any Swift.Error {
                    guard let failure = error as? Swift.DecodingError else { return error }
                    let depth = decoder.codingPath.count
                    /// The member's place in the document: its property, then `items` or `additionalProperties` per level below.
                    func target(_ path: [any Swift.CodingKey]) -> Swift.String? {
                        guard path.count > depth, path[depth].intValue == nil else { return nil }
                        var text = schema + ".properties" + segment(path[depth].stringValue)
                        for key in path.dropFirst(depth + 1) { text += key.intValue == nil ? ".additionalProperties" : ".items" }
                        return text
                    }
                    /// The context with the hint, the decoder's own error under it.
                    func said(_ context: Swift.DecodingError.Context, _ hint: Swift.String) -> Swift.DecodingError.Context {
                        .init(codingPath: context.codingPath, debugDescription: hint, underlyingError: failure)
                    }
                    switch failure {
                    case .valueNotFound(let type, let context) where !(context.underlyingError is Swift.DecodingError):
                        guard let target = target(context.codingPath) else { return error }
                        let promise = context.codingPath.count == depth + 1 ? "a required " + kind(type) : withArticle(kind(type))
                        let hint = "the document says \\(promise); an overlay can make it nullable: target \\(target), update \(update.call)"
                        return Swift.DecodingError.valueNotFound(type, said(context, hint))
                    case .typeMismatch(let type, let context) where !(context.underlyingError is Swift.DecodingError):
                        guard let target = target(context.codingPath) else { return error }
                        let hint = "the document says \\(withArticle(kind(type))); an overlay can change its type: target \\(target)"
                        return Swift.DecodingError.typeMismatch(type, said(context, hint))
                    case .keyNotFound(let key, let context) where !(context.underlyingError is Swift.DecodingError):
                        guard context.codingPath.count == depth else { return error }
                        let hint = "the document says it is required; an overlay can make it optional: "
                            + "target \\(schema).required[?@ == '\\(key.stringValue)'], remove: true"
                        return Swift.DecodingError.keyNotFound(key, said(context, hint))
                    case .dataCorrupted(let context) where !(context.underlyingError is Swift.DecodingError):
                        guard let target = target(context.codingPath) else { return error }
                        let hint = "the document's schema does not read it (\\(context.debugDescription)); an overlay can change it: target \\(target)"
                        return Swift.DecodingError.dataCorrupted(said(context, hint))
                    default:
                        return error
                    }
                }

                /// `.name`, or `['name']` for a name that is not a JSONPath shorthand (RFC 9535).
                private static func segment(_ name: Swift.String) -> Swift.String {
                    let shorthand = name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
                        && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
                    return shorthand ? "." + name : "['" + name.replacingOccurrences(of: "'", with: "\\\\'") + "']"
                }

                /// What a Swift type is in the document's words.
                private static func kind(_ type: Any.Type) -> Swift.String {
                    switch type {
                    case is Swift.String.Type: return "string"
                    case is Swift.Bool.Type: return "boolean"
                    case is any Swift.BinaryInteger.Type: return "integer"
                    case is any Swift.BinaryFloatingPoint.Type: return "number"
                    case is Foundation.Date.Type: return "string (date-time)"
                    case is any Swift.ExpressibleByArrayLiteral.Type: return "array"
                    default: return "object"
                    }
                }

                /// `a string`, `an integer`.
                private static func withArticle(_ kind: Swift.String) -> Swift.String {
                    (kind.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + kind
                }\(update.function)
            }
            """
    }
}
