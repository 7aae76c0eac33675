/// When the exchange under way must be over, for a transport that stops by it itself.
///
/// The ``Session``'s core computes it (``HTTPTransport/stopsAtDeadline``). A transport that
/// declares it stops there reads ``current`` in ``HTTPTransport/exchange(_:body:)`` and, once the
/// instant passes, fails the exchange (or the body being read) with
/// ``BricksError/Reason/timedOut(after:)``: the core then needs no task of its own per exchange.
/// Other transports are cancelled by the core instead.
public struct ExchangeDeadline: Sendable {
    /// When the time runs out.
    public let instant: ContinuousClock.Instant
    /// Whether the body must be read by then too (a whole-body call), or only the head (a
    /// streamed call, whose body is read at the caller's pace).
    public let coversBody: Bool
    /// For a whole-body call, the most body bytes the core accepts (`Int.max` when none): a
    /// transport that reads the body whole itself may stop there, with
    /// ``BricksError/Reason/responseTooLarge(limit:)``.
    public let bodyLimit: Int

    /// The deadline of the exchange the current task is running, if the core set one.
    @TaskLocal public static var current: ExchangeDeadline?
}
