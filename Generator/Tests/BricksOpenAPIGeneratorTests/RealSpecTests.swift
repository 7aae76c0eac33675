import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// GitHub's and Stripe's descriptions (copies in `Generator/Specs`, with their licences).
@Suite(.serialized) struct RealSpecTests {
    static func generate(_ name: String, _ api: String) throws -> GenerationResult {
        let data = try Data(contentsOf: TestFiles.packageSpecs.appendingPathComponent(name))
        return try BricksOpenAPIGenerator.generate(from: data, configuration: GeneratorConfiguration(name: api, accessLevel: .internal))
    }

    @Test func gitHub() throws {
        let result = try Self.generate("github-api.json", "GitHub")
        #expect(result.summary.operationsGenerated == 874)
        #expect(result.summary.skippedOperations.isEmpty)
        #expect(result.summary.schemasGenerated == 351)
        let all = result.files.map(\.contents).joined()
        #expect(all.contains("protocol GitHubAPI: Bricks.BaseURLRequestType where APIError == BasicError {}"))
        #expect(all.contains("struct IssuesListForRepo: GitHubAPI, Bricks.GETRequestType, Bricks.LinkHeaderPaginatedRequestType, Bricks.JSONResponseType, Swift.Sendable {"))
        for file in result.files { #expect(file.contents.count(of: "\n") <= 5_000, "\(file.path)") }
        // A required property whose component is nullable is optional (`assignee: nullable-simple-user`).
        #expect(all.contains("var assignee: NullableSimpleUser? {\n        get { _assignee.wrappedValue }"))
        #expect(all.contains("private var _assignee: Indirect<NullableSimpleUser?> = Indirect(wrappedValue: nil)"))
    }

    @Test func stripe() throws {
        let data = try Data(contentsOf: TestFiles.packageSpecs.appendingPathComponent("stripe-api.yaml"))
        let result = try BricksOpenAPIGenerator.generate(
            from: data, configuration: GeneratorConfiguration(name: "Stripe", accessLevel: .public))
        #expect(result.summary.operationsGenerated == 468)
        #expect(result.summary.skippedOperations.isEmpty)
        #expect(result.summary.schemasGenerated == 819)
        let all = result.files.map(\.contents).joined()
        #expect(all.contains("struct GetCustomers: StripeAPI, Bricks.GETRequestType, Bricks.CursorPaginatedRequestType, Bricks.JSONResponseType, Swift.Sendable {"))
        #expect(all.contains("var cursorParameter: Swift.String { \"starting_after\" }"))
        #expect(all.contains("protocol StripeAPI: Bricks.BaseURLRequestType where APIError == StripeError {}"))
        for file in result.files { #expect(file.contents.count(of: "\n") <= 5_000, "\(file.path)") }
        // Identical inline schemas are declared once: `created` ranges, addresses…, a top-level type
        // when several operations use them. At most a quarter of swift-openapi-generator's 371,285
        // lines (Benchmarks.md), public initialisers included.
        #expect(all.contains("public var created: Created? = nil"))
        #expect(!all.contains("GetApplicationFees.Created"))
        #expect(all.count(of: "\n") <= 371_285 / 4)
    }
}
