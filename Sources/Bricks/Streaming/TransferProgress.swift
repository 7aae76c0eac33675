/// How far a transfer has come: bytes done, and the total when it is known.
public struct TransferProgress: Sendable, Hashable {
    /// Bytes transferred so far.
    public var completedBytes: Int64
    /// The total, when the length is known (`Content-Length`, or a file's size).
    public var expectedBytes: Int64?

    /// Makes a progress value.
    public init(completedBytes: Int64, expectedBytes: Int64?) {
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// The fraction done, from 0 to 1, when the total is known.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return expectedBytes == 0 ? 1 : nil }
        return Swift.min(Double(completedBytes) / Double(expectedBytes), 1)
    }
}
