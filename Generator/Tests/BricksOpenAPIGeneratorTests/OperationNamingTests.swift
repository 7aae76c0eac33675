import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// FastAPI's generated operation ids (`{function}_{path}_{method}`) named after their function.
@Suite struct OperationNamingTests {
    /// A document shaped as FastAPI writes one (pydantic titles, ids from the function, the path and the method).
    static let document = """
        openapi: 3.1.0
        info: {title: Flows, version: "1"}
        paths:
          /flows/:
            post:
              operationId: create_flow_flows__post
              responses: {"201": {description: ok}}
          /flows/{id}:
            get:
              operationId: read_flow_flows__id__get
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses: {"200": {description: ok}}
            delete:
              operationId: delete_flow_flows__id__delete
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses: {"204": {description: ok}}
          /block_types/slug/{slug}/block_documents/name/{block_document_name}:
            get:
              operationId: read_block_document_by_name_for_block_type_block_types_slug__slug__block_documents_name__block_document_name__get
              parameters:
                - {name: slug, in: path, required: true, schema: {type: string}}
                - {name: block_document_name, in: path, required: true, schema: {type: string}}
              responses: {"200": {description: ok}}
          /flows/filter:
            post:
              operationId: read_flows_flows_filter_post
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Body_read_flows_flows_filter_post'}
              responses: {"200": {description: ok}}
          /flow_runs/filter:
            post:
              operationId: read_flows_flow_runs_filter_post
              responses: {"200": {description: ok}}
          /tasks/{id}:
            get:
              operationId: read_task_tasks__id__get
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses: {"200": {description: ok}}
          /tasks/{name}/:
            get:
              operationId: read_task_tasks__name___get
              parameters: [{name: name, in: path, required: true, schema: {type: string}}]
              responses: {"200": {description: ok}}
          /health:
            get:
              operationId: health_check_health_get
              responses: {"200": {description: ok}}
          /hello:
            get:
              operationId: sayHello
              responses: {"200": {description: ok}}
        components:
          schemas:
            Body_read_flows_flows_filter_post:
              type: object
              properties: {limit: {type: integer}}
        """

    @Test func fastAPIIdsAreNamedAfterTheirFunction() throws {
        let (api, _, _) = try TestFiles.translate(Self.document)
        let names = Set(api.operations.map(\.name))
        #expect(names.contains("CreateFlow"))  // `POST /flows/`: the trailing slash is part of the id
        #expect(names.contains("ReadFlow"))
        #expect(names.contains("DeleteFlow"))
        #expect(names.contains("ReadBlockDocumentByNameForBlockType"))
        #expect(names.contains("HealthCheck"))
        #expect(names.contains("SayHello"))  // not a FastAPI id: as it is
        // Two operations with one function: with their paths' literal words; their whole ids when those are the same.
        #expect(names.contains("ReadFlowsFlowsFilter"))
        #expect(names.contains("ReadFlowsFlowRunsFilter"))
        #expect(names.contains("ReadTaskTasksIdGet"))
        #expect(names.contains("ReadTaskTasksNameGet"))
        // FastAPI's `Body_<operation id>` schema takes the operation's name.
        #expect(api.model("ReadFlowsFlowsFilterBody") != nil)
        #expect(api.operation("ReadFlowsFlowsFilter")?.body == .json(.named("ReadFlowsFlowsFilterBody")))
    }

    @Test func configuredNamesWin() throws {
        let configuration = GeneratorConfiguration(names: ["read_flow_flows__id__get": "GetFlow"])
        let (api, _, _) = try TestFiles.translate(Self.document, configuration)
        #expect(api.operation("GetFlow")?.path == "/flows/{id}")
        #expect(api.operation("ReadFlow") == nil)
    }

    @Test func theFunctionIsRecognisedExactly() {
        func function(_ id: String, _ path: String, _ method: String) -> String? {
            OperationNaming.fastAPIFunction(.init(operationId: id, path: path, method: method))
        }
        #expect(function("read_flow_flows__id__get", "/flows/{id}", "GET") == "read_flow")
        #expect(function("read_flow_flows__id__get", "/flows/{id}", "POST") == nil)
        #expect(function("flows__id__get", "/flows/{id}", "GET") == nil)  // nothing before the path
        #expect(function("list-things", "/things", "GET") == nil)
    }
}

/// Inline types that several operations or models use get a top-level name of their own.
@Suite struct SharedTypesTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Flows, version: "1"}
        paths:
          /deployments:
            post:
              operationId: createDeployment
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        labels: {type: object, additionalProperties: {anyOf: [{type: string}, {type: integer}]}}
                        schedule: {title: Schedule Window, type: object, properties: {cron: {type: string}}}
              responses: {"200": {description: ok}}
          /flows:
            post:
              operationId: createFlow
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        labels: {type: object, additionalProperties: {anyOf: [{type: string}, {type: integer}]}}
                        window: {title: Schedule Window, type: object, properties: {cron: {type: string}}}
                        own: {type: object, properties: {only: {type: string}}}
              responses: {"200": {description: ok}}
        """

    @Test func sharedInlineTypesAreTopLevel() throws {
        let (api, _, _) = try TestFiles.translate(Self.document)
        #expect(api.model("LabelsValue") != nil)
        #expect(api.model("ScheduleWindow") != nil)  // from the schema's title
        guard case .structure(let flowBody)? = api.operation("CreateFlow")?.nested.first(where: { $0.name == "Body" }),
            case .structure(let deploymentBody)? = api.operation("CreateDeployment")?.nested.first(where: { $0.name == "Body" })
        else {
            Issue.record("no bodies")
            return
        }
        #expect(flowBody.properties.first { $0.key == "labels" }?.type == .optional(.dictionary(.named("LabelsValue"))))
        #expect(deploymentBody.properties.first { $0.key == "labels" }?.type == .optional(.dictionary(.named("LabelsValue"))))
        #expect(flowBody.properties.first { $0.key == "window" }?.type == .optional(.named("ScheduleWindow")))
        #expect(deploymentBody.nested.map(\.name).isEmpty)
        // A type only one operation uses stays inside it.
        #expect(flowBody.nested.map(\.name) == ["Own"])
    }
}
