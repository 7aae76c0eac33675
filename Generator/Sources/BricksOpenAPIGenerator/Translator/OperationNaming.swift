/// The Swift names of the operations: the configuration's `names:` first, then the `operationId`
/// as a person would have written it.
///
/// FastAPI makes an operation's id from its Python function, its path and its method
/// (`read_flow` on `GET /flows/{id}` is `read_flow_flows__id__get`: every character of the path
/// that is not a letter, digit or `_` becomes `_`), so that its type names would repeat the path
/// (`ReadFlowFlowsIdGet`). Such an id is recognised exactly (it ends with the path so written and
/// the method) and named after its function when no other operation of the document has the same
/// function. When two do (`create_work_queue` on `/work_queues/` and on `/work_pools/{name}/queues`),
/// each is named after its function and the literal words of its path
/// (`CreateWorkQueueWorkPoolsQueues`), or keeps its whole id when that still names two: the same
/// names whatever the order of the document.
enum OperationNaming {
    /// One operation to name.
    struct Operation {
        var operationId: String?
        var path: String
        var method: String
    }

    /// The text each operation's type name is made from, in order: the configured name, the
    /// function of a FastAPI id when unique, the name of a Django id when unique (see
    /// `OperationNaming+Django.swift`), the id, or the method and path without an id.
    static func baseNames(_ operations: [Operation], configured names: [String: String]) -> [String] {
        let functions = operations.map(fastAPIFunction)
        let django = djangoNames(operations)
        let short = functions.map { $0.map(Naming.typeName) }
        let longer = zip(operations, functions).map { operation, function in
            function.map { Naming.typeName($0 + " " + literalWords(operation.path)) }
        }
        var shortCounts: [String: Int] = [:]
        for name in short.compactMap({ $0 }) { shortCounts[name, default: 0] &+= 1 }
        // The longer names of the functions that name two operations or more, unless a function names one alone.
        var longerCounts: [String: Int] = [:]
        for (name, longName) in zip(short, longer) {
            if let name, shortCounts[name] != 1, let longName { longerCounts[longName, default: 0] &+= shortCounts[longName] == 1 ? 2 : 1 }
        }
        return operations.indices.map { index in
            let operation = operations[index]
            if let id = operation.operationId, let configured = names[id] { return configured }
            if let name = short[index], shortCounts[name] == 1 { return name }
            if let name = longer[index], longerCounts[name] == 1 { return name }
            if let name = django[index] { return name }
            return Naming.typeName(operation.operationId ?? (operation.method.lowercased() + " " + operation.path))
        }
    }

    /// FastAPI's body schemas (`Body_read_flows_flows_filter_post`, the body of an operation whose
    /// parameters are several) named after their operation's short name: `ReadFlowsBody`.
    static func bodySchemaNames(_ operations: [Operation], baseNames: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for (operation, name) in zip(operations, baseNames) {
            guard let id = operation.operationId, fastAPIFunction(operation) != nil else { continue }
            result["Body_" + id] = name + "Body"
        }
        return result
    }

    /// The words of a path's segments that are not parameters: `work_pools queues` of
    /// `/work_pools/{name}/queues`.
    static func literalWords(_ path: String) -> String {
        literalSegments(path).joined(separator: " ")
    }

    /// The literal segments of a path: `api`, `projects`, `members` of `/api/projects/{id}/members/`.
    static func literalSegments(_ path: String) -> [String] {
        path.split(separator: "/").filter { !$0.contains("{") }.map(String.init)
    }

    /// The function part of a FastAPI-generated id (`read_flow` of `read_flow_flows__id__get` for
    /// `GET /flows/{id}`), or `nil` when the id is not one.
    static func fastAPIFunction(_ operation: Operation) -> String? {
        guard let id = operation.operationId else { return nil }
        // The path as the document has it, and with the trailing slash a parsed path may have lost (`POST /flows/`).
        for path in [operation.path, operation.path + "/"] {
            let suffix = String(path.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }) + "_" + operation.method.lowercased()
            guard id.count > suffix.count, id.hasSuffix(suffix) else { continue }
            let function = String(id.dropLast(suffix.count))
            return Naming.words(function).isEmpty ? nil : function
        }
        return nil
    }
}
