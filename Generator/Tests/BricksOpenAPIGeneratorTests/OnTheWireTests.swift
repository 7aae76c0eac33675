import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// What a FastAPI server showed that no example could (issue 41): the generated text. The runtime
/// side (what is sent, how a reply is read) is Tests/Runtime/FlowsTests.swift, on the same spec.
@Suite struct OnTheWireTests {
    private func file(_ result: GenerationResult, _ suffix: String) throws -> String {
        try #require(result.files.first { $0.path.hasSuffix(suffix) }).contents
    }

    @Test func aTrailingSlashIsAnEmptyLastSegment() throws {
        let result = try TestFiles.generate("flows.yaml")
        let operations = try file(result, "Operations/Flows.swift")
        #expect(operations.contains(#"var pathSegments: [Swift.String] { ["flows", ""] }"#))
        #expect(operations.contains(#"var pathSegments: [Swift.String] { ["flows", flowId] }"#))
    }

    @Test func datesAreWrittenWithTheirFractionalSeconds() throws {
        let api = try file(try TestFiles.generate("flows.yaml"), "FlowsAPI.swift")
        #expect(!api.contains("dateEncodingStrategy = .iso8601"))
        #expect(api.contains("encoder.dateEncodingStrategy = .custom { date, encoder in"))
        #expect(api.contains("var micro = ((seconds - whole) * 1_000_000).rounded()"))
    }

    @Test func theErrorTypeIsReadOnlyForTheStatusesThatDeclareIt() throws {
        let api = try file(try TestFiles.generate("flows.yaml"), "FlowsAPI.swift")
        #expect(api.contains("guard [422].contains(statusCode) else {"))
        // Every member optional: a body must hold one of them.
        #expect(api.contains(#"guard members.keys.contains(where: ["detail"].contains) else {"#))
        // A `default` error reply declares it for every status; required members need no check.
        let petstore = try file(try TestFiles.generate("petstore-3.0.yaml"), "SwaggerPetstoreAPI.swift")
        #expect(petstore.contains("throws -> SwaggerPetstoreError {\n        try SwaggerPetstoreCoding.decoder"))
    }

    @Test func rangesOfStatusesAreDeclaredToo() throws {
        let text = TestFiles.document(
            schemas: "    Oops: {type: object, required: [message], properties: {message: {type: string}}}",
            paths: """
                {"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok"},
                  "4XX": {"description": "e", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Oops"}}}},
                  "503": {"description": "e", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Oops"}}}}}}}}
                """)
        let (api, _, _) = try TestFiles.translate(text)
        #expect(api.errorType == "Oops")
        #expect(api.errorStatuses == [.code(503), .range(4)])
        #expect(api.errorMemberKeys.isEmpty)
        let rendered = APIRenderer(api: api, usesJSONValue: false, usesIndirect: false, usesOrEmpty: false).protocolFile(withCoding: true)
        #expect(rendered.contains("guard [503].contains(statusCode) || (400..<500).contains(statusCode) else {"))
    }
}
