/// A `ContinuousClock` instant held as its distance from one instant read once per process.
///
/// `ContinuousClock.Instant` is not `@frozen`: a struct that stores one has a layout known only
/// at run time, so each copy of it goes through the runtime's value witnesses and each async
/// frame that holds one allocates it on the task. `Duration` is frozen, so ``CallContext`` and
/// ``Deadline``, which every call copies down its stack, store this instead.
struct ClockOffset: Sendable, Comparable {
    /// The distance from ``origin``.
    let sinceOrigin: Duration

    /// The instant every offset counts from: the first time one was needed.
    private static let origin = ContinuousClock.now

    /// The offset of `instant`.
    init(_ instant: ContinuousClock.Instant) { sinceOrigin = Self.origin.duration(to: instant) }

    private init(sinceOrigin: Duration) { self.sinceOrigin = sinceOrigin }

    /// The offset of the current instant.
    static var now: ClockOffset { ClockOffset(.now) }

    /// The instant this offset stands for.
    var instant: ContinuousClock.Instant { Self.origin + sinceOrigin }

    /// The offset `duration` after this one.
    static func + (offset: ClockOffset, duration: Duration) -> ClockOffset {
        ClockOffset(sinceOrigin: offset.sinceOrigin + duration)
    }

    /// The time from this offset to `later` (negative when `later` is earlier).
    func duration(to later: ClockOffset) -> Duration { later.sinceOrigin - sinceOrigin }

    static func < (lhs: ClockOffset, rhs: ClockOffset) -> Bool { lhs.sinceOrigin < rhs.sinceOrigin }
}
