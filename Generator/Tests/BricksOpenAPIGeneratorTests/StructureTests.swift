import Testing
@testable import BricksOpenAPIGenerator

/// The generator's shared helpers: the walk over the declarations, unique names, line packing,
/// and the renderer's spelling of the model's values.
@Suite struct StructureTests {
    @Test func uniqueNamesKeepEachSuffixStyle() {
        var numbers = UniqueNames(["names"])
        #expect(["a", "a", "a", "names"].map { numbers.claim($0) } == ["a", "a2", "a3", "names2"])
        var ids = UniqueNames(suffix: .number(separator: "_"))
        #expect(["get", "get", "get"].map { ids.claim($0) } == ["get", "get_2", "get_3"])
        var nested = UniqueNames(suffix: .word("Value"))
        #expect(nested.claim("Item") == "Item")
        #expect(nested.claim("Item") == "ItemValue")
        #expect(nested.claim("Item") == "ItemValue2")
        #expect(nested.claim("Owner") { $0 == "Owner" } == "OwnerValue")
        nested.release("Item")
        #expect(nested.claim("Item") == "Item")
        var files = UniqueNames(ignoringCase: true)
        #expect(files.claim("Models") == "Models")
        #expect(files.claim("models", suffix: .word("Operations")) == "modelsOperations")
        #expect(files.names == ["models", "modelsoperations"])
    }

    @Test func packedLinesHoldWhatFits() {
        var writer = CodeWriter()
        writer.block("enum CodingKeys: String, CodingKey") { writer in
            writer.packed(["aaaa", "bbbb", "cccc", "dddddddddddd"], separator: ", ", width: 10, prefix: "case ")
        }
        #expect(writer.lines == ["enum CodingKeys: String, CodingKey {", "    case aaaa, bbbb", "    case cccc", "    case dddddddddddd", "}"])
    }

    @Test func theWalkQualifiesNestedNamesAndRewritesThem() {
        let leaf = TypeDecl.stringEnum(StringEnumDecl(name: "State", doc: nil, cases: []))
        let inner = TypeDecl.structure(StructDecl(
            name: "Owner", properties: [PropertyDecl(name: "next", key: "next", type: .named("Owner"))], nested: [leaf]))
        let outer = TypeDecl.oneOf(OneOfDecl(name: "Repo", cases: [.init(name: "owner", type: .named("Owner"))], nested: [inner]))
        var names: [String] = []
        TypeWalker.forEach([outer], in: "List") { _, name in names.append(name) }
        #expect(names == ["List.Repo", "List.Repo.Owner", "List.Repo.Owner.State"])
        #expect(outer.mentions("Owner") && !leaf.mentions("Owner") && !outer.hasIndirect)
        #expect(TypeWalker.resolve("Owner", from: "List.Repo.Owner.State") { names.contains($0) } == "List.Repo.Owner")
        let boxed = TypeWalker.map([outer]) { decl, name in
            decl.withIndirection(boxing: { _ in name == "Repo.Owner" }, indirect: name == "Repo")
        }
        #expect(boxed.first?.hasIndirect == true)
        guard case .oneOf(let repo)? = boxed.first else {
            Issue.record("not a one-of")
            return
        }
        #expect(repo.isIndirect)
    }

    @Test func theRendererSpellsTheModelsValues() {
        #expect(ModelRenderer.literal(.bool(true)) == "true")
        #expect(ModelRenderer.literal(.integer(3)) == "3")
        #expect(ModelRenderer.literal(.number(1.5)) == "1.5")
        #expect(ModelRenderer.literal(.string("a\"b")) == "\"a\\\"b\"")
        #expect(ModelRenderer.literal(.enumValue(type: "Mode", rawValue: "fast")) == "Mode(rawValue: \"fast\")")
        #expect(OperationRenderer.expression(.property("next")) == "response.next")
        #expect(
            OperationRenderer.expression(
                .lastItem(
                    hasMore: "hasMore", hasMoreIsOptional: true, list: "data", listIsOptional: false, itemIsOptional: false,
                    identifier: "id"))
                == "response.hasMore == true ? response.data.last?.id : nil")
        // Items that admit null (`[Item?]`): the last is an `Item??`.
        #expect(
            OperationRenderer.expression(
                .lastItem(
                    hasMore: "hasMore", hasMoreIsOptional: false, list: "data", listIsOptional: true, itemIsOptional: true,
                    identifier: "id"))
                == "response.hasMore ? (response.data?.last ?? nil)?.id : nil")
    }
}
