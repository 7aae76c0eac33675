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

/// drf-spectacular's ids (`{path words}_{action}`) named by their action and resource, the
/// prefix most paths share (`/api`) left out.
@Suite struct DjangoOperationNamingTests {
    /// A document shaped as drf-spectacular writes one for a project whose routes are not all under `/api`.
    static let document = """
        openapi: 3.0.3
        info: {title: Label Studio API, version: "1"}
        paths:
          /api/projects/:
            get: {operationId: api_projects_list, responses: {"200": {description: ok}}}
            post: {operationId: api_projects_create, responses: {"201": {description: ok}}}
          /api/projects/{id}/:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            get: {operationId: api_projects_retrieve, responses: {"200": {description: ok}}}
            put: {operationId: api_projects_update, responses: {"200": {description: ok}}}
            patch: {operationId: api_projects_partial_update, responses: {"200": {description: ok}}}
            delete: {operationId: api_projects_destroy, responses: {"204": {description: ok}}}
          /api/projects/{id}/members/:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            get: {operationId: api_projects_members_list, responses: {"200": {description: ok}}}
          /api/projects/{id}/members/{user_id}/:
            parameters:
              - {name: id, in: path, required: true, schema: {type: integer}}
              - {name: user_id, in: path, required: true, schema: {type: integer}}
            get: {operationId: api_projects_members_retrieve, responses: {"200": {description: ok}}}
          /api/annotation-history/:
            get: {operationId: api_annotation_history_list, responses: {"200": {description: ok}}}
          /api/status/:
            get: {operationId: api_status_retrieve, responses: {"200": {description: ok}}}
          /api/token/blacklist/:
            post: {operationId: api_token_blacklist_create, responses: {"204": {description: ok}}}
          /data/upload/{filename}:
            parameters: [{name: filename, in: path, required: true, schema: {type: string}}]
            get: {operationId: data_upload_retrieve, responses: {"200": {description: ok}}}
          /api/tasks/:
            get: {operationId: listTasks, responses: {"200": {description: ok}}}
        """

    @Test func djangoIdsAreNamedByTheirActionAndResource() throws {
        let (api, _, _) = try TestFiles.translate(Self.document)
        func name(_ id: String) -> String? { api.operations.first { $0.operationId == id }?.name }
        #expect(name("api_projects_list") == "ListProjects")
        #expect(name("api_projects_create") == "CreateProject")
        #expect(name("api_projects_retrieve") == "GetProject")
        #expect(name("api_projects_update") == "ReplaceProject")
        #expect(name("api_projects_partial_update") == "UpdateProject")
        #expect(name("api_projects_destroy") == "DeleteProject")
        #expect(name("api_projects_members_list") == "ListProjectMembers")
        #expect(name("api_projects_members_retrieve") == "GetProjectMember")
        #expect(name("api_annotation_history_list") == "ListAnnotationHistory")
        #expect(name("api_status_retrieve") == "GetStatus")
        #expect(name("api_token_blacklist_create") == "CreateTokenBlacklist")
        #expect(name("data_upload_retrieve") == "GetDataUpload")  // not under the prefix: all its words
        #expect(name("listTasks") == "ListTasks")  // not a Django id: as it is
    }

    @Test func theIdIsRecognisedExactly() {
        func id(_ id: String, _ path: String, _ method: String) -> OperationNaming.DjangoId? {
            OperationNaming.djangoId(.init(operationId: id, path: path, method: method))
        }
        #expect(id("api_projects_partial_update", "/api/projects/{id}/", "PATCH") == .init(segments: ["api", "projects"], action: "partial_update"))
        // drf-spectacular may leave a prefix common to all paths out of the id.
        #expect(id("projects_list", "/api/v1/projects/", "GET") == .init(segments: ["projects"], action: "list"))
        #expect(id("api_projects_partial_update", "/api/projects/{id}/", "PUT") == nil)  // PUT is `update`
        #expect(id("api_projects_list", "/api/tasks/", "GET") == nil)  // another path
        #expect(id("list", "/", "GET") == nil)
    }

    @Test func aPrefixThatNamesAResourceStays() throws {
        // `projects` is followed by a parameter: a resource, not a prefix, although every path starts with it.
        let document = """
            openapi: 3.0.3
            info: {title: P, version: "1"}
            paths:
              /projects/:
                get: {operationId: projects_list, responses: {"200": {description: ok}}}
              /projects/{id}/tasks/:
                parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
                get: {operationId: projects_tasks_list, responses: {"200": {description: ok}}}
            """
        let (api, _, _) = try TestFiles.translate(document)
        #expect(Set(api.operations.map(\.name)) == ["ListProjects", "ListProjectTasks"])
    }
}

/// Django REST framework's pages and token credentials, as drf-spectacular writes them.
@Suite struct DjangoShapeTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Label Studio API, version: "1"}
        paths:
          /api/projects/:
            get:
              operationId: api_projects_list
              parameters: [{name: page, in: query, schema: {type: integer}}]
              responses:
                "200":
                  description: ok
                  content: {application/json: {schema: {$ref: '#/components/schemas/PaginatedProjectList'}}}
        components:
          schemas:
            PaginatedProjectList:
              type: object
              required: [count, results]
              properties:
                count: {type: integer}
                next: {type: string, format: uri, nullable: true}
                previous: {type: string, format: uri, nullable: true}
                results: {type: array, items: {$ref: '#/components/schemas/Project'}}
            Project: {type: object, properties: {id: {type: integer}}}
          securitySchemes:
            Token: {type: apiKey, in: header, name: Authorization, description: 'Token-based authentication with required prefix "Token"'}
        security: [{Token: []}]
        """

    @Test func pagesWithANextLinkArePagedByIt() throws {
        let (api, _, _) = try TestFiles.translate(Self.document)
        #expect(api.operations.first { $0.operationId == "api_projects_list" }?.pagination == .bodyLink(property: "next"))
        let source = try BricksOpenAPIGenerator.generate(from: Data(Self.document.utf8), configuration: GeneratorConfiguration())
            .files.map(\.contents).joined()
        #expect(source.contains("Bricks.BodyLinkPaginatedRequestType"))
        #expect(source.contains("func nextPageLink(in response: Response) -> Swift.String? { response.next }"))
    }

    @Test func theCallerPassesTheTokenAndTheCredentialsWriteThePrefix() throws {
        let (api, _, _) = try TestFiles.translate(Self.document)
        #expect(api.credentials == [.token(prefix: "Token", function: "token")])
        #expect(api.secretHeaderNames == ["Authorization"])
        let source = try BricksOpenAPIGenerator.generate(from: Data(Self.document.utf8), configuration: GeneratorConfiguration())
            .files.map(\.contents).joined()
        #expect(source.contains(#"static func token(_ token: Swift.String) -> LabelStudioCredentials { LabelStudioCredentials(name: "Authorization", value: "Token " + token) }"#))
    }

    @Test func thePrefixIsReadWhereDocumentsStateIt() {
        #expect(APITranslator.authorizationPrefix(scheme: "tokenAuth", description: #"Token-based authentication with required prefix "Token""#) == "Token")
        #expect(APITranslator.authorizationPrefix(scheme: "Key", description: "curl -H \"Authorization: Token <your-token>\" …") == "Token")
        #expect(APITranslator.authorizationPrefix(scheme: "Bearer", description: nil) == "Bearer")
        #expect(APITranslator.authorizationPrefix(scheme: "ApiKeyAuth", description: "Your API key.") == nil)  // the header's whole value, as before
    }
}

/// A shared type named after what its users have in common, not after the first of them.
@Suite struct SharedTypeNameTests {
    @Test func theWordsAllOwnersShareNameIt() {
        #expect(SharedTypes.commonName(of: ["UpdateAnnotation", "CreateTaskAnnotation"]) == "Annotation")
        #expect(SharedTypes.commonName(of: ["GistsCreateComment", "GistsUpdateComment"]) == "GistsComment")
        #expect(SharedTypes.commonName(of: ["CreateDmView", "ReplaceDmView", "UpdateDmView"]) == "DmView")
        #expect(SharedTypes.commonName(of: ["CreateTask", "CreateTaskAnnotation"]) == "CreateTask")  // never more words than the shortest
        #expect(SharedTypes.commonName(of: ["ListPets", "CreateOrder"]) == nil)
        #expect(SharedTypes.commonName(of: ["CreateTask"]) == nil)
    }

    @Test func identicalBodiesWithANestedObjectAreOneTypeNamedByTheirUsers() throws {
        // Label Studio's Data Manager views: one body for POST, PUT and PATCH, an object inside.
        let body = "{type: object, properties: {data: {type: object, properties: {filters: {type: object, properties: {conjunction: {type: string}}}}}, project: {type: integer}}}"
        let document = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /api/dm/views/:
                post: {operationId: api_dm_views_create, requestBody: {content: {application/json: {schema: \(body)}}}, responses: {"201": {description: ok}}}
              /api/dm/views/{id}/:
                parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
                put: {operationId: api_dm_views_update, requestBody: {content: {application/json: {schema: \(body)}}}, responses: {"200": {description: ok}}}
                patch: {operationId: api_dm_views_partial_update, requestBody: {content: {application/json: {schema: \(body)}}}, responses: {"200": {description: ok}}}
            """
        let (api, _, _) = try TestFiles.translate(document)
        // Every path starts with `/api/dm`: both words are a prefix here.
        #expect(Set(api.operations.map(\.name)) == ["CreateView", "ReplaceView", "UpdateView"])
        #expect(Set(api.operations.map(\.body)) == [.json(.named("ViewBody"))])
        #expect(api.models.filter { $0.name == "ViewBody" }.count == 1)
    }
}
