/// Keeps `value` alive as an observable result, so that the work that produced it is measured.
///
/// Call it with the result of every measured operation. It costs the same for every contender,
/// and it is safe from many tasks at once: the optimizer may not look into it, so it must assume
/// that the value is used, yet nothing is stored (a shared global written by 64 concurrent tasks
/// was a data race that crashed the concurrent round trips).
@_optimize(none)
public func blackHole<T>(_ value: T) {}
