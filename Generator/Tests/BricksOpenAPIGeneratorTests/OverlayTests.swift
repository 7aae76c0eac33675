import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// OpenAPI Overlays (issue 55): the shapes of the specification's own examples, the refusal of a
/// target that matches nothing, malformed overlays, and a required member made nullable.
@Suite struct OverlayTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Pets, version: "1"}
        paths:
          /foo:
            get: {description: old, tags: [pets, dummy], parameters: [{name: filter, in: query}, {name: dummy, in: query}]}
          /bar:
            get: {description: old, x-internal: true}
            delete: {description: gone}
        components:
          schemas:
            Pet: {type: object, properties: {photo: {type: string, format: uri}, owner: {type: object, properties: {avatar: {type: string, format: uri}}}}}
        """

    private func tree(_ yaml: String) throws -> DocumentValue { try SpecLoader.parse(Data(yaml.utf8)) }

    private func overlay(_ actions: String, version: String = "1.0.0", file: String = "fixes.yaml") throws -> Overlay {
        try Overlay(Data("overlay: \(version)\ninfo: {title: Fixes, version: 1.0.0}\nactions:\n\(actions)".utf8), file: file)
    }

    /// The document after the actions, and their reports.
    private func applying(_ actions: String, version: String = "1.0.0", to document: String = Self.document) throws
        -> (DocumentValue, [OverlayActionReport])
    {
        var result = try tree(document)
        let reports = try overlay(actions, version: version).apply(to: &result)
        return (result, reports)
    }

    private func failure(_ actions: String, version: String = "1.0.0") -> String? {
        do {
            _ = try applying(actions, version: version)
            return nil
        } catch {
            return (error as? GeneratorError)?.description ?? "\(error)"
        }
    }

    private func value(_ tree: DocumentValue, _ query: String) throws -> [DocumentValue] {
        try JSONPath(query).select(in: tree).map(\.value)
    }

    // MARK: - The specification's examples

    @Test func anUpdateMergesIntoTheInfo() throws {
        let (result, reports) = try applying("""
              - target: $.info
                update: {title: 'Pets, fixed', x-overlay-applied: structured}
            """)
        #expect(try value(result, "$.info") == [try tree(#"{"title": "Pets, fixed", "version": "1", "x-overlay-applied": "structured"}"#)])
        #expect(reports == [OverlayActionReport(file: "fixes.yaml", position: 0, target: "$.info", actionDescription: nil, change: "update", matched: 1)])
        #expect(reports.first?.description == "fixes.yaml #/actions/0: update matched 1 node: $.info")
    }

    /// The structured example: one update at the root that mirrors the document, merged recursively.
    @Test func aStructuredUpdateMergesRecursively() throws {
        let (result, _) = try applying("""
              - target: $
                update:
                  info: {x-overlay-applied: structured-overlay}
                  paths:
                    /foo: {get: {description: new, x-rate-limit: 100, tags: [more]}}
                    /new: {summary: added}
            """)
        #expect(try value(result, "$.info['x-overlay-applied']") == [.string("structured-overlay")])
        #expect(try value(result, "$.paths['/foo'].get.description") == [.string("new")])
        #expect(try value(result, "$.paths['/foo'].get['x-rate-limit']") == [.number("100")])
        #expect(try value(result, "$.paths['/foo'].get.tags") == [try tree("[pets, dummy, more]")])
        #expect(try value(result, "$.paths['/foo'].get.parameters[*].name") == [.string("filter"), .string("dummy")])
        #expect(result.value(at: ["paths"])?.object?.keys == ["/foo", "/bar", "/new"])
    }

    /// The targeted example: a primitive replaced, an object merged.
    @Test func targetedUpdates() throws {
        let (result, reports) = try applying("""
              - target: $.paths['/foo'].get.description
                update: This is the new description
              - target: $.paths['/bar']
                update: {post: {description: a child object, x-safe: false}}
            """)
        #expect(try value(result, "$.paths['/foo'].get.description") == [.string("This is the new description")])
        #expect(try value(result, "$.paths['/bar'].post['x-safe']") == [.bool(false)])
        #expect(reports.map(\.matched) == [1, 1])
    }

    /// The wildcard example: every `get`, and a parameter found by a filter.
    @Test func anUpdateThroughAWildcard() throws {
        let (result, reports) = try applying("""
              - target: $.paths.*.get
                update: {x-safe: true}
              - target: $.paths.*.get.parameters[?@.name=='filter' && @.in=='query']
                update: {schema: {$ref: '#/components/schemas/filterSchema'}}
            """)
        #expect(try value(result, "$.paths.*.get['x-safe']") == [.bool(true), .bool(true)])
        #expect(try value(result, "$..parameters[0].schema['$ref']") == [.string("#/components/schemas/filterSchema")])
        #expect(reports.map(\.matched) == [2, 1])
    }

    /// Arrays: an object appended, an array's elements appended; elements removed by a filter,
    /// primitives too (1.1's example).
    @Test func arrays() throws {
        let (result, _) = try applying("""
              - target: $.paths.*.get.parameters
                update: {name: newParam, in: query}
              - target: $.paths['/foo'].get.tags
                update: [cats, dogs]
              - target: $.paths.*.get.parameters[?@.name == 'dummy']
                remove: true
              - target: $.paths.*.get.tags[?@ == 'dummy']
                remove: true
            """)
        #expect(try value(result, "$.paths['/foo'].get.parameters[*].name") == [.string("filter"), .string("newParam")])
        #expect(try value(result, "$.paths['/foo'].get.tags") == [try tree("[pets, cats, dogs]")])
    }

    /// A path's operation removed by a filter; several elements of one array at once.
    @Test func removeByFilter() throws {
        let (result, reports) = try applying("""
              - target: $.paths[?@.get['x-internal'] == true].get
                description: internal operations are not generated
                remove: true
              - target: $.paths['/foo'].get.parameters[*]
                remove: true
            """)
        #expect(result.value(at: ["paths", "/bar"])?.object?.keys == ["delete"])
        #expect(try value(result, "$.paths['/foo'].get.parameters") == [.array([])])
        #expect(reports.map(\.matched) == [1, 2])
        #expect(reports.first?.actionDescription == "internal operations are not generated")
    }

    /// A descendant query: every member of a URI format, wherever it is, made nullable.
    @Test func anUpdateThroughDescendants() throws {
        let (result, reports) = try applying("""
              - target: $..[?@.format == 'uri']
                update: {nullable: true}
            """)
        #expect(try value(result, "$..[?@.format == 'uri'].nullable") == [.bool(true), .bool(true)])
        #expect(reports.first?.matched == 2)
    }

    /// 1.1's `copy`, and its move example (update, copy, remove).
    @Test func copyAndMove() throws {
        let (result, reports) = try applying("""
              - target: $.paths
                update: {/new-bar: {}}
              - target: $.paths['/new-bar']
                copy: $.paths['/bar']
              - target: $.paths['/bar']
                remove: true
            """, version: "1.1.0")
        #expect(result.value(at: ["paths"])?.object?.keys == ["/foo", "/new-bar"])
        #expect(try value(result, "$.paths['/new-bar'].delete.description") == [.string("gone")])
        #expect(reports.map(\.change) == ["update", "copy", "remove"])
        #expect(failure("  - {target: $.info, copy: $.paths}") == "error: fixes.yaml #/actions/0/copy: `copy` is Overlay 1.1's: declare `overlay: 1.1.0`")
        #expect(failure("  - {target: $.info, copy: $.paths.*}", version: "1.1.0")
            == "error: fixes.yaml #/actions/0/copy: the copy source `$.paths.*` selects 2 nodes; it must select exactly one")
    }

    // MARK: - Refusals

    /// A target that matches nothing stops the generation, naming it, its description, how far it
    /// still matches and the nearest name: an upstream change must not undo a fix silently.
    @Test func anUnmatchedTargetIsRefusedWithItsName() {
        #expect(failure("""
              - target: $.components.schemas.Pet.properties.avatr
                description: avatar is null
                update: {nullable: true}
            """) == "error: fixes.yaml #/actions/0/target: the target `$.components.schemas.Pet.properties.avatr` "
            + "(the action \"avatar is null\") matches nothing in the document (an overlay's action must match, so that a fix "
            + "does not stop applying without a word: the document changed, or the query is wrong); "
            + "`$.components.schemas.Pet.properties` matches 1 node, but not `.avatr` in it")
        #expect(failure("  - {target: $.compnents.schemas, remove: true}")?.contains(
            "; `$` matches 1 node, but not `.compnents` in it; did you mean `components`?") == true)
        #expect(failure(#"  - {target: "$.paths[?@.get.operationId == 'gone']", remove: true}"#)?.contains(
            "`$.paths` matches 1 node, but not `[?@.get.operationId == 'gone']` in it") == true)
        #expect(failure("  - {target: $.components.schemas.Pett, remove: true}")?.contains("; did you mean `Pet`?") == true)
        // An action sees what the ones before did: a removed node no longer matches.
        #expect(failure("  - {target: $.info, remove: true}\n  - {target: $.info.title, update: x}")?
            .hasPrefix("error: fixes.yaml #/actions/1/target: the target `$.info.title` matches nothing") == true)
    }

    @Test func malformedOverlaysAreRefused() {
        func reading(_ text: String) -> String? {
            do {
                _ = try Overlay(Data(text.utf8), file: "o.yaml")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(reading("openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}")
            == "error: o.yaml #: this is an OpenAPI document, not an overlay: give the document as the argument and the overlay with --overlay")
        #expect(reading("info: {title: T, version: '1'}\nactions: []") == "error: o.yaml #/overlay: the overlay has no `overlay` version (such as `overlay: 1.0.0`)")
        #expect(reading("overlay: 2.0.0\ninfo: {title: T, version: '1'}") == "error: o.yaml #/overlay: Overlay 2.0.0 is not supported (1.0.x and 1.1.x are)")
        #expect(reading("overlay: 1.0.0\nactions: []") == "error: o.yaml #/info: the overlay has no `info` object (`info: {title: …, version: …}`)")
        #expect(reading("overlay: 1.0.0\ninfo: {version: '1'}") == "error: o.yaml #/info/title: `info` needs a `title` (text)")
        #expect(reading("overlay: 1.0.0\ninfo: {title: T, version: '1'}\nactions: []")
            == "error: o.yaml #/actions: the overlay needs `actions`: a list of at least one `{target, update | remove | copy}`")
        #expect(reading("overlay: 1.0.0\ninfo: {title: T, version: '1'}\nactions: [{targets: $.info, remove: true}]")
            == "error: o.yaml #/actions/0/targets: unknown field `targets`; the fields here are target, description, update, remove, copy (and `x-` extensions)")
        #expect(reading("overlay: 1.0.0\ninfo: {title: T, version: '1', x-by: me}\nx-tool: 1\nactions: [{target: $.info, description: d}]")
            == "error: o.yaml #/actions/0: the action `$.info` does nothing: give it `update`, `remove: true` or `copy`")
        #expect(reading("overlay: 1.0.0\ninfo: {title: T, version: '1'}\nactions: [{target: $.info, remove: true, update: {}}]")
            == "error: o.yaml #/actions/0: the action `$.info` has more than one of `update`, `remove: true` and `copy`: split it into one action each, in the order they apply")
        #expect(reading("overlay: 1.0.0\ninfo: {title: T, version: '1'}\nactions: [{target: $.info.x-logo, remove: true}]")
            == "error: o.yaml #/actions/0/target: `$.info.x-logo` is not a JSONPath query (RFC 9535): at character 8: `.x-logo`: "
            + "a name after `.` is letters, digits and `_` (not starting with a digit); write `['x-logo']`")
        #expect(reading("overlay: 1.0.0\ninfo: {title: T, version: '1'}\nactions: [{target: $.info, remove: yes}]")
            == "error: o.yaml #/actions/0/remove: `remove` is `true` or `false`")
        #expect(reading("{\"overlay\": \"1.0.0\", \"info\": {\"title\": \"T\", \"version\": \"1\"}, \"actions\": [{\"target\": \"$.info\", \"remove\": true}]}") == nil)
        #expect(reading("overlay: [") != nil)
    }

    /// An update that cannot merge into what it selects, and a remove of the root.
    @Test func incompatibleChangesAreRefused() {
        #expect(failure("  - {target: $.info.title, update: {text: x}}")
            == "error: fixes.yaml #/actions/0/update: cannot merge an object into a primitive at $['info']['title'] (objects merge "
            + "into objects, arrays into arrays, a primitive replaces a primitive): remove the node first with an action `remove: true`, "
            + "then add it with `update`")
        #expect(failure("  - {target: $.components.schemas.Pet.properties.photo, update: {type: [string, 'null']}}")?
            .contains("cannot merge an array into a primitive at $['components']['schemas']['Pet']['properties']['photo']['type']") == true)
        #expect(failure("  - {target: '$..[?@.format == \"uri\" || @.type == \"string\"].type', update: {a: 1}}") != nil)
        #expect(failure("  - {target: '$.paths[\"/foo\"].get[\"description\", \"tags\"]', update: x}")?
            .contains("the target selects nodes of different kinds") == true)
        #expect(failure("  - {target: $, remove: true}") == "error: fixes.yaml #/actions/0/target: `$` selects the document's root, which cannot be removed")
    }

    // MARK: - Through the generator

    /// Label Studio's `avatar`: a required string the server sends as null. Without the overlay
    /// the model's member is a `String`; with it, a `String?` that decodes null.
    @Test func aRequiredMemberMadeNullable() throws {
        let document = try TestFiles.spec("avatars.yaml")
        let fix = try Overlay(try TestFiles.spec("avatars.overlay.yaml"), file: "avatars.overlay.yaml")
        func model(_ result: GenerationResult) throws -> String {
            try #require(result.files.first { $0.path.hasPrefix("Models/") }).contents
        }
        let plain = try model(try BricksOpenAPIGenerator.generate(from: document))
        #expect(plain.contains("public var avatar: Swift.String\n"))
        let result = try BricksOpenAPIGenerator.generate(from: document, overlays: [fix])
        #expect(try model(result).contains("public var avatar: Swift.String?\n"))
        #expect(result.overlayActions.map(\.matched) == [1])
        #expect(result.summaryLine.contains("; overlays: 1 action matched 1 node"))
    }

    /// 3.1's spelling of the same fix: the `type` removed, then written again with `null`.
    @Test func aTypeReplacedInTwoActions() throws {
        let document = TestFiles.document(
            schemas: "    User: {type: object, required: [avatar], properties: {avatar: {type: string}}}",
            paths: ##"{"/u": {"get": {"operationId": "u", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/User"}}}}}}}}"##)
        let fix = try overlay("""
              - {target: $.components.schemas.User.properties.avatar.type, remove: true}
              - {target: $.components.schemas.User.properties.avatar, update: {type: [string, 'null']}}
            """)
        let result = try BricksOpenAPIGenerator.generate(from: Data(document.utf8), overlays: [fix])
        let models = try #require(result.files.first { $0.path.hasPrefix("Models/") }).contents
        #expect(models.contains("public var avatar: Swift.String?\n"))
    }

    /// Several overlays apply in order, each to the result of the one before.
    @Test func overlaysApplyInOrder() throws {
        let first = try overlay("  - {target: $.info, update: {x-step: 1}}", file: "first.yaml")
        let second = try overlay("  - {target: \"$.info['x-step']\", update: 2}", file: "second.yaml")
        let loaded = try SpecLoader.load(try TestFiles.spec("avatars.yaml"), overlays: [first, second])
        #expect(loaded.overlayActions.map(\.file) == ["first.yaml", "second.yaml"])
        #expect(loaded.tree.value(at: ["info", "x-step"]) == .number("2"))
        #expect(throws: GeneratorError.self) { try SpecLoader.load(try TestFiles.spec("avatars.yaml"), overlays: [second, first]) }
    }

    /// The configuration's `overlays` are read by the caller: a configuration that names some,
    /// given none, is refused rather than generating from the unfixed document.
    @Test func theConfigurationsOverlaysMustBeGiven() throws {
        let configuration = try GeneratorConfiguration.load(Data("overlays: [avatars.overlay.yaml]".utf8), file: "c.yaml")
        #expect(configuration.overlays == ["avatars.overlay.yaml"])
        #expect(throws: GeneratorError.self) { try BricksOpenAPIGenerator.generate(from: try TestFiles.spec("avatars.yaml"), configuration: configuration) }
    }
}
