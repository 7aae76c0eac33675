// The Prefect scenario of Generator/wire.sh (issue 41): every call goes through an endpoint that
// bricks-openapi generated from the document the running server served (`/api/openapi.json`, a
// FastAPI application), sent with a `Session` that adds the CSRF headers and tries a 503 again (as
// Prefect's own client does); the base URL is set once (`PrefectCoding.baseURL`, PREFECT_URL + the
// document's `/api`). It prints one line per call and a
// summary: operations exercised of the document's, requests the server rejected as malformed
// (400/422), replies that failed to decode. Exit status 1 when either count is not 0, a call
// failed, or an answer was wrong (a filter that found the wrong rows). With PREFECT_FAKE=1 the
// calls go to the generated fake instead (no server), which checks each request against the
// document, and mutations of a valid request must each be refused.
import Bricks
import Foundation
import Prefect
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let environment = ProcessInfo.processInfo.environment
guard let url = environment["PREFECT_URL"] else {
    print("PREFECT_URL is not set")
    exit(2)
}
PrefectCoding.baseURL = url + "/api"
let tally = Tally()
/// With PREFECT_FAKE set, the same calls go to the generated fake instead of the server: it answers
/// from the document and checks each request as the server would, so the run counts the requests
/// the fake refuses that the server accepted (false rejections; the target is 0).
let againstFake = environment["PREFECT_FAKE"] != nil
let fake = PrefectFake()
/// A session to the server, or to the fake.
func connect(_ middleware: [any Middleware]) -> Session {
    againstFake ? Session(transport: fake, middleware: middleware) : Session(middleware: middleware)
}
/// Records a wrong answer; not against the fake, whose answers are the document's. A plain `Bool`:
/// an autoclosure would read the scenario's globals (the main actor's) from this function, off it.
func expect(_ condition: Bool, _ what: String) async {
    if !againstFake { await tally.expect(condition, what) }
}

/// Counts the replies `503 Service Unavailable`: Prefect's answer when SQLite is busy with its own
/// background services ("errors clients can retry on", its client retries them).
actor BusyCount {
    var count = 0
    func add() { count += 1 }
}
let busy = BusyCount()
struct CountBusy: Middleware {
    func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws -> RawResponse {
        let response = try await next(head, body, context)
        if response.head.statusCode == 503 { await busy.add() }
        return response
    }
}
/// Adds the CSRF token and client to every request (the server runs with CSRF protection on, so
/// that `CreateCsrfToken` has something to give).
struct CSRFHeaders: Middleware {
    let token: String
    let client: String
    func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws -> RawResponse {
        var head = head
        head.headerFields["Prefect-Csrf-Token"] = token
        head.headerFields["Prefect-Csrf-Client"] = client
        return try await next(head, body, context)
    }
}
// As Prefect's own client: a 503 is tried again, whatever the method.
let retry = RetryMiddleware(.init(maxAttempts: 5, baseDelay: .milliseconds(200), retryableStatusCodes: [503], retriesNonIdempotentRequests: true))

/// Sends `request` and records how it went; `name` is the endpoint's type, a variant adds ` (…)`.
@discardableResult
func call<Request: PrefectAPI & ResponseType>(_ name: String, _ request: Request, via: Session? = nil) async -> Request.Response? {
    await exercise(name, request, through: via ?? session, into: tally) { error in
        guard let error = error as? TypedAPIError<HTTPValidationError> else { return nil }
        let text = "\(error.statusCode) \(error.value)"
        return error.statusCode == 422 ? .malformed(text) : nil
    }
}

/// Operations the document marks deprecated, called through a protocol so that the scenario builds
/// with warnings as errors.
protocol DeprecatedCalls {
    func workQueueCheck(deployment: String) async
}
struct Deprecated: DeprecatedCalls {
    @available(*, deprecated)
    func workQueueCheck(deployment: String) async {
        await call("WorkQueueCheckForDeployment", WorkQueueCheckForDeployment(id: deployment))
    }
}

let run = UUID().uuidString.prefix(8).lowercased()
let client = "wire-\(run)"
guard let csrf = await call("CreateCsrfToken", CreateCsrfToken(client: client), via: connect([retry, CountBusy()])) else {
    print("no CSRF token: the scenario stops here")
    exit(1)
}
let session = connect([retry, CountBusy(), CSRFHeaders(token: csrf.token, client: client)])

// Server.
await call("HealthCheck", HealthCheck())
await call("ServerVersion", ServerVersion())
await call("Hello", Hello())
await call("PerformReadinessCheck", PerformReadinessCheck())
await call("ReadVersion", ReadVersion())
await call("ReadSettings", ReadSettings())
await call("ReadServerDefaultResultStorage", ReadServerDefaultResultStorage())
await call("ReadAvailableBlockCapabilities", ReadAvailableBlockCapabilities())
await call("ReadObservedStates", ReadObservedStates(limit: 5))  // query parameters
await call("ReadTaskWorkers", ReadTaskWorkers(body: .init()))
// Not sent: `ReadViewContent` (the server fetches the view from the internet: 500 offline).
await call("ValidateObj", ValidateObj(body: .init(schema: ["type": "object", "properties": ["rows": ["type": "integer"]]], values: ["rows": 3])))
await call("ValidateTemplateTemplatesValidate", ValidateTemplateTemplatesValidate(body: "Flow {{ flow.name }} is {{ flow_run.state.name }}"))
await call("ValidateTemplateAutomationsTemplatesValidate", ValidateTemplateAutomationsTemplatesValidate(body: "{{ event.id }}"))
await call("InstallSystemBlockTypes", InstallSystemBlockTypes())

// Events: one sent, then found by time and name, and counted per event name.
let lastHour = EventOccurredFilter(since: Date().addingTimeInterval(-3600), until: Date().addingTimeInterval(3600))
await call(
    "CreateEvents",
    CreateEvents(body: [.init(occurred: Date(), event: "wire.test.\(run)", resource: ["prefect.resource.id": "wire.\(run)"], payload: ["rows": 3, "ratio": 2.0], id: UUID().uuidString.lowercased())]))
await call("ReadEvents", ReadEvents(body: .init(filter: .init(occurred: lastHour), limit: 5)))
await call("CountAccountEvents", CountAccountEvents(countable: .event, body: .init(filter: .init(occurred: lastHour))))

// Flows: create, read by id and by name (path parameters), filter, count, page, update, delete.
let flowName = "etl-\(run)"
guard let flow = await call("CreateFlow", CreateFlow(body: .init(name: flowName, tags: ["wire"], labels: ["team": "ml", "priority": 2, "ratio": 2.0])))
else {
    print("no flow: the scenario stops here")
    exit(1)
}
await call("ReadFlow", ReadFlow(id: flow.id))
let byName = await call("ReadFlowByName", ReadFlowByName(name: flowName))
await expect(byName?.id == flow.id, "ReadFlowByName (the same flow)")
// Labels keep the form they were written in: 2 an integer, 2.0 a number.
await expect(byName?.labels?["priority"] == .integer(2) && byName?.labels?["ratio"] == .number(2.0), "ReadFlowByName (labels)")
let named = await call("ReadFlows", ReadFlows(body: .init(flows: .init(name: .init(any: [flowName])), sort: .nameAsc, limit: 10)))
await expect(named?.map(\.id) == [flow.id], "ReadFlows (by name)")
await call("CountFlows", CountFlows(body: .init(flows: .init(tags: .init(all: ["wire"])))))
await call("PaginateFlows", PaginateFlows(body: .init(page: 1, sort: .createdDesc, limit: 5)))
await call("UpdateFlow", UpdateFlow(id: flow.id, body: .init(tags: ["wire", "updated"])))
let updated = await call("ReadFlow (after update)", ReadFlow(id: flow.id))
await expect(updated?.tags == ["wire", "updated"], "UpdateFlow (effect)")

if await call("CreateFlow (another)", CreateFlow(body: .init(name: "\(flowName)-b"))) != nil {
    let deleted = await call("BulkDeleteFlows", BulkDeleteFlows(body: .init(flows: .init(name: .init(any: ["\(flowName)-b"])))))
    await expect(deleted?.deleted?.count == 1, "BulkDeleteFlows (one deleted)")
}

// Work pools and their queues (path parameters by name), workers.
let pool = "pool-\(run)"
await call("CreateWorkPool", CreateWorkPool(body: .init(name: pool, description: "wire", type: "process", concurrencyLimit: 3)))
await call("ReadWorkPool", ReadWorkPool(name: pool))
await call("UpdateWorkPool", UpdateWorkPool(name: pool, body: .init(description: "wire, updated", concurrencyLimit: 4)))
await call("ReadWorkPools", ReadWorkPools(body: .init(limit: 10)))
await call("CountWorkPools", CountWorkPools(body: .init()))
await call("ReadWorkPoolConcurrencyStatus", ReadWorkPoolConcurrencyStatus(name: pool, body: .init()))
await call("CreateWorkQueueWorkPoolsQueues", CreateWorkQueueWorkPoolsQueues(workPoolName: pool, body: .init(name: "fast", priority: 1)))
await call("ReadWorkQueueWorkPoolsQueues", ReadWorkQueueWorkPoolsQueues(workPoolName: pool, name: "fast"))
await call("UpdateWorkQueueWorkPoolsQueues", UpdateWorkQueueWorkPoolsQueues(workPoolName: pool, name: "fast", body: .init(description: "the fast one", concurrencyLimit: 2)))
await call("ReadWorkQueuesWorkPoolsQueuesFilter", ReadWorkQueuesWorkPoolsQueuesFilter(workPoolName: pool, body: .init(limit: 10)))
await call("WorkerHeartbeat", WorkerHeartbeat(workPoolName: pool, body: .init(name: "worker-1", heartbeatIntervalSeconds: 30)))
await call("ReadWorkers", ReadWorkers(workPoolName: pool, body: .init(limit: 10)))
await call("GetScheduledFlowRuns", GetScheduledFlowRuns(name: pool, body: .init(workQueueNames: ["fast"], scheduledBefore: Date().addingTimeInterval(3600), limit: 5)))

// Deployments: with a schedule, read by flow and deployment name, filter, page, update.
let deploymentName = "nightly-\(run)"
let deployment = await call(
    "CreateDeployment",
    CreateDeployment(
        body: .init(
            name: deploymentName, flowId: flow.id, paused: true,
            schedules: [.init(active: false, schedule: .cronSchedule(.init(cron: "0 3 * * *", timezone: "UTC")))],
            enforceParameterSchema: false, parameters: ["rows": 100, "ratio": 0.5], tags: ["wire"],
            labels: ["team": "ml"], workQueueName: "fast", workPoolName: pool, description: "a nightly load",
            version: "1", entrypoint: "flows.py:etl")))
if let deployment {
    await call("ReadDeployment", ReadDeployment(id: deployment.id))
    let found = await call("ReadDeploymentByName", ReadDeploymentByName(flowName: flowName, deploymentName: deploymentName))
    await expect(found?.id == deployment.id, "ReadDeploymentByName (the same deployment)")
    await call("ReadDeployments", ReadDeployments(body: .init(deployments: .init(name: .init(any: [deploymentName])), limit: 10)))
    await call("PaginateDeployments", PaginateDeployments(body: .init(page: 1, limit: 5)))
    await call("CountDeployments", CountDeployments(body: .init(flows: .init(id: .init(any: [flow.id])))))
    await call("UpdateDeployment", UpdateDeployment(id: deployment.id, body: .init(description: "a nightly load, updated", paused: true)))
    await (Deprecated() as any DeprecatedCalls).workQueueCheck(deployment: deployment.id)
    let schedules = await call("ReadDeploymentSchedules", ReadDeploymentSchedules(id: deployment.id))
    let added = await call(
        "CreateDeploymentSchedules",
        CreateDeploymentSchedules(id: deployment.id, body: [.init(active: false, schedule: .cronSchedule(.init(cron: "0 4 * * 1", timezone: "Europe/Paris")))]))
    if let schedule = added?.first ?? schedules?.first {
        await call("UpdateDeploymentSchedule", UpdateDeploymentSchedule(id: deployment.id, scheduleId: schedule.id, body: .init(active: false, maxScheduledRuns: 2)))
        await call("DeleteDeploymentSchedule", DeleteDeploymentSchedule(id: deployment.id, scheduleId: schedule.id))
    }
    await call("PauseDeploymentRequest", PauseDeploymentRequest(id: deployment.id))
    await call("ResumeDeploymentRequest", ResumeDeploymentRequest(id: deployment.id))
    await call("ScheduleDeployment", ScheduleDeployment(id: deployment.id, body: .init(startTime: Date(), endTime: Date().addingTimeInterval(86_400 * 2), minRuns: 1, maxRuns: 2)))
    await call("GetScheduledFlowRunsForDeployments", GetScheduledFlowRunsForDeployments(body: .init(deploymentIds: [deployment.id], scheduledBefore: Date().addingTimeInterval(86_400 * 3), limit: 5)))
    await call("CountDeploymentsByFlow", CountDeploymentsByFlow(body: .init(flowIds: [flow.id])))
    await call("NextRunsByFlow", NextRunsByFlow(body: .init(flowIds: [flow.id])))
    await call("CreateFlowRunFromDeployment", CreateFlowRunFromDeployment(id: deployment.id, body: .init(name: "from-deployment-\(run)", parameters: ["rows": 5], tags: ["wire"])))
    await call("BulkCreateFlowRunsFromDeployment", BulkCreateFlowRunsFromDeployment(id: deployment.id, body: [.init(name: "bulk-\(run)-a"), .init(name: "bulk-\(run)-b")]))
}

var taskRunId: String?

// Flow runs: create, states, inputs, labels, graphs, filters on a date and time read back from the
// server (its microseconds must survive the round trip: the filter finds exactly this run).
let flowRun = await call(
    "CreateFlowRun",
    CreateFlowRun(body: .init(state: .init(type: .scheduled, message: "queued by the wire test"), name: "run-\(run)", flowId: flow.id, parameters: ["rows": 3, "ratio": 2.0, "names": ["a", "b"]], tags: ["wire"], labels: ["attempt": 1])))
if let flowRun {
    let read = await call("ReadFlowRun", ReadFlowRun(id: flowRun.id))
    await expect(read?.parameters?["ratio"] == .number(2.0), "ReadFlowRun (a 2.0 parameter stays a number)")
    if let expected = read?.expectedStartTime {
        let window = FlowRunFilter(id: .init(any: [flowRun.id]), expectedStartTime: .init(before: expected, after: expected))
        let exact = await call("ReadFlowRuns", ReadFlowRuns(body: .init(flowRuns: window, limit: 10)))
        await expect(exact?.map(\.id) == [flowRun.id], "ReadFlowRuns (filtered on its own expected start time \(expected.timeIntervalSince1970))")
        await call("CountFlowRuns", CountFlowRuns(body: .init(flowRuns: window)))
    } else {
        await expect(false, "ReadFlowRun (an expected start time)")
    }
    await call("PaginateFlowRuns", PaginateFlowRuns(body: .init(page: 1, flows: .init(id: .init(any: [flow.id])), limit: 5)))
    await call("UpdateFlowRun", UpdateFlowRun(id: flowRun.id, body: .init(name: "run-\(run)-renamed", tags: ["wire", "renamed"])))
    await call("UpdateFlowRunLabels", UpdateFlowRunLabels(id: flowRun.id, body: ["env": "test", "shard": 2]))
    await call("SetFlowRunState", SetFlowRunState(id: flowRun.id, body: .init(state: .init(type: .running))))
    let states = await call("ReadFlowRunStates", ReadFlowRunStates(flowRunId: flowRun.id))
    if let state = states?.first { await call("ReadFlowRunState", ReadFlowRunState(id: state.id)) }
    await call("CreateFlowRunInput", CreateFlowRunInput(id: flowRun.id, body: .init(key: "answer-1", value: "42")))
    await call("ReadFlowRunInput", ReadFlowRunInput(id: flowRun.id, key: "answer-1"))
    await call("FilterFlowRunInput", FilterFlowRunInput(id: flowRun.id, body: .init(prefix: "answer", limit: 5)))
    await call("DeleteFlowRunInput", DeleteFlowRunInput(id: flowRun.id, key: "answer-1"))
    await call("ReadFlowRunGraphV1", ReadFlowRunGraphV1(id: flowRun.id))
    await call("ReadFlowRunGraphV2", ReadFlowRunGraphV2(id: flowRun.id, since: Date().addingTimeInterval(-3600)))  // a date in the query

    // Task runs inside it.
    let taskRun = await call("CreateTaskRun", CreateTaskRun(body: .init(state: .init(type: .pending), name: "extract", flowRunId: flowRun.id, taskKey: "extract-\(run)", dynamicKey: "0", tags: ["wire"])))
    if let taskRun {
        taskRunId = taskRun.id
        await call("ReadTaskRun", ReadTaskRun(id: taskRun.id))
        await call("UpdateTaskRun", UpdateTaskRun(id: taskRun.id, body: .init(name: "extract-renamed")))
        await call("SetTaskRunState", SetTaskRunState(id: taskRun.id, body: .init(state: .init(type: .running))))
        let taskStates = await call("ReadTaskRunStates", ReadTaskRunStates(taskRunId: taskRun.id))
        if let state = taskStates?.first { await call("ReadTaskRunState", ReadTaskRunState(id: state.id)) }
        await call("ReadTaskRunWithFlowRunName", ReadTaskRunWithFlowRunName(id: taskRun.id))
        let inRun = TaskRunFilter(flowRunId: .init(any: [flowRun.id]))
        await call("ReadTaskRuns", ReadTaskRuns(body: .init(taskRuns: inRun, limit: 10)))
        await call("CountTaskRuns", CountTaskRuns(body: .init(taskRuns: inRun)))
        await call("PaginateTaskRuns", PaginateTaskRuns(body: .init(page: 1, taskRuns: inRun, limit: 5)))
        await call("CountTaskRunsByFlowRun", CountTaskRunsByFlowRun(body: .init(flowRunIds: [flowRun.id])))
        await call("ReadTaskRunCountsByState", ReadTaskRunCountsByState(body: .init(taskRuns: inRun)))
        // The document makes `task_runs.start_time.after_` optional; the server answers `422
        // {"detail":"task_runs.start_time.after_ is required"}` without it: sent.
        let recent = TaskRunFilter(startTime: .init(after: Date().addingTimeInterval(-3600)), flowRunId: .init(any: [flowRun.id]))
        await call("ReadDashboardTaskRunCounts", ReadDashboardTaskRunCounts(body: .init(taskRuns: recent)))
        await call("TaskRunHistory", TaskRunHistory(body: .init(historyStart: Date().addingTimeInterval(-3600), historyEnd: Date().addingTimeInterval(3600), historyIntervalSeconds: 600, taskRuns: inRun)))
    }

    // Logs, with a timestamp to the microsecond, found again by that timestamp.
    let stamp = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1_000_000).rounded() / 1_000_000)
    await call("CreateLogs", CreateLogs(body: [.init(name: "wire", level: 20, message: "hello \(run)", timestamp: stamp, flowRunId: flowRun.id)]))
    let logs = await call("ReadLogs", ReadLogs(body: .init(logs: .init(timestamp: .init(before: stamp, after: stamp), flowRunId: .init(any: [flowRun.id])), sort: .timestampAsc, limit: 10)))
    await expect(logs?.map(\.message) == ["hello \(run)"], "ReadLogs (filtered on its own timestamp)")
    // Declared JSON, answered `text/csv`: read as text by configuration (`textReplies`).
    let csv = await call("DownloadLogs", DownloadLogs(id: flowRun.id))
    await expect(csv.map { $0.hasPrefix("timestamp,level") && $0.contains("hello \(run)") } ?? true, "DownloadLogs (the CSV holds the log)")

    await call("FlowRunHistory", FlowRunHistory(body: .init(historyStart: Date().addingTimeInterval(-3600), historyEnd: Date().addingTimeInterval(3600), historyIntervalSeconds: 600, flows: .init(id: .init(any: [flow.id])))))
    await call("ReadFlowRunHistory", ReadFlowRunHistory(body: .init(limit: 10, flows: .init(id: .init(any: [flow.id])))))
    await call("ResumeFlowRunRequest", ResumeFlowRunRequest(id: flowRun.id, body: .init(runInput: ["approved": true])))
    await call("BulkSetFlowRunState", BulkSetFlowRunState(body: .init(flowRuns: .init(id: .init(any: [flowRun.id])), state: .init(type: .cancelled, message: "done by the wire test"), force: true)))
    await call("AverageFlowRunLateness", AverageFlowRunLateness(body: .init(flows: .init(id: .init(any: [flow.id])))))
}

// Artifacts.
let artifactKey = "report-\(run)"
// The document makes an artifact's `id` optional (its response model is the create model's).
if let artifact = await call("CreateArtifact", CreateArtifact(body: .init(key: artifactKey, type: "markdown", description: "a report", data: .json("# rows: 100"), metadata: ["source": "wire"], flowRunId: flowRun?.id))),
    let artifactId = artifact.id
{
    await call("ReadArtifact", ReadArtifact(id: artifactId))
    await call("UpdateArtifact", UpdateArtifact(id: artifactId, body: .init(description: "a report, updated")))
    await call("ReadLatestArtifact", ReadLatestArtifact(key: artifactKey))
    await call("ReadArtifacts", ReadArtifacts(body: .init(artifacts: .init(key: .init(any: [artifactKey])), limit: 10)))
    await call("ReadLatestArtifacts", ReadLatestArtifacts(body: .init(limit: 10)))
    await call("CountArtifacts", CountArtifacts(body: .init(artifacts: .init(key: .init(any: [artifactKey])))))
    await call("CountLatestArtifacts", CountLatestArtifacts(body: .init()))
    await call("DeleteArtifact", DeleteArtifact(id: artifactId))
}

// Variables: every value kind, by id and by name.
let variableName = "threshold_\(run)"
if let variable = await call("CreateVariable", CreateVariable(body: .init(name: variableName, value: .number(2.0), tags: ["wire"]))) {
    // The server answers the create with `"value":2.0` and stores it as 2 (a read answers
    // `"value":2`): only the create's reply shows that 2.0 went as a number.
    await expect(variable.value == .number(2.0), "CreateVariable (2.0 stays a number)")
    await call("ReadVariable", ReadVariable(id: variable.id))
    await call("ReadVariableByName", ReadVariableByName(name: variableName))
    await call("UpdateVariable", UpdateVariable(id: variable.id, body: .init(value: .dictionary(["limit": 3, "names": ["a"]]))))
    await call("UpdateVariableByName", UpdateVariableByName(name: variableName, body: .init(value: .string("high"), tags: ["wire", "updated"])))
    await call("ReadVariables", ReadVariables(body: .init(variables: .init(name: .init(like: "threshold_")), limit: 10)))
    await call("CountVariables", CountVariables(body: .init(variables: .init(tags: .init(all: ["wire"])))))
    await call("DeleteVariable", DeleteVariable(id: variable.id))
}
if await call("CreateVariable (list)", CreateVariable(body: .init(name: "\(variableName)_b", value: .jsonValueList([1, "two", true])))) != nil {
    await call("DeleteVariableByName", DeleteVariableByName(name: "\(variableName)_b"))
}

// Concurrency limits, both versions.
let tag = "tag-\(run)"
if let limit = await call("CreateConcurrencyLimit", CreateConcurrencyLimit(body: .init(tag: tag, concurrencyLimit: 2))) {
    await call("ReadConcurrencyLimit", ReadConcurrencyLimit(id: limit.id))
    await call("ReadConcurrencyLimitByTag", ReadConcurrencyLimitByTag(tag: tag))
    await call("ReadConcurrencyLimits", ReadConcurrencyLimits(body: .init(limit: 10)))
    if let taskRunId {
        await call("IncrementConcurrencyLimitsV1", IncrementConcurrencyLimitsV1(body: .init(names: [tag], taskRunId: taskRunId)))
        await call("DecrementConcurrencyLimitsV1", DecrementConcurrencyLimitsV1(body: .init(names: [tag], taskRunId: taskRunId)))
    }
    await call("ResetConcurrencyLimitByTag", ResetConcurrencyLimitByTag(tag: tag, body: .init()))
    await call("DeleteConcurrencyLimit", DeleteConcurrencyLimit(id: limit.id))
}
if await call("CreateConcurrencyLimit (by tag)", CreateConcurrencyLimit(body: .init(tag: "\(tag)-b", concurrencyLimit: 1))) != nil {
    await call("DeleteConcurrencyLimitByTag", DeleteConcurrencyLimitByTag(tag: "\(tag)-b"))
}
let limitName = "limit-\(run)"
if await call("CreateConcurrencyLimitV2", CreateConcurrencyLimitV2(body: .init(name: limitName, limit: 5, slotDecayPerSecond: 0.5))) != nil {
    await call("ReadConcurrencyLimitV2", ReadConcurrencyLimitV2(idOrName: limitName))
    await call("UpdateConcurrencyLimitV2", UpdateConcurrencyLimitV2(idOrName: limitName, body: .init(limit: 6)))
    await call("ReadAllConcurrencyLimitsV2", ReadAllConcurrencyLimitsV2(body: .init(limit: 10)))
    await call("BulkIncrementActiveSlots", BulkIncrementActiveSlots(body: .init(slots: 1, names: [limitName])))
    await call("BulkDecrementActiveSlots", BulkDecrementActiveSlots(body: .init(slots: 1, names: [limitName], occupancySeconds: 0.25)))
    if let lease = await call("BulkIncrementActiveSlotsWithLease", BulkIncrementActiveSlotsWithLease(body: .init(slots: 1, names: [limitName], leaseDuration: 60))) {
        await call("RenewConcurrencyLease", RenewConcurrencyLease(leaseId: lease.leaseId, body: .init(leaseDuration: 120)))
        await call("BulkDecrementActiveSlotsWithLease", BulkDecrementActiveSlotsWithLease(body: .init(leaseId: lease.leaseId)))
    }
    await call("DeleteConcurrencyLimitV2", DeleteConcurrencyLimitV2(idOrName: limitName))
}

// Blocks: a type, a schema, a document, read by slug and by name.
let slug = "wire-\(run)"
if let blockType = await call("CreateBlockType", CreateBlockType(body: .init(name: "Wire \(run)", slug: slug, description: "a block type"))) {
    await call("ReadBlockTypeById", ReadBlockTypeById(id: blockType.id))
    await call("ReadBlockTypeBySlug", ReadBlockTypeBySlug(slug: slug))
    await call("UpdateBlockType", UpdateBlockType(id: blockType.id, body: .init(description: "a block type, updated")))
    await call("ReadBlockTypes", ReadBlockTypes(body: .init(limit: 10)))
    let fields: [String: JSONValue] = ["title": "Wire", "type": "object", "properties": ["url": ["type": "string"]], "required": ["url"]]
    if let schema = await call("CreateBlockSchema", CreateBlockSchema(body: .init(fields: fields, blockTypeId: blockType.id, capabilities: ["read"]))) {
        await call("ReadBlockSchemaById", ReadBlockSchemaById(id: schema.id))
        await call("ReadBlockSchemaByChecksum", ReadBlockSchemaByChecksum(checksum: schema.checksum))
        await call("ReadBlockSchemas", ReadBlockSchemas(body: .init(limit: 10)))
        if let document = await call("CreateBlockDocument", CreateBlockDocument(body: .init(name: "doc-\(run)", data: ["url": "https://example.com"], blockSchemaId: schema.id, blockTypeId: blockType.id))) {
            await call("ReadBlockDocumentById", ReadBlockDocumentById(id: document.id, includeSecrets: false))
            await call("UpdateBlockDocumentData", UpdateBlockDocumentData(id: document.id, body: .init(data: ["url": "https://example.org"])))
            await call("ReadBlockDocuments", ReadBlockDocuments(body: .init(limit: 10)))
            await call("CountBlockDocuments", CountBlockDocuments(body: .init()))
            await call("ReadBlockDocumentsForBlockType", ReadBlockDocumentsForBlockType(slug: slug, includeSecrets: false))
            await call("ReadBlockDocumentByNameForBlockType", ReadBlockDocumentByNameForBlockType(slug: slug, blockDocumentName: "doc-\(run)"))
            await call("DeleteBlockDocument", DeleteBlockDocument(id: document.id))
        }
        await call("DeleteBlockSchema", DeleteBlockSchema(id: schema.id))
    }
    await call("DeleteBlockType", DeleteBlockType(id: blockType.id))
}

// The server's default result storage: a block document of the installed `local-file-system` type.
if let storageType = await call("ReadBlockTypeBySlug (local-file-system)", ReadBlockTypeBySlug(slug: "local-file-system")),
    let storageSchema = await call("ReadBlockSchemas (of a type)", ReadBlockSchemas(body: .init(blockSchemas: .init(blockTypeId: .init(any: [storageType.id])), limit: 1)))?.first,
    let storage = await call(
        "CreateBlockDocument (storage)",
        CreateBlockDocument(body: .init(name: "results-\(run)", data: ["basepath": .string("/tmp/results-\(run)")], blockSchemaId: storageSchema.id, blockTypeId: storageType.id)))
{
    await call("UpdateServerDefaultResultStorage", UpdateServerDefaultResultStorage(body: .init(defaultResultStorageBlockId: storage.id)))
    let set = await call("ReadServerDefaultResultStorage (after update)", ReadServerDefaultResultStorage())
    await expect(set?.defaultResultStorageBlockId == storage.id, "UpdateServerDefaultResultStorage (effect)")
    await call("ClearServerDefaultResultStorage", ClearServerDefaultResultStorage())
    await call("DeleteBlockDocument (storage)", DeleteBlockDocument(id: storage.id))
}

// Saved searches.
if let search = await call("CreateSavedSearch", CreateSavedSearch(body: .init(name: "search-\(run)", filters: [.init(object: "flow", property: "name", type: "string", operation: "equals", value: .string(flowName))]))) {
    await call("ReadSavedSearch", ReadSavedSearch(id: search.id))
    await call("ReadSavedSearches", ReadSavedSearches(body: .init(limit: 10)))
    await call("DeleteSavedSearch", DeleteSavedSearch(id: search.id))
}

// Automations: a trigger on the scenario's own event name and an action that does nothing.
let owner = "wire.\(run)"
let trigger = Trigger.eventTriggerInput(.init(expect: ["wire.test.\(run)"], posture: .reactive, threshold: 1))
if let automation = await call(
    "CreateAutomation",
    CreateAutomation(body: .init(name: "auto-\(run)", description: "wire", enabled: false, tags: ["wire"], trigger: trigger, actions: [.doNothing(.init())])))
{
    await call("ReadAutomation", ReadAutomation(id: automation.id))
    await call("UpdateAutomation", UpdateAutomation(id: automation.id, body: .init(name: "auto-\(run)-renamed", enabled: false, trigger: trigger, actions: [.doNothing(.init())])))
    await call("PatchAutomation", PatchAutomation(id: automation.id, body: .init(enabled: false)))
    await call("ReadAutomations", ReadAutomations(body: .init(limit: 10)))
    await call("CountAutomations", CountAutomations(body: .init()))
    await call("DeleteAutomation", DeleteAutomation(id: automation.id))
}
if await call(
    "CreateAutomation (owned)",
    CreateAutomation(body: .init(name: "owned-\(run)", enabled: false, trigger: trigger, actions: [.doNothing(.init())], ownerResource: owner))) != nil
{
    let related = await call("ReadAutomationsRelatedToResource", ReadAutomationsRelatedToResource(resourceId: owner))
    await expect(related?.count == 1, "ReadAutomationsRelatedToResource (the owned one)")
    await call("DeleteAutomationsOwnedByResource", DeleteAutomationsOwnedByResource(resourceId: owner))
}

// Work queues (the older, id-addressed API).
if let queue = await call("CreateWorkQueueWorkQueues", CreateWorkQueueWorkQueues(body: .init(name: "queue-\(run)", concurrencyLimit: 1))) {
    await call("ReadWorkQueueWorkQueues", ReadWorkQueueWorkQueues(id: queue.id))
    await call("ReadWorkQueueByName", ReadWorkQueueByName(name: "queue-\(run)"))
    await call("UpdateWorkQueueWorkQueues", UpdateWorkQueueWorkQueues(id: queue.id, body: .init(description: "older API", concurrencyLimit: 2)))
    await call("ReadWorkQueueRuns", ReadWorkQueueRuns(id: queue.id, body: .init(scheduledBefore: Date().addingTimeInterval(3600), limit: 5)))
    await call("ReadWorkQueuesWorkQueuesFilter", ReadWorkQueuesWorkQueuesFilter(body: .init(limit: 10)))
    await call("ReadWorkQueueConcurrencyStatus", ReadWorkQueueConcurrencyStatus(id: queue.id, body: .init()))
    await call("ReadWorkQueueStatus", ReadWorkQueueStatus(id: queue.id))
    await call("DeleteWorkQueueWorkQueues", DeleteWorkQueueWorkQueues(id: queue.id))
}

// Events again, by now many (the server emits its own for every state change): one to a page, and
// the next page by the token the first gives.
if let page = await call("ReadEvents (one to a page)", ReadEvents(body: .init(filter: .init(occurred: lastHour), limit: 1))),
    let token = page.nextPage.flatMap({ next in URLComponents(string: next)?.queryItems?.first(where: { $0.name == "page-token" })?.value })
        ?? (againstFake ? "fake-page-token" : nil)  // the fake's next page is the document's example, with no token
{
    await call("ReadAccountEventsPage", ReadAccountEventsPage(pageToken: token))
} else {
    print("not sent  ReadAccountEventsPage: no next page")
}

// Clean up: runs, deployment, pool, flow.
if let taskRunId {
    await call("DeleteTaskRun", DeleteTaskRun(id: taskRunId))
}
if let flowRun {
    await call("DeleteFlowRunRequest", DeleteFlowRunRequest(id: flowRun.id))
}
await call("BulkDeleteFlowRuns", BulkDeleteFlowRuns(body: .init(flowRuns: .init(tags: .init(all: ["wire"])), limit: 20)))
if let deployment {
    await call("DeleteDeployment", DeleteDeployment(id: deployment.id))
}
await call("BulkDeleteDeployments", BulkDeleteDeployments(body: .init(deployments: .init(tags: .init(all: ["wire"])), limit: 10)))
await call("DeleteWorker", DeleteWorker(workPoolName: pool, name: "worker-1"))
await call("DeleteWorkQueueWorkPoolsQueues", DeleteWorkQueueWorkPoolsQueues(workPoolName: pool, name: "fast"))
await call("DeleteWorkPool", DeleteWorkPool(name: pool))
await call("DeleteFlow", DeleteFlow(id: flow.id))
let gone = await call("CountFlows (after delete)", CountFlows(body: .init(flows: .init(name: .init(any: [flowName])))))
await expect(gone == 0, "DeleteFlow (effect)")

// Against the fake, mutations of valid requests: each must be refused, naming its rule, as the
// server's 422 would. The document declares no security scheme (the server takes no credentials):
// no credential is left out.
if againstFake {
    /// A request written by hand: what a client with a bug would send.
    struct RawPost: PrefectAPI, POSTRequestType, DataBodyRequestType, DataResponseType {
        var path: String
        var body: Data
        var contentType: String? { "application/json" }
    }
    struct RawGet: PrefectAPI, DataResponseType {
        var path: String
    }
    let valid = RawPost(path: "/flows/", body: Data(#"{"name":"etl-by-hand","tags":["wire"]}"#.utf8))
    let mutations: [Mutation] = [
        ("required", "a required member dropped", { _ = try await session.send(RawPost(path: "/flows/", body: Data(#"{"tags":["wire"]}"#.utf8))) }),
        ("enum", "an enum value misspelt", { _ = try await session.send(RawPost(path: "/flows/filter", body: Data(#"{"sort":"NAME_ASCC"}"#.utf8))) }),
        // `offset` has the minimum 0.
        ("bounds", "a bound crossed", { _ = try await session.send(RawPost(path: "/flows/filter", body: Data(#"{"offset":-1}"#.utf8))) }),
        ("required", "a path parameter empty", { _ = try await session.send(RawGet(path: "/flows/name/")) }),
        // A flow's name has the pattern ^[^/%&><]+$.
        ("pattern", "a pattern broken", { _ = try await session.send(RawPost(path: "/flows/", body: Data(#"{"name":"etl/wire"}"#.utf8))) }),
        // FlowCreate has additionalProperties: false.
        ("additionalProperties", "a member the document does not declare", {
            _ = try await session.send(RawPost(path: "/flows/", body: Data(#"{"name":"etl-wire","colour":"red"}"#.utf8)))
        }),
    ]
    // The valid request passes, or the mutations prove nothing.
    await call("CreateFlow (by hand)", valid)
    await expectRefused(mutations, violationRule: { ($0 as? PrefectFake.Violation)?.rule }, into: tally)
}

// Summary.
let operations = Int(environment["PREFECT_OPERATIONS"] ?? "") ?? 0
let passed = await tally.summary(of: operations, notes: ["replies 503 (SQLite busy), tried again: \(await busy.count)"])
exit(passed ? 0 : 1)
