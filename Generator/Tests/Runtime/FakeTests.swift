// The fake generated beside the endpoints of Tests/BricksOpenAPIGeneratorTests/Specs/fakes.yaml
// (`fake: true`): replies from the document that decode into the generated types, the request
// checks both ways, the steering of a test, and the memory mode (issue 53).
import Bricks
import FakePets
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct GeneratedFakeTests {
    /// A session on a fake, with the API key the document requires.
    static func session(_ fake: PetShopFake) -> Session {
        Session(transport: fake, middleware: [PetShopCredentials.xAPIKey("key")])
    }

    @Test func everyOperationAnswersFromTheDocument() async throws {
        let fake = PetShopFake()
        let session = Self.session(fake)
        // `examples` of the media type.
        let pet = try await session.send(GetPet(petId: 7))
        #expect(pet.name == "Tom")
        #expect(pet.kind == .cat)
        // `example` of the media type, with the header the document gives an example of.
        let listed = try await session.response(for: ListPets())
        #expect(listed.value.map(\.name) == ["Tom"])
        #expect(listed.head.headerFields["X-Rate-Limit-Remaining"] == "99")
        // No example: a value of the schema, its enum's first value, its bounds kept.
        let created = try await session.send(CreatePet(body: NewPet(name: "Rex", kind: .dog)))
        #expect(created.kind == .cat)
        #expect(created.name == "name")
        let owner = try await session.send(GetOwner(name: "ann", xTrace: "00000000-0000-4000-8000-000000000001"))
        #expect(owner.since == Date(timeIntervalSince1970: 1_767_225_600))
        try await session.send(DeletePet(petId: 7))
        try await session.send(VotePet(petId: 7, body: .init(score: 5, mood: .happy, tags: ["a", "b"])))
        try await session.send(PutPetPhoto(petId: 7, parts: Self.photo(caption: "Tom asleep")))
        #expect(try await session.send(GetToy(petId: 7, toyId: "b1")) == "ball")
        // `/pets/7/toys/` is the collection, not the toy `{toyId}` empty, though the toy comes first.
        #expect(try await session.send(ListToys(petId: 7)) == ["ball", "bone"])
        // A literal path wins over a template of the same shape, and needs no credential.
        _ = try await Session(transport: fake).send(ListMyPets())
        #expect(await fake.callCount(of: GetPet.self) == 1)
        #expect(await fake.callCount(of: ListToys.self) == 1)
        #expect(await fake.calls.count == 10)
        #expect(await fake.calls(of: ListMyPets.self).first?.head.path == "/v1/pets/mine")
    }

    @Test func aChosenStatusAnswersItsDocumentedErrorAsTheTypedError() async throws {
        let fake = PetShopFake()
        await fake.respond(to: GetPet.self, status: 404)
        do {
            _ = try await Self.session(fake).send(GetPet(petId: 7))
            Issue.record("a 404 was read as a pet")
        } catch let error as TypedAPIError<Problem> {
            #expect(error.statusCode == 404)
            #expect(error.value.message == "no such pet")
        }
    }

    /// Each mutation of a valid request is caught, naming the operation, the rule and the value.
    @Test(arguments: [
        ("enum", #"{"name":"Rex","kind":"fish"}"#, "\"fish\""),
        ("required", #"{"kind":"dog"}"#, "name"),
        ("bounds", #"{"name":"Rex","kind":"dog","age":41}"#, "41"),
        ("bounds", #"{"name":"","kind":"dog"}"#, "\"\""),
        ("type", #"{"name":"Rex","kind":"dog","age":"old"}"#, "\"old\""),
        ("pattern", #"{"name":"rex","kind":"dog"}"#, "\"rex\""),
        ("bounds", #"{"name":"Rex","kind":"dog","weight":2.3}"#, "2.3"),
        ("unique", #"{"name":"Rex","kind":"dog","toys":["ball","bone","ball"]}"#, "\"ball\""),
        ("additionalProperties", #"{"name":"Rex","kind":"dog","colour":"brown"}"#, "colour"),
        ("body", "{", "body"),
    ])
    func aBodyThatBreaksTheDocumentFails(rule: String, json: String, value: String) async throws {
        let fake = PetShopFake()
        let violation = try await Self.violation(of: RawCreatePet(body: Data(json.utf8)), on: fake)
        #expect(violation.operation == "CreatePet (POST /pets)")
        #expect(violation.rule == rule)
        #expect(violation.value == value)
        #expect(violation.description.contains("CreatePet"))
    }

    /// A form's fields and a multipart body's text parts are read as their members' schemas read
    /// a parameter; a file part is only counted.
    @Test func formAndMultipartFieldsThatBreakTheDocumentFail() async throws {
        let fake = PetShopFake()
        let vote = { (json: String) in RawVote(body: Data(json.utf8)) }
        #expect(try await Self.violation(of: vote("mood=happy"), on: fake).rule == "required")
        let bounds = try await Self.violation(of: vote("score=6"), on: fake)
        #expect(bounds.rule == "bounds")
        #expect(bounds.value == "6")
        #expect(bounds.description.contains("the body's member `score` is 6, above the maximum 5"))
        #expect(try await Self.violation(of: vote("score=2&mood=angry"), on: fake).rule == "enum")
        #expect(try await Self.violation(of: vote("score=two"), on: fake).rule == "type")
        #expect(try await Self.violation(of: vote("score=2&tags=waytoolong"), on: fake).rule == "bounds")
        // Percent-encoding and `+` are read as a form writes them.
        try await Self.session(fake).send(vote("score=3&mood=%68appy&tags=a+b"))

        let noCaption = try await Self.violation(of: PutPetPhoto(petId: 7, parts: [Self.photo(caption: "")[0]]), on: fake)
        #expect(noCaption.rule == "required")
        #expect(noCaption.value == "caption")
        #expect(try await Self.violation(of: PutPetPhoto(petId: 7, parts: Self.photo(caption: String(repeating: "z", count: 21))), on: fake).rule == "bounds")
        let stars = Self.photo(caption: "Tom") + [.text(name: "stars", value: "0")]
        #expect(try await Self.violation(of: PutPetPhoto(petId: 7, parts: stars), on: fake).rule == "bounds")
        #expect(try await Self.violation(of: RawPhoto(body: Data("no parts here".utf8)), on: fake).rule == "body")
    }

    /// A photo's parts: the file, and its caption.
    static func photo(caption: String) -> [MultipartFormPart] {
        [MultipartFormPart(name: "photo", filename: "tom.png", contentType: "image/png", data: Data([0x89, 0x50, 0x4E, 0x47, 13, 10, 0x2D, 0x2D])),
         .text(name: "caption", value: caption)]
    }

    @Test func parametersAndCredentialsThatBreakTheDocumentFail() async throws {
        let fake = PetShopFake()
        #expect(try await Self.violation(of: GetPet(petId: 0), on: fake).rule == "bounds")
        #expect(try await Self.violation(of: ListPets(kind: Kind(rawValue: "fish")), on: fake).value == "fish")
        #expect(try await Self.violation(of: ListPets(limit: 101), on: fake).rule == "bounds")
        #expect(try await Self.violation(of: GetOwner(name: "", xTrace: "00000000-0000-4000-8000-000000000001"), on: fake).rule == "required")
        #expect(try await Self.violation(of: GetOwner(name: "ann", xTrace: "nope"), on: fake).rule == "format")
        let missing = try await Self.violation(of: GetPet(petId: 7), on: fake, session: Session(transport: fake))
        #expect(missing.rule == "security")
        #expect(missing.value == "header `X-API-Key`")
        // Off for a test that sends invalid input on purpose.
        await fake.checkRequests(false)
        _ = try await Self.session(fake).send(GetPet(petId: 0))
    }

    @Test func aTestSteersTheReplies() async throws {
        let fake = PetShopFake()
        let session = Self.session(fake)
        try await fake.respond(to: GetPet.self, with: Pet(id: 9, name: "Max", kind: .dog))
        #expect(try await session.send(GetPet(petId: 9)).name == "Max")
        await fake.respond(to: ListPets.self, json: "[]")
        #expect(try await session.send(ListPets()).isEmpty)
        await fake.fail(ListMyPets.self, with: URLError(.notConnectedToInternet))
        await #expect(throws: BricksError.self) { try await session.send(ListMyPets()) }
        await fake.delay(ListPets.self, by: .milliseconds(50))
        let start = ContinuousClock.now
        _ = try await session.send(ListPets())
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        await fake.reset()
        #expect(try await session.send(GetPet(petId: 9)).name == "Tom")
    }

    @Test func theMemoryModeListsWhatWasCreated() async throws {
        let fake = PetShopFake(remembers: true)
        let session = Self.session(fake)
        let rex = try await session.send(CreatePet(body: NewPet(name: "Rex", kind: .dog)))
        #expect(rex.name == "Rex")
        #expect(rex.id == 1)
        _ = try await session.send(CreatePet(body: NewPet(name: "Tom", kind: .cat)))
        #expect(try await session.send(ListPets()).map(\.name) == ["Rex", "Tom"])
        #expect(try await session.send(GetPet(petId: 2)).name == "Tom")
        try await session.send(DeletePet(petId: 1))
        #expect(try await session.send(ListPets()).map(\.name) == ["Tom"])
    }

    /// The violation a request gets from the fake (through a session with the credentials unless given).
    static func violation<Request: RequestContextType>(
        of request: Request, on fake: PetShopFake, session: Session? = nil
    ) async throws -> PetShopFake.Violation {
        do {
            _ = try await (session ?? Self.session(fake)).send(request)
        } catch let error as BricksError {
            if case .transport(let cause) = error.reason, let violation = cause as? PetShopFake.Violation { return violation }
            throw error
        }
        throw FakeTestFailure(message: "\(request) passed the checks")
    }
}

/// `POST /pets` with a body as it is: what the generated `NewPet` cannot hold (a missing member, a string for a number).
struct RawCreatePet: PetShopAPI, POSTRequestType, DataBodyRequestType, JSONResponseType {
    typealias Response = Pet
    let body: Data
    var contentType: String? { "application/json" }
    var path: String { "/pets" }
}

/// `POST /pets/{id}/votes` with a form body as it is.
struct RawVote: PetShopAPI, POSTRequestType, DataBodyRequestType, EmptyResponseType {
    let body: Data
    var contentType: String? { "application/x-www-form-urlencoded" }
    var path: String { "/pets/7/votes" }
}

/// `PUT /pets/{id}/photo` with a body that claims to be multipart.
struct RawPhoto: PetShopAPI, PUTRequestType, DataBodyRequestType, EmptyResponseType {
    let body: Data
    var contentType: String? { "multipart/form-data; boundary=\"xyz\"" }
    var path: String { "/pets/7/photo" }
}

struct FakeTestFailure: Error {
    let message: String
}

/// The view model of an app target (Generator/Tests/FakeApp), driven by the fake as its tests and
/// previews drive it.
@Suite struct FakeDrivenViewModelTests {
    @MainActor @Test func theScreenShowsWhatWasAdded() async {
        let model = PetsModel(session: GeneratedFakeTests.session(PetShopFake(remembers: true)))
        await model.add(name: "Rex", kind: .dog)
        #expect(model.pets.map(\.name) == ["Rex"])
        #expect(model.message == nil)
    }

    @MainActor @Test func theScreenShowsTheAPIsMessage() async {
        let fake = PetShopFake()
        await fake.respond(to: CreatePet.self, status: 422)
        let model = PetsModel(session: GeneratedFakeTests.session(fake))
        await model.add(name: "Rex", kind: .dog)
        // The document's 422 has no example: a Problem built from its schema.
        #expect(model.message == "message")
    }

    @MainActor @Test func aRequestTheServerWouldRefuseIsShown() async {
        let model = PetsModel(session: GeneratedFakeTests.session(PetShopFake()))
        await model.add(name: "", kind: .dog)
        #expect(model.message?.contains("CreatePet (POST /pets): the body.name is \"\", shorter than 1 characters") == true)
    }
}
