import Foundation

/// An OpenAPI Overlay (the OAI Overlay Specification 1.0, and 1.1's `copy`): changes applied to a
/// document before it is read, for a document you cannot change (a server's own, generated from
/// its code) that says something the server does not do.
///
/// ```yaml
/// overlay: 1.0.0
/// info: {title: What the server really sends, version: 1.0.0}
/// actions:
///   - target: $.components.schemas.UserSimple.properties.avatar
///     description: avatar is null until a user uploads one
///     update: {nullable: true}
/// ```
///
/// Each action's `target` is a JSONPath query (RFC 9535); `update` merges into each node it
/// selects (objects recursively, arrays appended, primitives replaced), `remove: true` removes
/// them, `copy` (1.1) merges the one node another query selects. Actions apply in order, each
/// to the result of the one before. Unlike the specification, a target that selects nothing is
/// an error: a fix must not stop applying silently when the document changes upstream.
public struct Overlay: Sendable {
    /// What an action does to the nodes its target selects.
    enum Change: Sendable {
        case update(DocumentValue)
        case copy(JSONPath)
        case remove
    }

    /// One action, read.
    struct Action: Sendable {
        /// Its place in the overlay's `actions`, from 0.
        var position: Int
        var target: JSONPath
        var description: String?
        var change: Change
    }

    /// The name messages give the overlay: its file's path as given.
    public let file: String
    /// The `overlay` version it declares (`1.0.0`, `1.1.0`).
    public let version: String
    /// Its `info.title`.
    public let title: String
    let actions: [Action]

    /// Reads an overlay document (JSON or YAML).
    /// - Parameters:
    ///   - data: the overlay's bytes.
    ///   - file: the name messages give it (its path).
    /// - Throws: ``GeneratorError`` naming the file and the place in it: not an overlay, a version
    ///   other than 1.0 and 1.1, a missing `info` or `actions`, an unknown field, a `target` that
    ///   is not a JSONPath query, an action that does nothing or two things.
    public init(_ data: Data, file: String) throws(GeneratorError) {
        self.file = file
        let tree: DocumentValue
        do {
            tree = try SpecLoader.parse(data)
        } catch {
            throw GeneratorError(at: file, "the overlay cannot be read: \(error.diagnostic.message)")
        }
        func fail(_ path: [String], _ message: String) -> GeneratorError {
            GeneratorError(at: file + " " + Pointer.make(path), message)
        }
        guard case .object(let root) = tree else {
            throw fail([], "an overlay is an object (`overlay: 1.0.0`, `info`, `actions`)")
        }
        if root["overlay"] == nil, root["openapi"] != nil || root["swagger"] != nil {
            throw fail([], "this is an OpenAPI document, not an overlay: give the document as the argument and the overlay with --overlay")
        }
        try Self.checkFields(root, ["overlay", "info", "extends", "actions"], at: [], fail)
        let version: String
        switch root["overlay"] {
        case .string(let text)?, .number(let text)?: version = text
        default: throw fail(["overlay"], "the overlay has no `overlay` version (such as `overlay: 1.0.0`)")
        }
        let parts = version.split(separator: ".")
        guard parts.count == 3, parts[0] == "1", parts[1] == "0" || parts[1] == "1" else {
            throw fail(["overlay"], "Overlay \(version) is not supported (1.0.x and 1.1.x are)")
        }
        self.version = version
        guard case .object(let info)? = root["info"] else {
            throw fail(["info"], "the overlay has no `info` object (`info: {title: …, version: …}`)")
        }
        try Self.checkFields(info, ["title", "version", "description"], at: ["info"], fail)
        guard case .string(let title)? = info["title"] else { throw fail(["info", "title"], "`info` needs a `title` (text)") }
        switch info["version"] {
        case .string?, .number?: break
        default: throw fail(["info", "version"], "`info` needs a `version` (text, such as `1.0.0`)")
        }
        self.title = title
        if let extends = root["extends"], extends.string == nil {
            throw fail(["extends"], "`extends` is the URI of the document the overlay is for (text)")
        }
        guard case .array(let written)? = root["actions"], !written.isEmpty else {
            throw fail(["actions"], "the overlay needs `actions`: a list of at least one `{target, update | remove | copy}`")
        }
        var actions: [Action] = []
        for (position, value) in written.enumerated() {
            actions.append(try Self.action(value, at: position, isVersion11: parts[1] == "1", fail))
        }
        self.actions = actions
    }

    private static func action(
        _ value: DocumentValue, at position: Int, isVersion11: Bool, _ fail: ([String], String) -> GeneratorError
    ) throws(GeneratorError) -> Action {
        let place = ["actions", String(position)]
        guard case .object(let object) = value else { throw fail(place, "an action is an object (`target`, and `update`, `remove` or `copy`)") }
        try checkFields(object, ["target", "description", "update", "remove", "copy"], at: place, fail)
        guard case .string(let text)? = object["target"] else {
            throw fail(place + ["target"], "an action needs a `target`: a JSONPath query such as `$.components.schemas.User`")
        }
        let target: JSONPath
        do {
            target = try JSONPath(text)
        } catch {
            throw fail(place + ["target"], "`\(text)` is not a JSONPath query (RFC 9535): \(error)")
        }
        var description: String?
        if let written = object["description"] {
            guard case .string(let text) = written else { throw fail(place + ["description"], "`description` is text") }
            description = text
        }
        var changes: [Change] = []
        switch object["remove"] {
        case .bool(true)?: changes.append(.remove)
        case .bool(false)?, nil: break
        default: throw fail(place + ["remove"], "`remove` is `true` or `false`")
        }
        if let update = object["update"] { changes.append(.update(update)) }
        if let copy = object["copy"] {
            guard isVersion11 else {
                throw fail(place + ["copy"], "`copy` is Overlay 1.1's: declare `overlay: 1.1.0`")
            }
            guard case .string(let text) = copy else { throw fail(place + ["copy"], "`copy` is a JSONPath query (text)") }
            do {
                changes.append(.copy(try JSONPath(text)))
            } catch {
                throw fail(place + ["copy"], "`\(text)` is not a JSONPath query (RFC 9535): \(error)")
            }
        }
        guard let change = changes.first else {
            throw fail(place, "the action `\(text)` does nothing: give it `update`, `remove: true` or `copy`")
        }
        guard changes.count == 1 else {
            throw fail(place, "the action `\(text)` has more than one of `update`, `remove: true` and `copy`: split it into one action each, in the order they apply")
        }
        return Action(position: position, target: target, description: description, change: change)
    }

    /// Refuses a field the object does not have (a misspelt `targets` would otherwise do
    /// nothing); `x-` extensions are allowed.
    private static func checkFields(
        _ object: DocumentObject, _ allowed: [String], at path: [String], _ fail: ([String], String) -> GeneratorError
    ) throws(GeneratorError) {
        for key in object.keys where !allowed.contains(key) && !key.hasPrefix("x-") {
            throw fail(path + [key], "unknown field `\(key)`; the fields here are \(allowed.joined(separator: ", ")) (and `x-` extensions)")
        }
    }
}
