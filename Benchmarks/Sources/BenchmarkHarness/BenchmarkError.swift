/// A benchmark that could not run, with a sentence that says why.
public struct BenchmarkError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// Makes an error with a message.
    public init(_ description: String) {
        self.description = description
    }
}
