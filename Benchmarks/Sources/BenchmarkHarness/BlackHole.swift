/// Where measured results go, so that the optimizer cannot drop the work that produced them.
nonisolated(unsafe) private var sink: Any?

/// Keeps `value` alive as an observable result, so that the work that produced it is measured.
///
/// Call it with the result of every measured operation. It costs the same for every contender.
@inline(never)
public func blackHole<T>(_ value: T) {
    sink = value
}
