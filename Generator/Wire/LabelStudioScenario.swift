// The Label Studio scenario of Generator/wire.sh (issue 55): a Django REST framework server
// (drf-spectacular's document at `/docs/api/schema/json/`) driven through endpoints bricks-openapi
// generated from that document plus Wire/labelstudio.overlay.yaml, which fixes what the server
// does not do as its document says (never a hand-edited document). Every call goes through a
// generated endpoint with a plain `Session` and the generated credentials (`.token(_:)`: the
// caller passes the token, the credentials write `Token <token>`), to LABEL_STUDIO_URL
// (127.0.0.1). It creates a project, imports and creates tasks, annotates, predicts, labels,
// hooks, filters in the Data Manager, exports, pages through `session.pages(of:)`, clears nullable
// members with `.null` and reads them back, and deletes what it made. Prints a line per call and
// the summary of Tally.swift; exit status 1 when a request was malformed, a reply did not decode, a
// call failed or a clearing PATCH did not take effect. With LABEL_STUDIO_FAKE=1 the calls go to the
// generated fake instead (no server), which checks each request against the document.
import Bricks
import Foundation
import LabelStudio
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let environment = ProcessInfo.processInfo.environment
guard let token = environment["LABEL_STUDIO_TOKEN"], let operations = environment["LABEL_STUDIO_OPERATIONS"].flatMap(Int.init) else {
    print("LABEL_STUDIO_TOKEN and LABEL_STUDIO_OPERATIONS must be set (the base URL is the configuration's)")
    exit(2)
}
let tally = Tally()
/// With LABEL_STUDIO_FAKE set, the same calls go to the generated fake instead of the server: it
/// answers from the document and checks each request as the server would, so the run counts the
/// requests the fake refuses that the server accepted (false rejections; the target is 0). The
/// answers are the document's, so the checks of what came back are not made.
let againstFake = environment["LABEL_STUDIO_FAKE"] != nil
let credentials = LabelStudioCredentials.token(token)
let session = againstFake ? Session(transport: LabelStudioFake(), middleware: [credentials]) : Session(middleware: [credentials])

/// Sends `request` to the server under test and records how it went.
@discardableResult
func call<Request: LabelStudioAPI & ResponseType>(_ name: String, _ request: Request) async -> Request.Response? {
    await exercise(name, request, through: session, into: tally)
}

let run = UUID().uuidString.prefix(8).lowercased()
let config = """
    <View>
      <Text name="text" value="$text"/>
      <Choices name="sentiment" toName="text"><Choice value="Positive"/><Choice value="Negative"/></Choices>
    </View>
    """
let choice: [String: JSONValue] = [
    "from_name": "sentiment", "to_name": "text", "type": "choices", "value": ["choices": ["Positive"]],
]

// Who is calling, and their organization.
let me = await call("api_current_user_whoami_retrieve", GetCurrentUserWhoami())
await call("api_users_list", ListUsers())
if let me {
    await call("api_users_retrieve", GetUser(id: me.id))
    await call("api_users_partial_update", UpdateUser(id: me.id, body: .init(firstName: "Ada", lastName: "Wire")))
}
await call("api_current_user_hotkeys_retrieve", GetCurrentUserHotkeys())
await call("api_current_user_hotkeys_partial_update", UpdateCurrentUserHotkeys(body: .init(customHotkeys: [:])))
await call("api_current_user_token_retrieve", GetCurrentUserToken())
await call("api_token_list", ListToken())
await call("api_jwt_settings_retrieve", GetJwtSettings())
await call("api_invite_retrieve", GetInvite())
let organizations = await call("api_organizations_list", ListOrganizations())
if let organization = organizations?.first {
    await call("api_organizations_retrieve", GetOrganization(id: organization.id))
    // A clearing PATCH: `contact_info` is nullable; `.null` sends null.
    await call("api_organizations_partial_update", UpdateOrganization(id: organization.id, body: .init(contactInfo: .null)))
    await call("api_organizations_memberships_list", ListOrganizationMemberships(id: organization.id))
    if let me {
        await call("api_organizations_memberships_retrieve", GetOrganizationMembership(id: organization.id, userPk: me.id))
    }
}

// A project: created pinned and with instructions, then both cleared with `.null` and read back.
await call("api_projects_validate_create", CreateProjectsValidate(body: .init(labelConfig: config)))
let created = await call(
    "api_projects_create",
    CreateProject(body: .init(
        title: "Wire \(run)", description: "made by the Label Studio scenario", labelConfig: config, expertInstruction: "Read it.",
        color: "#FF0000", taskDataLogin: "reader", pinnedAt: Date())))
guard let project = created else {
    print("no project: the scenario stops here")
    exit(1)
}
await call("api_projects_retrieve", GetProject(id: project.id))
// The document marks color, expert_instruction and control_weights nullable too, but the server
// answers null there with a 500 ("argument cannot be of 'NoneType' type"): those are left alone.
await call(
    "api_projects_partial_update",
    UpdateProject(id: project.id, body: .init(description: .null, taskDataLogin: .null, pinnedAt: .null)))
if let cleared = await call("api_projects_retrieve (after clearing)", GetProject(id: project.id)), !againstFake {
    await tally.expect(cleared.pinnedAt == nil, "pinned_at cleared by `.null`")
    await tally.expect(cleared.description == nil, "description cleared by `.null`")
    await tally.expect(cleared.taskDataLogin == nil, "task_data_login cleared by `.null`")
}
await call("api_projects_validate_label_config", ProjectsValidateLabelConfig(id: project.id, body: .init(labelConfig: config)))
await call("api_projects_counts_list", ListProjectsCounts())
await call("api_projects_annotators_retrieve", GetProjectAnnotators(id: project.id))
var pages = 0
do {
    for try await _ in session.pages(of: ListProjects(pageSize: 1)) { pages += 1 }
    await tally.record("api_projects_list", outcome: .ok)
    print("ok        api_projects_list (\(pages) pages of 1)")
} catch {
    await tally.record("api_projects_list", outcome: .failed("\(error)"))
    print("FAILED    api_projects_list: \(error)")
}

// Tasks: imported in bulk, created one by one, read, updated.
await call(
    "api_projects_import_create",
    CreateProjectImport(id: project.id, returnTaskIds: true, body: [.init(data: ["text": "imported one"]), .init(data: ["text": "imported two"])]))
let task = await call("api_tasks_create", CreateTask(body: .init(data: ["text": "a good day"], project: project.id)))
await call("api_tasks_list", ListTasks(project: project.id))
await call("api_projects_tasks_list", ListProjectTasks(id: project.id))
if let task {
    let id = String(task.id)
    await call("api_tasks_retrieve", GetTask(id: id))
    await call("api_tasks_partial_update", UpdateTask(id: id, body: .init(data: ["text": "a very good day"])))

    // Annotations and predictions on it.
    let annotation = await call(
        "api_tasks_annotations_create", CreateTaskAnnotation(id: task.id, body: .init(result: [choice], project: project.id)))
    await call("api_tasks_annotations_list", ListTaskAnnotations(id: task.id))
    if let annotation {
        await call("api_annotations_retrieve", GetAnnotation(id: annotation.id))
        await call("api_annotations_partial_update", UpdateAnnotation(id: annotation.id, body: .init(result: [choice], groundTruth: true)))
        await call("api_annotations_destroy", DeleteAnnotation(id: annotation.id))
    }
    let prediction = await call(
        "api_predictions_create", CreatePrediction(body: .init(task: task.id, result: [choice], score: 0.9, modelVersion: "v1")))
    await call("api_predictions_list", ListPredictions(project: project.id))
    if let prediction {
        await call("api_predictions_retrieve", GetPrediction(id: prediction.id))
        await call("api_predictions_partial_update", UpdatePrediction(id: prediction.id, body: .init(score: 0.5)))
        await call("api_predictions_update", ReplacePrediction(id: prediction.id, body: .init(task: task.id, result: [choice], score: 0.7, modelVersion: "v2")))
        await call("api_predictions_destroy", DeletePrediction(id: prediction.id))
    }
}

// Labels and their links to the project.
let labels = await call(
    "api_labels_create",
    CreateLabel(body: [.init(project: project.id, fromName: "sentiment", value: ["choices": ["Neutral"]], title: "Neutral \(run)")]))
await call("api_labels_list", ListLabels())
if let label = labels?.first {
    let labelId = String(label.id)
    await call("api_labels_retrieve", GetLabel(id: labelId))
    await call("api_labels_partial_update", UpdateLabel(id: labelId, body: .init(description: "a third choice")))
    // Creating a label for a project links it there: that link is read, deleted and made again.
    let links = await call("api_label_links_list", ListLabelLinks())
    if let existing = links?.results.first(where: { $0.label == label.id }) {
        await call("api_label_links_retrieve", GetLabelLink(id: String(existing.id)))
        await call("api_label_links_destroy", DeleteLabelLink(id: String(existing.id)))
    }
    if let link = await call("api_label_links_create", CreateLabelLink(body: .init(fromName: "sentiment", project: project.id, label: label.id))) {
        await call("api_label_links_partial_update", UpdateLabelLink(id: String(link.id), body: .init(fromName: "sentiment")))
    }
    await call("api_labels_destroy", DeleteLabel(id: labelId))
}

// Webhooks (never called: the URL is a closed port on 127.0.0.1).
let hook = await call(
    "api_webhooks_create",
    CreateWebhook(body: .init(project: project.id, url: "http://127.0.0.1:9/hook", sendPayload: true, actions: [.annotationCreated, .tasksCreated])))
await call("api_webhooks_list", ListWebhooks())
await call("api_webhooks_info_retrieve", GetWebhooksInfo())
if let hook {
    await call("api_webhooks_retrieve", GetWebhook(id: hook.id))
    await call("api_webhooks_partial_update", UpdateWebhook(id: hook.id, body: .init(isActive: false)))
    await call("api_webhooks_update", ReplaceWebhook(id: hook.id, body: .init(url: "http://127.0.0.1:9/other", actions: [.tasksDeleted])))
    await call("api_webhooks_destroy", DeleteWebhook(id: hook.id))
}

// The Data Manager: its columns, actions, and a view filtered on the tasks' text.
await call("api_dm_columns_retrieve", GetDmColumns(project: project.id))
await call("api_dm_actions_retrieve", GetDmActions(project: project.id))
await call("api_dm_project_retrieve", GetDmProject())
let filters = Filters(conjunction: .and, items: [Item(filter: .filterTasksDataText, operator: .contains, type: "String", value: "good")])
let view = await call("api_dm_views_create", CreateDmView(body: .init(data: .init(filters: filters), project: project.id)))
await call("api_dm_views_list", ListDmViews(project: project.id))
if let view {
    let viewId = String(view.id)
    await call("api_dm_views_retrieve", GetDmView(id: viewId))
    await call("api_dm_views_partial_update", UpdateDmView(id: viewId, body: .init(data: .init(filters: filters), project: project.id)))
    await call("api_dm_views_update", ReplaceDmView(id: viewId, body: .init(data: .init(), project: project.id)))
    await call("api_dm_views_destroy", DeleteDmView(id: viewId))
}

// Exports: one made on the server, listed, read, downloaded and deleted.
let export = await call("api_projects_exports_create", CreateProjectExport(id: project.id, body: .init(title: "export \(run)")))
await call("api_projects_exports_list", ListProjectExports(id: project.id))
if let export {
    await call("api_projects_exports_retrieve", ProjectsExportsRetrieve(exportPk: export.id, id: project.id))
    await call("api_projects_exports_download_retrieve", GetProjectExportDownload(exportType: "JSON", exportPk: export.id, id: project.id))
    await call("api_projects_exports_destroy", DeleteProjectExport(exportPk: export.id, id: project.id))
}

// Storages: none made (they need cloud accounts or a local folder the server is told of), listed.
await call("api_storages_list", ListStorages())
await call("api_storages_export_list", ListStoragesExport())

// What was made, deleted.
if let task { await call("api_tasks_destroy", DeleteTask(id: String(task.id))) }
await call("api_projects_tasks_destroy", DeleteProjectTasks(id: project.id))
await call("api_projects_destroy", DeleteProject(id: project.id))

// Against the fake, mutations of valid requests: each must be refused, naming its rule, as the
// server's 400 (or 401) would.
if againstFake {
    /// A request written by hand: what a client with a bug would send.
    struct RawPost: LabelStudioAPI, POSTRequestType, DataBodyRequestType, DataResponseType {
        var path: String
        var body: Data
        var contentType: String? { "application/json" }
    }
    struct RawGet: LabelStudioAPI, DataResponseType {
        var path: String
    }
    let valid = RawPost(path: "/api/label_links/", body: Data(#"{"from_name":"sentiment","project":1,"label":1}"#.utf8))
    let bare = Session(transport: LabelStudioFake())
    let mutations: [Mutation] = [
        ("required", "a required member dropped", { _ = try await session.send(RawPost(path: "/api/label_links/", body: Data(#"{"project":1,"label":1}"#.utf8))) }),
        ("enum", "an enum value misspelt", {
            _ = try await session.send(RawPost(path: "/api/webhooks/", body: Data(#"{"url":"http://127.0.0.1:9/h","actions":["ANNOTATION_CREATD"]}"#.utf8)))
        }),
        ("bounds", "a bound crossed", { _ = try await session.send(RawPost(path: "/api/projects/", body: Data(#"{"title":"ab"}"#.utf8))) }),
        ("required", "a path parameter empty", { _ = try await session.send(RawGet(path: "/api/projects//")) }),
        ("security", "a credential missing", { _ = try await bare.send(valid) }),
    ]
    // The valid request passes (with the credentials), or the mutations prove nothing.
    await call("api_label_links_create (by hand)", valid)
    await expectRefused(mutations, violationRule: { ($0 as? LabelStudioFake.Violation)?.rule }, into: tally)
}

exit(await tally.summary(of: operations) ? 0 : 1)
