import OpenAPIKit

/// What a configuration's values may name: the document's operation ids, tags, paths and schema
/// names.
struct DocumentNames {
    var operationIds: Set<String> = []
    var tags: Set<String> = []
    var paths: Set<String> = []
    var schemas: Set<String> = []

    init(_ document: OpenAPI.Document) {
        for tag in document.tags ?? [] { tags.insert(tag.name) }
        for (path, either) in document.paths {
            paths.insert(path.rawValue)
            for endpoint in document.components[either]?.endpoints ?? [] {
                if let id = endpoint.operation.operationId { operationIds.insert(id) }
                for tag in endpoint.operation.tags ?? [] { tags.insert(tag) }
            }
        }
        schemas = Set(document.components.schemas.keys.map(\.rawValue))
    }
}

extension GeneratorConfiguration {
    /// Refuses a value that names nothing in the document (an `include`/`exclude` operation, tag
    /// or path, a `names:` entry, a pagination rule's, `untypedReplies`' or `textReplies`' operation): a typo would otherwise select or
    /// rename nothing, silently. The error names the place in the configuration and the nearest
    /// valid value.
    func checkReferences(_ names: DocumentNames) throws(GeneratorError) {
        for (key, selection) in [("include", include), ("exclude", exclude)] {
            guard let selection else { continue }
            try Self.check(selection.operations, against: names.operationIds, what: "operation", at: [key, "operations"])
            try Self.check(selection.tags, against: names.tags, what: "tag", at: [key, "tags"])
            for (index, pattern) in (selection.paths ?? []).enumerated() {
                let matches = pattern.hasSuffix("*")
                    ? names.paths.contains { $0.hasPrefix(String(pattern.dropLast())) } : names.paths.contains(pattern)
                if !matches {
                    throw GeneratorError(
                        at: "configuration " + Pointer.make([key, "paths", String(index)]),
                        "no path of the document is `\(pattern)`" + Self.suggestion(for: pattern, in: names.paths))
                }
            }
        }
        for key in (self.names ?? [:]).keys.sorted() where !names.operationIds.contains(key) && !names.schemas.contains(key) {
            throw GeneratorError(
                at: "configuration " + Pointer.make(["names", key]),
                "the document has no operation or schema `\(key)`" + Self.suggestion(for: key, in: names.operationIds.union(names.schemas)))
        }
        try Self.check(untypedReplies, against: names.operationIds, what: "operation", at: ["untypedReplies"])
        try Self.check(textReplies, against: names.operationIds, what: "operation", at: ["textReplies"])
        for (index, rule) in (pagination ?? []).enumerated() {
            try Self.check(rule.operations, against: names.operationIds, what: "operation", at: ["pagination", String(index), "operations"])
        }
    }

    private static func check(_ values: [String]?, against known: Set<String>, what: String, at path: [String]) throws(GeneratorError) {
        for (index, value) in (values ?? []).enumerated() where !known.contains(value) {
            throw GeneratorError(
                at: "configuration " + Pointer.make(path + [String(index)]),
                "the document has no \(what) `\(value)`" + suggestion(for: value, in: known))
        }
    }

    /// `; did you mean `listTodos`?`: the nearest of `candidates` by edit distance (case ignored),
    /// when one is near enough to be a typo; else nothing.
    static func suggestion(for value: String, in candidates: Set<String>) -> String {
        let lowered = Array(value.lowercased())
        var best: (distance: Int, name: String)?
        for candidate in candidates.sorted() {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if best.map({ distance < $0.distance }) ?? true { best = (distance, candidate) }
        }
        guard let best, best.distance <= Swift.max(3, lowered.count / 2) else {
            return candidates.isEmpty ? " (it has none)" : ""
        }
        return "; did you mean `\(best.name)`?"
    }

    /// Levenshtein's distance between two texts.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for (i, x) in a.enumerated() {
            current[0] = i &+ 1
            for (j, y) in b.enumerated() {
                current[j &+ 1] = Swift.min(previous[j &+ 1] &+ 1, current[j] &+ 1, previous[j] &+ (x == y ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
