// Shared by the scenarios of Generator/wire.sh (copied beside each one's main.swift): what the
// calls showed, and the summary each scenario ends with.
import Bricks
import Foundation

/// What the calls showed.
actor Tally {
    var exercised: Set<String> = []
    var malformed: [String] = []
    var undecoded: [String] = []
    var failed: [String] = []
    var unimplemented: [String] = []

    func record(_ name: String, outcome: Outcome) {
        switch outcome {
        case .ok: exercised.insert(name)
        case .malformed(let text): malformed.append("\(name): \(text)")
        case .undecoded(let text): undecoded.append("\(name): \(text)")
        case .failed(let text): failed.append("\(name): \(text)")
        case .unimplemented(let text):
            exercised.insert(name)  // sent, accepted as well-formed, answered: the server has no such method
            unimplemented.append("\(name): \(text)")
        }
    }

    enum Outcome: Sendable {
        case ok
        case malformed(String)
        case undecoded(String)
        case failed(String)
        /// The server answered that it does not implement the method (ChromaDB's single-node mode).
        case unimplemented(String)
    }

    /// Records a wrong answer to a call that succeeded.
    func expect(_ condition: Bool, _ what: String) {
        if !condition {
            failed.append("\(what): wrong answer")
            print("WRONG     \(what)")
        }
    }

    /// Prints the counts, operations being the named calls (a variant's name has a space: `X (…)`),
    /// and says whether every count that must be 0 is.
    func summary(of operations: Int, notes: [String] = []) -> Bool {
        let named = exercised.filter { !$0.contains(" ") }
        print("")
        print("operations exercised: \(named.count) of \(operations)")
        for note in notes { print("  \(note)") }
        if !unimplemented.isEmpty {
            print("  of those, answered \"not implemented\" by this server: \(unimplemented.count)")
            for line in unimplemented { print("    \(line)") }
        }
        print("requests rejected as malformed: \(malformed.count)")
        for line in malformed { print("  \(line)") }
        print("replies that failed to decode: \(undecoded.count)")
        for line in undecoded { print("  \(line)") }
        print("other failures and wrong answers: \(failed.count)")
        for line in failed { print("  \(line)") }
        return malformed.isEmpty && undecoded.isEmpty && failed.isEmpty
    }
}

/// Sends `request` through `session`, prints a line and records how it went: a reply that failed to
/// decode, a `400`/`422` (the request was malformed), or what `classify` makes of another error (a
/// failure when it returns `nil`).
func exercise<Request: RequestContextType>(
    _ name: String, _ request: Request, through session: Session, into tally: Tally,
    classify: (any Error) -> Tally.Outcome? = { _ in nil }
) async -> Request.Response? {
    do {
        let response = try await session.send(request)
        await tally.record(name, outcome: .ok)
        print("ok        \(name)")
        return response
    } catch {
        let outcome: Tally.Outcome
        switch (error as? BricksError)?.reason {
        case .decoding(let inner, let excerpt): outcome = .undecoded("\(inner) — \(excerpt)")
        case .transport(let cause) where String(reflecting: type(of: cause)).hasSuffix("Fake.Violation"):
            // A generated fake refused the request, as the server's 400 would.
            outcome = .malformed("refused by the fake: \(cause)")
        case .unacceptableStatus(let head, let body) where head.statusCode == 400 || head.statusCode == 422:
            outcome = .malformed("\(head.statusCode) \(String(decoding: body, as: UTF8.self))")
        default: outcome = classify(error) ?? .failed("\(error)")
        }
        await tally.record(name, outcome: outcome)
        print("FAILED    \(name): \(error)")
        return nil
    }
}

/// A request with one fault a client with a bug would make, and the rule a generated fake must
/// refuse it by (`required`, `enum`, `bounds`, `security`…).
typealias Mutation = (rule: String, what: String, send: @Sendable () async throws -> Void)

/// Sends each mutation to a generated fake: each must fail with the fake's `Violation` of its rule
/// (`violationRule` reads the rule of the scenario's fake type). Prints a line each and the count;
/// a mutation not caught, or caught by another rule, is a failure of the run.
func expectRefused(_ mutations: [Mutation], violationRule: (any Error) -> String?, into tally: Tally) async {
    var caught = 0
    var notes: [String] = []
    for mutation in mutations {
        do {
            try await mutation.send()
            notes.append("NOT CAUGHT  \(mutation.what)")
        } catch {
            if case .transport(let cause)? = (error as? BricksError)?.reason, violationRule(cause) == mutation.rule {
                caught += 1
                notes.append("caught      \(mutation.what): \(cause)")
            } else {
                notes.append("NOT CAUGHT  \(mutation.what): \(error)")
            }
        }
    }
    print("")
    for note in notes { print(note) }
    print("mutations caught by the fake: \(caught) of \(mutations.count)")
    if caught != mutations.count { await tally.expect(false, "every mutation caught by the fake") }
}
