import Bricks
import Foundation

/// A SwiftUI-style view model: main-actor-isolated (this target's default), holding what the
/// screen shows and calling the API from its methods.
final class NotesModel {
    private(set) var echo: Echo?
    private(set) var created: Note?
    private(set) var lines: [StreamLine] = []
    private(set) var failure: String?
    let session: Session

    init(session: Session = Session()) {
        self.session = session
    }

    func load(_ query: String) async {
        do {
            echo = try await session.send(GetEcho(query: query))
        } catch {
            failure = "\(error)"
        }
    }

    func create(_ note: Note) async throws {
        created = try await session.send(CreateNote(body: note)).json
    }

    func follow(_ count: Int) async throws {
        for try await line in session.events(of: StreamLines(count: count)) {
            lines.append(line)
        }
    }
}
