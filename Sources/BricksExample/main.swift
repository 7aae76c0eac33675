import Bricks
import BricksTesting
import Foundation

// A first taste: one endpoint, answered by the embedded stub. The full GitHub-style example
// client replaces this (see Docs/).
struct Repository: Decodable, Sendable {
    let fullName: String
    let stargazersCount: Int
    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case stargazersCount = "stargazers_count"
    }
}

struct GetRepository: BaseURLRequestType, GETRequestType, JSONResponseType {
    typealias Response = Repository
    let owner: String
    let name: String
    var baseURL: URL { URL(string: "https://api.github.com")! }
    var pathSegments: [String] { ["repos", owner, name] }
}

let stub = StubTransport()
await stub.register(.get, "/repos/octocat/Hello-World", json: #"{"full_name": "octocat/Hello-World", "stargazers_count": 1420}"#)
let session = Session(transport: stub)
do {
    let repository = try await session.send(GetRepository(owner: "octocat", name: "Hello-World"))
    print("\(repository.fullName): \(repository.stargazersCount) stars")
} catch {
    print("error: \(error)")
}
