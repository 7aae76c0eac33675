import BenchmarkHarness
import Bricks
import BricksTesting
import Foundation
import PetShop

/// What a generated fake costs per call (issue 53): `GetPet` through a `Session` over the
/// `PetShopFake` that bricks-openapi writes beside the endpoints (`fake: true`, the document of
/// `Generator/Tests/BricksOpenAPIGeneratorTests/Specs/fakes.yaml`, generated into
/// `Benchmarks/Sources/PetShop`), against the same call over a `StubTransport` that answers the same
/// bytes. The fake matches the path against the document, checks the request (path parameter
/// bounds, the credential) and records it; the stub matches its route and records it. Both
/// sessions carry the generated credentials. `PetShop` is generated code, committed; after a
/// generator change, from the repository root:
///
///     printf 'accessLevel: public\nname: PetShop\nfake: true\n' > /tmp/petshop.yaml
///     Generator/.build/debug/bricks-openapi generate Generator/Tests/BricksOpenAPIGeneratorTests/Specs/fakes.yaml \
///         --output Benchmarks/Sources/PetShop --config /tmp/petshop.yaml
public enum FakeBenchmarks {
    /// The example the fake answers `GET /pets/7` with, byte for byte.
    static let reply = #"{"id":7,"name":"Tom","kind":"cat","born":"2020-02-02","tag":null}"#

    public static func cases(_ settings: BenchmarkSettings) async throws -> [BenchmarkCase] {
        let credentials = PetShopCredentials.xAPIKey("key")
        let fake = PetShopFake()
        let stub = StubTransport()
        await stub.register(.get, "/v1/pets/*", json: reply)
        let checkless = PetShopFake(checksRequests: false)
        let sessions = [
            ("StubTransport", Session(transport: stub, middleware: [credentials])),
            ("fake", Session(transport: fake, middleware: [credentials])),
            ("fake, no checks", Session(transport: checkless, middleware: [credentials])),
        ]
        let endpoint = GetPet(petId: 7)
        // The same value both ways, or the comparison means nothing.
        for (name, session) in sessions {
            let pet = try await session.send(endpoint)
            guard pet.id == 7, pet.name == "Tom" else { throw BenchmarkError("\(name) answered \(pet)") }
        }
        let contenders = sessions.map { name, session in
            Contender(name) { count in
                for _ in 0..<count { blackHole(try await session.send(endpoint)) }
            }
        }
        return [
            BenchmarkCase(name: "fake", group: "fake", contenders: contenders, plan: settings.microPlan) { measured in
                [
                    measured.compare(
                        "fake", with: "StubTransport", name: "fake.reply", title: "A generated fake's reply",
                        note: "floor: StubTransport answering the same bytes; the fake also checks the request against the document"),
                    measured.compare(
                        "fake, no checks", with: "StubTransport", name: "fake.unchecked", title: "A generated fake's reply, checks off",
                        note: "floor: StubTransport answering the same bytes"),
                ]
            }
        ]
    }
}
