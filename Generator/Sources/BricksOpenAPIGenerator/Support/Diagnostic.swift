/// A problem found in a document, named by where it is: a JSON pointer such as
/// `#/paths/~1repos~1{owner}~1{repo}/get/responses/200`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Sendable, Hashable {
        /// The generation goes on: something was skipped or approximated.
        case warning
        /// The generation cannot go on.
        case error
    }

    /// How bad the problem is.
    public var severity: Severity
    /// Where the problem is, as a JSON pointer into the document (`#/components/schemas/user`).
    public var pointer: String
    /// What the problem is, in a sentence.
    public var message: String

    /// Makes a diagnostic.
    public init(_ severity: Severity, at pointer: String, _ message: String) {
        self.severity = severity
        self.pointer = pointer
        self.message = message
    }

    /// `warning: #/paths/~1pets/get: message`.
    public var description: String { "\(severity.rawValue): \(pointer): \(message)" }
}

/// A failure that stops the generation, with the place it is about.
public struct GeneratorError: Error, Sendable, CustomStringConvertible {
    /// The diagnostic that says what and where.
    public var diagnostic: Diagnostic

    /// Makes an error at `pointer` (a JSON pointer, or a file path for a file that cannot be read).
    public init(at pointer: String, _ message: String) {
        diagnostic = Diagnostic(.error, at: pointer, message)
    }

    /// `error: #/…: message`.
    public var description: String { diagnostic.description }
}

/// Builds JSON pointers (RFC 6901) into the document.
enum Pointer {
    /// Escapes one reference token: `~` as `~0`, `/` as `~1`.
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// `#/a/b~1c` from `["a", "b/c"]`.
    static func make(_ tokens: [String]) -> String {
        "#" + tokens.map { "/" + escape($0) }.joined()
    }

    /// The pointer of a component schema.
    static func schema(_ name: String) -> String { make(["components", "schemas", name]) }

    /// The pointer of an operation.
    static func operation(path: String, method: String) -> String { make(["paths", path, method]) }

    /// The same place as an RFC 9535 JSONPath, what an overlay's `target` is: `#/paths/~1a/get`
    /// is `$.paths['/a'].get` (a name shorthand where it may be one, else in brackets).
    static func jsonPath(_ pointer: String) -> String {
        let tokens = pointer.drop { $0 == "#" }.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        return "$" + tokens.map { token in
            jsonPathSegment(token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~"))
        }.joined()
    }

    /// `.name`, or `['name']` for a name that is not a shorthand (RFC 9535, 2.5.1.1).
    static func jsonPathSegment(_ name: String) -> String {
        let first = name.unicodeScalars.first
        let isShorthand = first.map { $0 == "_" || ($0.properties.isAlphabetic && $0.isASCII) } ?? false
            && name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
        if isShorthand { return "." + name }
        return "['" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "']"
    }
}
