import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// The JSONPath queries (RFC 9535) overlays target nodes with: each construct on a small
/// document, and the message of each mistake.
@Suite struct JSONPathTests {
    static let document = """
        openapi: 3.0.3
        paths:
          /users/{id}:
            get:
              operationId: getUser
              parameters:
                - {name: id, in: path, required: true}
                - {name: filter, in: query, required: true}
            delete: {operationId: deleteUser}
          /users:
            get:
              operationId: listUsers
              tags: [users, dummy]
              parameters:
                - {name: filter, in: query}
                - {name: limit, in: query, x-order: 2}
          "it's": {x: 1}
          "a\\\\b": {x: 2}
        """

    private func select(_ query: String) throws -> [JSONPath.Node] {
        try JSONPath(query).select(in: try SpecLoader.parse(Data(Self.document.utf8)))
    }

    /// The string values (or the normalized paths, for other values) a query selects.
    private func strings(_ query: String) throws -> [String] {
        try select(query).map { $0.value.string ?? JSONPath.normalized($0.location) }
    }

    private func failure(_ query: String) -> String? {
        do {
            _ = try JSONPath(query)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theRootAndNames() throws {
        #expect(try select("$").map(\.location) == [[]])
        #expect(try strings("$.openapi") == ["3.0.3"])
        #expect(try strings("$['openapi']") == ["3.0.3"])
        #expect(try strings(#"$["openapi"]"#) == ["3.0.3"])
        #expect(try strings("$.nothing").isEmpty)
        // A name selector on an array, an index on an object: nothing.
        #expect(try strings("$.paths[0]").isEmpty)
        #expect(try strings("$.paths['/users'].get.parameters.name").isEmpty)
    }

    /// Path keys hold `/`, `{` and `}`; names may hold quotes and backslashes, escaped.
    @Test func quotedNames() throws {
        #expect(try strings("$.paths['/users/{id}'].get.operationId") == ["getUser"])
        #expect(try strings(#"$.paths["/users/{id}"].delete.operationId"#) == ["deleteUser"])
        #expect(try select(#"$.paths['it\'s'].x"#).map(\.value) == [.number("1")])
        #expect(try select(#"$.paths["it's"].x"#).map(\.value) == [.number("1")])
        #expect(try select(#"$.paths['a\\b'].x"#).map(\.value) == [.number("2")])
        #expect(try strings(#"$['\u006fpenapi']"#) == ["3.0.3"])
        #expect(try strings(#"$.paths['\/users'].get.operationId"#) == ["listUsers"])
        #expect(JSONPath.normalized([.name("paths"), .name("it's"), .name("a\\b"), .index(0)]) == #"$['paths']['it\'s']['a\\b'][0]"#)
    }

    @Test func wildcardsIndicesAndSlices() throws {
        #expect(try strings("$.paths.*.get.operationId") == ["getUser", "listUsers"])
        #expect(try strings("$.paths[*].*.operationId") == ["getUser", "deleteUser", "listUsers"])
        #expect(try strings("$.paths['/users'].get.tags[0]") == ["users"])
        #expect(try strings("$.paths['/users'].get.tags[-1]") == ["dummy"])
        #expect(try strings("$.paths['/users'].get.tags[2]").isEmpty)
        #expect(try strings("$.paths['/users'].get.tags[0:1]") == ["users"])
        #expect(try strings("$.paths['/users'].get.tags[::-1]") == ["dummy", "users"])
        #expect(try strings("$.paths['/users'].get.tags[1:]") == ["dummy"])
        #expect(try strings("$.paths['/users'].get.tags[0, 0]") == ["users", "users"])
        #expect(try strings("$.paths['/users'].get['operationId', 'tags'][0]") == ["users"])
    }

    @Test func descendants() throws {
        #expect(try strings("$..operationId") == ["getUser", "deleteUser", "listUsers"])
        #expect(try strings("$.paths['/users/{id}']..name") == ["id", "filter"])
        #expect(try strings("$..['operationId']") == ["getUser", "deleteUser", "listUsers"])
        #expect(try select("$..[?@.in == 'query']").count == 3)
        #expect(try select("$.paths..*").count > 20)
    }

    @Test func filters() throws {
        let parameters = "$.paths.*.get.parameters"
        #expect(try select("\(parameters)[?@.name=='filter' && @.in=='query']").count == 2)
        #expect(try select("\(parameters)[?@.name == 'filter' && @.required]").map { JSONPath.normalized($0.location) }
            == ["$['paths']['/users/{id}']['get']['parameters'][1]"])
        #expect(try select("\(parameters)[?@.required == true]").count == 2)
        #expect(try select("\(parameters)[?!@.required]").count == 2)
        #expect(try select("\(parameters)[?@.name != 'filter']").count == 2)
        #expect(try select("\(parameters)[?@.name == 'id' || @.name == 'limit']").count == 2)
        #expect(try select("\(parameters)[?(@.name == 'id' || @.name == 'limit') && @.in == 'path']").count == 1)
        #expect(try select("\(parameters)[?!(@.in == 'query')]").count == 1)
        #expect(try select("\(parameters)[?@['x-order'] >= 2]").count == 1)
        #expect(try select("\(parameters)[?@['x-order'] < 2.5e0]").count == 1)
        #expect(try select("\(parameters)[?@['x-order'] > 2]").isEmpty)
        // A member that is absent equals nothing but another absent one.
        #expect(try select("\(parameters)[?@.nothing == @.nowhere]").count == 4)
        #expect(try select("\(parameters)[?@.nothing == null]").isEmpty)
        // A filter on an object tests its members' values; `@` alone, a primitive.
        #expect(try strings("$.paths[?@.delete].delete.operationId") == ["deleteUser"])
        #expect(try strings("$.paths['/users'].get.tags[?@ == 'dummy']") == ["dummy"])
        // An absolute query in a filter.
        #expect(try select("\(parameters)[?$.openapi == '3.0.3']").count == 4)
        // A filter within a filter's query (the specification's traits example).
        #expect(try strings("$.paths[?@.get.tags[?@ == 'dummy']].get.operationId") == ["listUsers"])
    }

    @Test func equalityIsRFC9535s() {
        #expect(JSONPath.equal(.number("1"), .number("1.0")))
        #expect(!JSONPath.equal(.number("1"), .string("1")))
        let ab = DocumentValue.object(DocumentObject(members: [.init(key: "a", value: .null), .init(key: "b", value: .bool(true))]))
        let ba = DocumentValue.object(DocumentObject(members: [.init(key: "b", value: .bool(true)), .init(key: "a", value: .null)]))
        #expect(JSONPath.equal(ab, ba))
        #expect(JSONPath.equal(nil, nil))
        #expect(!JSONPath.equal(nil, .null))
        #expect(JSONPath.less(.string("a"), .string("b")))
        #expect(!JSONPath.less(.bool(false), .bool(true)))
    }

    /// Each mistake names its character and, where there is one, the spelling that works.
    @Test func mistakesAreNamed() {
        #expect(failure("paths") == "at character 1: a query starts with `$`, the document's root")
        #expect(failure("") == "at character 1: the query is empty: it starts with `$`, the document's root")
        #expect(failure("$.info.x-logo")
            == "at character 8: `.x-logo`: a name after `.` is letters, digits and `_` (not starting with a digit); write `['x-logo']`")
        #expect(failure("$.paths./users/{id}")
            == "at character 9: `./users/{id}`: a name after `.` is letters, digits and `_` (not starting with a digit); write `['/users/{id}']`")
        #expect(failure("$..x-order")?.contains("write `..['x-order']`") == true)
        #expect(failure("$.paths[/users]")
            == "at character 9: `/` does not start a selector (a quoted name, `*`, an index, a slice or a filter `?…`)")
        #expect(failure("$.paths[users]") == "at character 9: `users`: a name in brackets is quoted: write `['users']`")
        #expect(failure("$.paths['/users'") == "at character 17: the query ends inside `[…]`: `]` is missing")
        #expect(failure("$.paths['/users]") == "at character 9: the string that starts here has no closing `'`")
        #expect(failure(#"$['a\q']"#)?.hasPrefix("at character 5: `\\q` is not an escape") == true)
        #expect(failure("$[01]") == "at character 3: an integer has no leading zero")
        #expect(failure("$[-0]") == "at character 3: `-0` is not an index")
        #expect(failure("$[?length(@.tags) > 1]")
            == "at character 4: the JSONPath function `length()` is not supported (comparisons, existence tests, `!`, `&&` and `||` are)")
        #expect(failure("$[?@..name == 'x']")?.contains("a comparison reads one value") == true)
        #expect(failure("$[?@.name == x]") == "at character 14: `x` is not a value: quote a string (`'x'`), or start a query with `@`")
        #expect(failure("$[?'x']") == "at character 4: a value alone is not a test: compare it (`@.in == 'query'`)")
        #expect(failure("$.a ]") == "at character 5: unexpected `]` after the query")
        #expect(failure("$.a.") == "at character 5: a name or `*` is expected after `.`")
    }
}
