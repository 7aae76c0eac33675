import Foundation

/// The rule for what OpenAPIKit cannot read, whatever it is: the node it names is repaired where
/// the specification implies the fix, or else left out, with a warning at that node's JSON
/// pointer, and reading goes on (``SpecLoader`` decodes again until the document reads).
///
/// | OpenAPIKit says | The node |
/// |---|---|
/// | a path parameter must be `required` | `required: true` (OpenAPI: a path parameter always is) |
/// | properties that are neither fields nor `x-` extensions (`allowEmptyValue` on a header) | those properties left out |
/// | a required field is missing: `info`, `title`, `version`, `description` | an empty one |
/// | a value of the wrong type it names (`minimum: "5"`) | that member left out |
/// | anything else (an unknown `$ref` form, a misplaced object) | left out: the innermost member it names that exists |
/// | the same failure again, right after its repair | left out, as anything else |
///
/// An operation left out this way is counted as skipped (``SpecLoader/Loaded/droppedOperations``).
enum DocumentRepair {
    /// One repair made.
    struct Repair {
        /// What was done, for the warning.
        var diagnostic: Diagnostic
        /// The pointer of the operation left out, when one was.
        var droppedOperation: String?
    }

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    /// Repairs or leaves out the node at `path` (reference tokens, not escaped) that OpenAPIKit
    /// could not read with `message`. Returns `nil` when nothing can be changed (the node is the
    /// document itself).
    ///
    /// `repeated` says that the last repair was made for this same failure and did not cure it:
    /// the node is then left out, so that no two repairs can undo each other round after round.
    static func repair(_ tree: inout DocumentValue, at path: [String], message: String, repeated: Bool = false) -> Repair? {
        // OpenAPIKit's message tells the story from the document down; the last reason is the one.
        var shown = message.split(separator: "\n").joined(separator: " ")
        if let because = shown.range(of: "because: ", options: .backwards) { shown = String(shown[because.upperBound...]) }
        if shown.count > 240 { shown = String(shown.prefix(240)) + "…" }
        if repeated { return leaveOutInnermost(&tree, at: path, shown) }
        // A path parameter without `required: true`: the specification says it is required.
        if message.contains("must be explicitly set to required") || message.contains("must be required") {
            if let place = nearest(tree, path, where: { $0["in"] == .string("path") }),
                tree.update(at: place[...], { object in object["required"] = .bool(true) })
            {
                return Repair(diagnostic: warning(place, "a path parameter is always required (\(shown)): read as `required: true`"))
            }
        }
        // Properties that are not fields of the object (nor `x-` extensions): left out.
        if let listed = invalidProperties(in: message), !listed.isEmpty,
            let place = nearest(tree, path, where: { object in listed.contains { object[$0] != nil } }),
            let names = tree.value(at: place[...])?.object?.keys.filter(listed.contains)
        {
            let removed = tree.update(at: place[...]) { object in
                for name in names { object[name] = nil }
            }
            if removed {
                let list = names.map { "`\($0)`" }.joined(separator: ", ")
                let verb = names.count == 1 ? "is not a field" : "are not fields"
                return Repair(diagnostic: warning(place, "\(list) \(verb) of this object (OpenAPIKit: \(shown)): left out"))
            }
        }
        // A required field missing: the ones with an obvious empty value.
        if message.contains("required key") || message.contains("is missing") || message.contains("No value associated with key") {
            // The key ends the path, or (OpenAPIKit's ``Expected to find `info` key``) is named.
            // OpenAPIKit names an operation's missing key at its path item ("for the **GET**
            // endpoint under `/pets`"): the key belongs in the operation.
            let operation = methods.first { message.contains("**\($0.uppercased())**") }.map { path + [$0] }
            var candidates: [(parent: [String], key: String)] = backticked(in: message).map { (operation ?? path, $0) }
            if let last = path.last { candidates.insert((Array(path.dropLast()), last), at: 0) }
            for (parent, key) in candidates where tree.value(at: (parent + [key])[...]) == nil {
                guard let filler = Self.emptyValues[key], tree.update(at: parent[...], { object in object[key] = filler }) else { continue }
                return Repair(diagnostic: warning(parent + [key], "the required `\(key)` is missing (\(shown)): read as an empty one"))
            }
        }
        // A value of the wrong type that the message names (`Expected `minimum` value … to be
        // parsable as Double`) while pointing at its object: that member, left out.
        if let object = tree.value(at: path[...])?.object,
            let key = backticked(in: message).first(where: { object[$0] != nil && $0 != path.last })
        {
            if let repair = leaveOut(&tree, at: path + [key], shown) { return repair }
        }
        // Anything else: the innermost member named that exists, left out.
        return leaveOutInnermost(&tree, at: path, shown)
    }

    /// Leaves out the innermost member on `path` that exists (a missing member names its object:
    /// the object, its parent's member, goes).
    private static func leaveOutInnermost(_ tree: inout DocumentValue, at path: [String], _ shown: String) -> Repair? {
        var place = path
        while !place.isEmpty, tree.value(at: place[...]) == nil { place.removeLast() }
        return leaveOut(&tree, at: place, shown)
    }

    /// Removes the member at `place`, with its warning; an operation (or a path item) removed is
    /// named, to be counted as skipped.
    private static func leaveOut(_ tree: inout DocumentValue, at place: [String], _ shown: String) -> Repair? {
        guard !place.isEmpty, tree.remove(at: place[...]) else { return nil }
        var dropped: String?
        if place.count == 3, place[0] == "paths", methods.contains(place[2]) {
            dropped = Pointer.make(place)
        } else if place.count == 2, place[0] == "paths" {
            dropped = Pointer.make(place)
        }
        return Repair(
            diagnostic: warning(place, "OpenAPIKit cannot read this (\(shown)): left out" + (dropped == nil ? "" : ", and the operation with it")),
            droppedOperation: dropped)
    }

    /// The empty value of a required field (`info`, `title`…).
    private static let emptyValues: [String: DocumentValue] = [
        "info": .object(DocumentObject(members: [
            .init(key: "title", value: .string("API")), .init(key: "version", value: .string("")),
        ])),
        "title": .string("API"),
        "version": .string(""),
        "description": .string(""),
        "responses": .object(DocumentObject()),
    ]

    /// The names in `Invalid properties: [ a, b ]`.
    static func invalidProperties(in message: String) -> [String]? {
        guard let marker = message.range(of: "Invalid properties:") else { return nil }
        let rest = message[marker.upperBound...]
        guard let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") else { return nil }
        return rest[rest.index(after: open)..<close].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }.filter { !$0.isEmpty }
    }

    /// The words of `message` written between backticks.
    static func backticked(in message: String) -> [String] {
        let parts = message.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    /// The innermost object on `path` (itself or an enclosing one) for which `test` holds.
    private static func nearest(_ tree: DocumentValue, _ path: [String], where test: (DocumentObject) -> Bool) -> [String]? {
        var place = path
        while true {
            if let object = tree.value(at: place[...])?.object, test(object) { return place }
            guard !place.isEmpty else { return nil }
            place.removeLast()
        }
    }

    private static func warning(_ path: [String], _ message: String) -> Diagnostic {
        Diagnostic(.warning, at: Pointer.make(path), message)
    }
}

extension DocumentValue {
    /// The value at `path` (object keys, or array indices as text), if there is one.
    func value(at path: ArraySlice<String>) -> DocumentValue? {
        guard let first = path.first else { return self }
        switch self {
        case .object(let object): return object[first]?.value(at: path.dropFirst())
        case .array(let values):
            guard let index = Int(first), values.indices.contains(index) else { return nil }
            return values[index].value(at: path.dropFirst())
        default: return nil
        }
    }

    /// Changes the object at `path`; returns whether there was one.
    mutating func update(at path: ArraySlice<String>, _ body: (inout DocumentObject) -> Void) -> Bool {
        guard let first = path.first else {
            guard case .object(var object) = self else { return false }
            self = .null
            body(&object)
            self = .object(object)
            return true
        }
        return updateChild(first) { child in child.update(at: path.dropFirst(), body) }
    }

    /// Removes the member or element at `path`; returns whether there was one.
    mutating func remove(at path: ArraySlice<String>) -> Bool {
        guard let last = path.last else { return false }
        if path.count == 1 {
            switch self {
            case .object(var object):
                guard object[last] != nil else { return false }
                self = .null
                object[last] = nil
                self = .object(object)
                return true
            case .array(var values):
                guard let index = Int(last), values.indices.contains(index) else { return false }
                self = .null
                values.remove(at: index)
                self = .array(values)
                return true
            default:
                return false
            }
        }
        let rest = path.dropFirst()
        return updateChild(path[path.startIndex]) { child in child.remove(at: rest) }
    }

    /// Runs `body` on the member or element `token`, in place.
    private mutating func updateChild(_ token: String, _ body: (inout DocumentValue) -> Bool) -> Bool {
        switch self {
        case .object(var object):
            guard let index = object.members.firstIndex(where: { $0.key == token }) else { return false }
            self = .null
            let changed = body(&object.members[index].value)
            self = .object(object)
            return changed
        case .array(var values):
            guard let index = Int(token), values.indices.contains(index) else { return false }
            self = .null
            let changed = body(&values[index])
            self = .array(values)
            return changed
        default:
            return false
        }
    }
}
