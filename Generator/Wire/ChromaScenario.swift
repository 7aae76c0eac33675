// The ChromaDB scenario of Generator/wire.sh (issue 41): every call goes through an endpoint that
// bricks-openapi generated from the document the running server served (`/openapi.json`), sent
// with the generated credentials (`x-chroma-token`) to CHROMA_URL (127.0.0.1). It prints one
// line per call and a summary: operations exercised of the document's, requests the server
// rejected as malformed (400/422), replies that failed to decode. Exit status 1 when either count
// is not 0 or a call failed. With CHROMA_FAKE=1 the calls go to the generated fake instead (no
// server), which checks each request against the document, and mutations of a valid request must
// each be refused.
import Bricks
import Chroma
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let environment = ProcessInfo.processInfo.environment
guard let base = environment["CHROMA_URL"].flatMap(URL.init(string:)) else {
    print("CHROMA_URL is not set")
    exit(2)
}
let tally = Tally()
/// With CHROMA_FAKE set, the same calls go to the generated fake instead of the server: it answers
/// from the document and checks each request as the server would, so the run counts the requests
/// the fake refuses that the server accepted (false rejections; the target is 0). The answers are
/// the document's, so the checks of what came back are not made.
let againstFake = environment["CHROMA_FAKE"] != nil
/// The document asks for an `x-chroma-token` on 31 of its 35 operations; the local server runs
/// without authentication and ignores it. Sent to both, so that the fake sees what a server with
/// authentication would.
let credentials = ChromaCredentials.xChromaToken("wire-token")
let session = againstFake ? Session(transport: ChromaFake(), middleware: [credentials]) : Session(middleware: [credentials])

/// Sends `request` to the server under test and records how it went.
@discardableResult
func call<Request: ChromaAPI & ResponseType>(_ name: String, _ request: Request) async -> Request.Response? {
    await exercise(name, request.with(baseURL: base), through: session, into: tally) { error in
        if let error = error as? BricksError {
            switch error.reason {
            case .unacceptableStatus(let head, let body) where head.statusCode == 501:
                // Not a status the document declares: the body arrives as it came (ChromaDB's local mode).
                return .unimplemented("\(head.statusCode) \(String(decoding: body, as: UTF8.self))")
            case .transport where name == "get_collection_by_crn":
                // CRNs name Chroma Cloud's collections; the local server closes the connection without a reply.
                return .unimplemented("the server closed the connection without a reply")
            default: return nil
            }
        }
        guard let error = error as? TypedAPIError<ErrorResponse> else { return nil }
        let text = "\(error.statusCode) \(error.value.error): \(error.value.message)"
        if error.statusCode == 400 || error.statusCode == 422 { return .malformed(text) }
        let message = error.value.message.lowercased()
        return message.contains("not implemented") || message.contains("not supported") ? .unimplemented(text) : nil
    }
}

let run = UUID().uuidString.prefix(8).lowercased()
let tenant = "tenant-\(run)"
let database = "db-\(run)"

// Server.
await call("heartbeat", Heartbeat())
await call("version", Version())
await call("healthcheck", Healthcheck())
await call("pre_flight_checks", PreFlightChecks())
await call("get_user_identity", GetUserIdentity())

// Tenants and databases.
await call("create_tenant", CreateTenant(body: .init(name: tenant)))
await call("get_tenant", GetTenant(tenantName: tenant))
await call("update_tenant", UpdateTenant(tenantName: tenant, body: .init(resourceName: "resource-\(run)")))
await call("create_database", CreateDatabase(tenant: tenant, body: .init(name: database)))
await call("get_database", GetDatabase(tenant: tenant, database: database))
await call("list_databases", ListDatabases(tenant: tenant, limit: 10, offset: 0))

// Collections.
let metadata: HashMap = ["topic": .string("animals"), "rank": .integer(1), "score": .number(0.5), "public": .bool(true)]
let created = await call(
    "create_collection",
    CreateCollection(tenant: tenant, database: database, body: .init(metadata: metadata, name: "animals")))
guard let collection = created else {
    print("no collection: the scenario stops here")
    exit(1)
}
let id = collection.id
// The document names the parameter `collection_id`, but the server reads a collection's name there
// (an id answers `404 NotFoundError: Collection [<id>] does not exist`): the name is sent.
await call("get_collection", GetCollection(tenant: tenant, database: database, collectionId: "animals"))
await call("get_collection_by_crn", GetCollectionByCrn(crn: "\(tenant):\(database):animals"))
await call("get_collection_by_id", GetCollectionById(tenant: tenant, database: database, collectionId: id))
await call("list_collections", ListCollections(tenant: tenant, database: database, limit: 10, offset: 0))
await call("count_collections", CountCollections(tenant: tenant, database: database))
await call(
    "update_collection",
    UpdateCollection(
        tenant: tenant, database: database, collectionId: id,
        body: .init(newMetadata: ["topic": .string("animals"), "rank": .integer(2)], newName: "animals-renamed")))

// Records: embeddings, documents and metadata; filters on metadata and documents.
let records = AddCollectionRecordsPayload(
    documents: ["a cat", "a dog", "a fish"],
    embeddings: .list([[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
    ids: ["cat", "dog", "fish"],
    metadatas: [["legs": .integer(4), "kind": .string("mammal")], ["legs": .integer(4), "kind": .string("mammal")], ["legs": .integer(0), "kind": .string("fish")]])
await call("collection_add", CollectionAdd(tenant: tenant, database: database, collectionId: id, body: records))
await call("collection_count", CollectionCount(tenant: tenant, database: database, collectionId: id, readLevel: .indexAndWal))
let mammals = await call(
    "collection_get",
    CollectionGet(
        tenant: tenant, database: database, collectionId: id,
        body: .init(where: .object(["kind": .object(["$eq": .string("mammal")])]), include: [.documents, .metadatas, .embeddings])))
if !againstFake { await tally.expect(mammals.map { Set($0.ids) == ["cat", "dog"] } ?? true, "collection_get (filter)") }
let nearest = await call(
    "collection_query",
    CollectionQuery(
        tenant: tenant, database: database, collectionId: id, limit: 2,
        body: .init(where: .object(["legs": .object(["$gte": .number(1)])]), include: [.distances, .documents, .metadatas], nResults: 2, queryEmbeddings: [[0.9, 0.1, 0]])))
if let nearest, !againstFake, nearest.ids.first?.first != "cat" { await tally.record("collection_query (nearest)", outcome: .failed("ids \(nearest.ids)")) }
await call(
    "collection_update",
    CollectionUpdate(
        tenant: tenant, database: database, collectionId: id,
        body: .init(documents: ["a big cat"], ids: ["cat"], metadatas: [["legs": .integer(4), "kind": .string("feline")]])))
await call(
    "collection_upsert",
    CollectionUpsert(
        tenant: tenant, database: database, collectionId: id,
        body: .init(documents: ["a bird"], embeddings: .list([[0.5, 0.5, 0]]), ids: ["bird"], metadatas: [["legs": .integer(2), "kind": .string("bird")]])))
await call(
    "collection_get (where_document)",
    CollectionGet(tenant: tenant, database: database, collectionId: id, body: .init(whereDocument: .object(["$contains": .string("big")]))))
await call(
    "collection_delete",
    CollectionDelete(tenant: tenant, database: database, collectionId: id, body: .init(where: .object(["kind": .object(["$eq": .string("fish")])]))))
await call("collection_delete (ids)", CollectionDelete(tenant: tenant, database: database, collectionId: id, body: .init(ids: ["bird"])))
let left = await call("collection_get (after delete)", CollectionGet(tenant: tenant, database: database, collectionId: id, body: .init()))
if let left, !againstFake, Set(left.ids) != ["cat", "dog"] { await tally.record("collection_delete (effect)", outcome: .failed("ids left \(left.ids)")) }
await call(
    "collection_search",
    CollectionSearch(
        tenant: tenant, database: database, collectionId: id,
        // The documented `filter` ({"query_ids": […]}) is refused: `422 … searches[0].filter: Invalid
        // where clause` (the server reads a where clause there, its document says otherwise): left out.
        body: .init(readLevel: .indexAndWal, searches: [.init(limit: .init(limit: 5))])))
await call("indexing_status", IndexingStatus(tenant: tenant, database: database, collectionId: id))
await call("fork_collection", ForkCollection(tenant: tenant, database: database, collectionId: id, body: .init(newName: "animals-fork")))
await call("fork_count", ForkCount(tenant: tenant, database: database, collectionId: id))
let attached = await call(
    "attach_function",
    AttachFunction(
        tenant: tenant, database: database, collectionId: id,
        body: .init(functionId: "record_counter", name: "counter-\(run)", outputCollection: "counts-\(run)")))
if attached != nil {
    await call("get_attached_function", GetAttachedFunction(tenant: tenant, database: database, collectionId: id, functionName: "counter-\(run)"))
} else {
    // Nothing attached (the local server has no functions): reading one is not tried.
    await tally.record("get_attached_function", outcome: .unimplemented("not tried: attach_function is not implemented here"))
}
await call("detach_function", DetachFunction(tenant: tenant, database: database, collectionId: id, name: "counter-\(run)", body: .init(deleteOutput: true)))

// Clean up (by name, as get_collection).
await call("delete_collection", DeleteCollection(tenant: tenant, database: database, collectionId: "animals-renamed"))
await call("delete_database", DeleteDatabase(tenant: tenant, database: database))
await call("reset", Reset())

// Against the fake, mutations of valid requests: each must be refused, naming its rule, as the
// server's 400 (or 401) would.
if againstFake {
    /// A request written by hand: what a client with a bug would send.
    struct RawPost: ChromaAPI, POSTRequestType, DataBodyRequestType, DataResponseType {
        var path: String
        var body: Data
        var contentType: String? { "application/json" }
    }
    struct RawGet: ChromaAPI, DataResponseType {
        var path: String
        var queryItems: [URLQueryItem] = []
    }
    let valid = RawPost(path: "/api/v2/tenants", body: Data(#"{"name":"tenant-by-hand"}"#.utf8))
    let bare = Session(transport: ChromaFake())
    let records = "/api/v2/tenants/\(tenant)/databases/\(database)/collections/\(id)"
    let mutations: [Mutation] = [
        ("required", "a required member dropped", { _ = try await session.send(RawPost(path: "/api/v2/tenants", body: Data("{}".utf8))) }),
        ("enum", "an enum value misspelt", {
            _ = try await session.send(RawPost(path: records + "/get", body: Data(#"{"include":["documnts"]}"#.utf8)))
        }),
        // `limit` of list_databases has the minimum 1.
        ("bounds", "a bound crossed", {
            _ = try await session.send(RawGet(path: "/api/v2/tenants/\(tenant)/databases", queryItems: [URLQueryItem(name: "limit", value: "0")]))
        }),
        ("required", "a path parameter empty", { _ = try await session.send(RawGet(path: "/api/v2/tenants//databases/\(database)")) }),
        ("security", "a credential missing", { _ = try await bare.send(valid) }),
    ]
    // The valid request passes (with the credentials), or the mutations prove nothing.
    await call("create_tenant (by hand)", valid)
    await expectRefused(mutations, violationRule: { ($0 as? ChromaFake.Violation)?.rule }, into: tally)
}

// Summary.
let operations = Int(environment["CHROMA_OPERATIONS"] ?? "") ?? 0
exit(await tally.summary(of: operations) ? 0 : 1)
