// The schema-driven sweep of Generator/wire.sh (issue 41): `sweepAll` (written by
// Generator/Wire/sweep.py from the server's document) calls every generated operation once with
// values built from the document; this classifies each reply and prints a table.
// SWEEP_URL: the server (127.0.0.1), read by the written main.swift.
import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How each call went.
actor Sweep {
    enum Kind: String, CaseIterable, Sendable {
        case success = "2xx"
        case state = "404/409 (state)"
        case clientFault = "400/422 (malformed)"
        case explained = "400/422 (explained)"
        case otherClient = "other 4xx"
        case server = "5xx"
        case undecoded = "reply not decoded"
        case unbuilt = "request not built"
        case transport = "no reply"
        case unmapped = "not mapped"
    }

    let session: Session
    var counts: [Kind: Int] = [:]
    var lines: [Kind: [String]] = [:]

    init(session: Session) { self.session = session }

    /// The operations called, without the ` ~k` of a variant's call (SWEEP_VARIANTS).
    var operations: Set<Substring> = []

    func note(_ kind: Kind, _ name: String, _ text: String) {
        counts[kind, default: 0] += 1
        operations.insert(name.split(separator: " ~").first ?? Substring(name))
        lines[kind, default: []].append("\(name): \(text)")
        print("\(kind.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)) \(name)\(text.isEmpty ? "" : ": \(text)")")
    }

    func unmapped(_ name: String, _ why: String) { note(.unmapped, name, why) }

    /// The ids the creates' replies carried, by the create's path (the setup step: a later path
    /// parameter naming an object by id under that path gets it).
    var ids: [String: String] = [:]

    /// Builds the request (`make` decodes the document's values into the generated types, given the
    /// ids created so far) and sends it; a create (`creates`: its path) keeps its reply's `id`. A
    /// 400/422 to an operation with an explanation (`explained`: why it is not the client's fault,
    /// given by wire.sh with the server's reply) is counted apart.
    func send<Request: RequestContextType>(
        _ name: String, creates: String?, explained: String? = nil, _ make: ([String: String]) throws -> Request
    ) async {
        let request: Request
        do {
            request = try make(ids)
        } catch {
            note(.unbuilt, name, "\(error)")
            return
        }
        do {
            let response = try await session.send(request)
            note(.success, name, "")
            if let creates, let reply = response as? any Encodable, let data = try? JSONEncoder().encode(reply),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let id = object["id"] as? String
            {
                ids[creates] = id
            }
        } catch {
            let (status, text) = Sweep.reply(of: error)
            guard let status else {
                if case .decoding(let inner, let excerpt)? = (error as? BricksError)?.reason {
                    note(.undecoded, name, "\(inner) — \(excerpt)")
                } else {
                    note(.transport, name, text)
                }
                return
            }
            let kind: Kind
            switch status {
            case 404, 409: kind = .state
            case 400, 422: kind = explained == nil ? .clientFault : .explained
            case 400..<500: kind = .otherClient
            default: kind = status >= 500 ? .server : .transport
            }
            // A malformed request's reply whole: it says what the server wanted.
            let shown = kind == .clientFault ? Substring(text) : text.prefix(400)
            note(kind, name, "\(status) \(shown)\(kind == .explained ? " — \(explained ?? "")" : "")")
        }
    }

    /// The status and text of an error that carries a reply: a `BricksError` with an unacceptable
    /// status, or a `TypedAPIError` of any value type (its `head`, read by reflection).
    static func reply(of error: any Error) -> (Int?, String) {
        if let error = error as? BricksError {
            if case .unacceptableStatus(let head, let body) = error.reason {
                return (head.statusCode, String(decoding: body, as: UTF8.self))
            }
            return (nil, "\(error)")
        }
        for child in Mirror(reflecting: error).children {
            if child.label == "head", let head = child.value as? ResponseHead {
                return (head.statusCode, "\(error)")
            }
        }
        return (nil, "\(error)")
    }

    /// The table; true when no request was malformed and every reply decoded.
    func summary(server: String) -> Bool {
        let total = counts.values.reduce(0, +)
        print("\nsweep of \(server): \(operations.count) operations, \(total) calls")
        for kind in Kind.allCases {
            print("  \(kind.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)) \(counts[kind, default: 0])")
        }
        for kind in [Kind.clientFault, .explained, .undecoded, .unbuilt, .unmapped] {
            for line in lines[kind, default: []] { print("  \(kind.rawValue): \(line)") }
        }
        return counts[.clientFault, default: 0] == 0 && counts[.undecoded, default: 0] == 0
    }
}
