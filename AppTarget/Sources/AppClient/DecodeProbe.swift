import Bricks
import Dispatch
import Foundation

// A fixture of the tests, compiled in both targets like Endpoints.swift: an endpoint whose reply
// notes whether it was decoded on the main actor.

/// A reply of many megabytes. Its decoder notes whether it ran on the main actor.
struct BigReply: Decodable, Sendable {
    let items: [Note]
    let decodedOnMainActor: Bool

    enum CodingKeys: String, CodingKey { case items }

    init(from decoder: any Decoder) throws {
        decodedOnMainActor = MainActorProbe.isRunningOnMainActor
        items = try decoder.container(keyedBy: CodingKeys.self).decode([Note].self, forKey: .items)
    }
}

struct GetBigReply: HTTPBinRequest, GETRequestType, JSONResponseType {
    typealias Response = BigReply
    var path: String { "/big" }
}

/// Whether the code calling it runs on the main actor, whose jobs run on the main dispatch queue
/// (on Linux not always on the main thread, so `Thread.isMainThread` cannot tell).
nonisolated enum MainActorProbe {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isRunningOnMainActor: Bool { DispatchQueue.getSpecific(key: key) == true }
}
