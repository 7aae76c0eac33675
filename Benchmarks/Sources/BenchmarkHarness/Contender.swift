/// One side of a comparison: a name and a body that does a given number of units of work
/// (build that many requests, send that many requests, …).
///
/// The body runs the loop itself, so that a synchronous operation is measured in a synchronous
/// loop and a concurrent one can spread its units over many tasks.
///
/// ```swift
/// let bricks = Contender("Bricks") { iterations in
///     for _ in 0..<iterations { blackHole(try endpoint.makeRequestHead(body: nil)) }
/// }
/// ```
public struct Contender: Sendable {
    /// The name the report uses for this contender.
    public let name: String
    /// Does `iterations` units of work.
    public let body: @Sendable (_ iterations: Int) async throws -> Void

    /// Makes a contender.
    /// - Parameters:
    ///   - name: the name the report uses.
    ///   - body: does the given number of units of work.
    public init(_ name: String, body: @escaping @Sendable (_ iterations: Int) async throws -> Void) {
        self.name = name
        self.body = body
    }
}
