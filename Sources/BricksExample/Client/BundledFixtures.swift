import BricksTesting
import Foundation

/// The recorded GitHub exchanges bundled with the example (see `Fixtures/README.md`), served by a
/// `ReplayTransport` when no `--base-url` is given.
enum BundledFixtures {
    /// The fixture files the example's calls are answered from, in the order it makes them.
    static let names = ["get-repository", "paginate-issues", "search-issues", "labels", "errors"]

    /// A strict replay of every bundled exchange that also checks request bodies, so a call the
    /// example did not record, or a body that differs from what GitHub received, fails loudly.
    /// - Throws: ``ExampleError/missingFixture(_:)``, or `BricksTestingError` for a fixture that
    ///   cannot be read.
    static func transport() throws -> ReplayTransport {
        var exchanges: [RecordedExchange] = []
        for name in names {
            guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures")
            else { throw ExampleError.missingFixture("Fixtures/\(name).json") }
            exchanges += try ReplayTransport(contentsOf: url).exchanges
        }
        return ReplayTransport(exchanges: exchanges, options: .init(matchesBody: true))
    }
}
