/// Django REST framework's ids, as drf-spectacular writes them: the literal segments of the path
/// (`-` as `_`, a prefix it found common to every path left out) joined by `_`, then the action of
/// the method: `list` or `retrieve` for GET, `create`, `update` (PUT), `partial_update` (PATCH),
/// `destroy` (DELETE). `api_projects_partial_update` is `PATCH /api/projects/{id}/`.
///
/// Such an id is recognised exactly and named as a person would name the call: the verb of its
/// action, then its resource, in the singular where it means one item (`UpdateProject`,
/// `ListProjects`, `GetProjectMember` for `GET /api/projects/{id}/members/{user_id}/`). A prefix that most of the
/// document's Django paths share and that names no resource (`/api`, `/api/v2`: never followed by a
/// parameter) is left out of the names, as FastAPI's path is.
extension OperationNaming {
    /// The parts of a Django id: the path's words it names (after any prefix drf-spectacular left
    /// out) and its action.
    struct DjangoId: Equatable {
        var segments: [String]
        var action: String
    }

    /// The verb each action is named with.
    private static let djangoVerbs: [String: String] = [
        "list": "List", "retrieve": "Get", "create": "Create", "update": "Replace", "partial_update": "Update", "destroy": "Delete",
    ]

    /// The parts of a drf-spectacular id, or `nil` when the id is not one for its path and method.
    static func djangoId(_ operation: Operation) -> DjangoId? {
        guard let id = operation.operationId else { return nil }
        let actions: [String]
        switch operation.method.uppercased() {
        case "GET": actions = ["list", "retrieve"]
        case "POST": actions = ["create"]
        case "PUT": actions = ["update"]
        case "PATCH": actions = ["partial_update"]
        case "DELETE": actions = ["destroy"]
        default: return nil
        }
        let segments = literalSegments(operation.path).map { String($0.map { $0 == "-" ? "_" : $0 }) }
        for action in actions where id.hasSuffix("_" + action) {
            let stem = String(id.dropLast(action.count &+ 1))
            for start in segments.indices where segments[start...].joined(separator: "_") == stem {
                return DjangoId(segments: Array(segments[start...]), action: action)
            }
        }
        return nil
    }

    /// The names of the operations whose ids are Django's, and of the other ids that start with
    /// the prefix those share (`api_projects_validate_label_config` → `ProjectsValidateLabelConfig`);
    /// nil for the others, and for a name two operations would have.
    static func djangoNames(_ operations: [Operation]) -> [String?] {
        let ids = operations.map(djangoId)
        let prefix = commonPrefix(of: zip(operations, ids).compactMap { operation, id in id.map { (operation.path, $0) } })
        let idPrefix = prefix.joined(separator: "_") + "_"
        // The id without the prefix: the name of an id that is not Django's, or of one whose name two would have.
        let stripped: [String?] = operations.map { operation in
            guard !prefix.isEmpty, let operationId = operation.operationId, operationId.hasPrefix(idPrefix),
                operationId.count > idPrefix.count
            else { return nil }
            return Naming.typeName(String(operationId.dropFirst(idPrefix.count)))
        }
        let names: [String?] = zip(operations, ids).map { operation, id in
            guard let id else { return nil }
            var segments = id.segments
            if segments.count > prefix.count, Array(segments.prefix(prefix.count)) == prefix { segments.removeFirst(prefix.count) }
            return djangoName(segments: segments, action: id.action, path: operation.path)
        }
        var counts: [String: Int] = [:]
        for name in names.compactMap({ $0 }) { counts[name, default: 0] &+= 1 }
        return zip(names, stripped).map { name, stripped in name.flatMap { counts[$0] == 1 ? $0 : nil } ?? stripped }
    }

    /// `UpdateProject` for `projects`, `partial_update`: the verb, then the segments, in the
    /// singular where one item is meant: a segment that a parameter follows in the path
    /// (`/projects/{id}/`), and the last one of a create (`POST /projects/` makes one project).
    /// Others stay as written (`GET /api/dm/columns/` is `GetDmColumns`).
    private static func djangoName(segments: [String], action: String, path: String) -> String? {
        guard let verb = djangoVerbs[action] else { return nil }
        let addressed = segmentsFollowedByParameter(path)
        let words = segments.enumerated().map { index, segment in
            let last = index == segments.count &- 1
            return addressed.contains(segment) || (last && action == "create") ? singular(segment) : segment
        }
        return Naming.typeName(([verb] + words).joined(separator: " "))
    }

    /// The leading segments that more than half of the Django ids start with and that no path
    /// follows with a parameter or ends with: `api` (and `v2`) of `/api/v2/projects/`.
    private static func commonPrefix(of ids: [(path: String, id: DjangoId)]) -> [String] {
        guard ids.count > 1 else { return [] }
        let addressed = Set(ids.flatMap { segmentsFollowedByParameter($0.path) })
        let ends = Set(ids.compactMap { literalSegments($0.path).last })
        var prefix: [String] = []
        while true {
            var counts: [String: Int] = [:]
            for (_, id) in ids where id.segments.count > prefix.count &+ 1 && Array(id.segments.prefix(prefix.count)) == prefix {
                counts[id.segments[prefix.count], default: 0] &+= 1
            }
            guard let (segment, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                count &* 2 > ids.count, !addressed.contains(segment), !ends.contains(segment)
            else { return prefix }
            prefix.append(segment)
        }
    }

    /// The literal segments directly followed by a parameter: `projects` of `/api/projects/{id}/`.
    private static func segmentsFollowedByParameter(_ path: String) -> Set<String> {
        let parts = path.split(separator: "/")
        var result: Set<String> = []
        for (part, next) in zip(parts, parts.dropFirst()) where !part.contains("{") && next.contains("{") {
            result.insert(String(part.map { $0 == "-" ? "_" : $0 }))
        }
        return result
    }

    /// `projects` → `project`, `entries` → `entry`; `status`, `access`, `analysis`, `gcs` as they are.
    private static func singular(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 3 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("sses") || word.hasSuffix("xes") || word.hasSuffix("ches") || word.hasSuffix("shes") { return String(word.dropLast(2)) }
        // A short word is an acronym more often than a plural (`gcs`, `s3s`): as it is.
        if word.hasSuffix("s"), !["ss", "us", "is"].contains(where: word.hasSuffix), word.count > 3 { return String(word.dropLast()) }
        return word
    }
}
