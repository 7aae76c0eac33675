/// What ``RateLimitMiddleware`` knows about one host, and the decision to send or wait: pure
/// transitions, driven by tests without a clock or a server.
///
/// The budget is a local estimate: each request sent takes one from it, and each reply lowers it
/// to what the server says is left. A server can count a request only once it arrives, so the
/// estimate never trusts a reply to give back requests still in flight.
struct RateLimitHostState: Sendable {
    /// The budget of the current window: requests left, and when the window resets.
    struct Budget: Equatable, Sendable {
        var remaining: Int
        var resetsAt: ContinuousClock.Instant
    }

    /// Why a request has to wait.
    enum Hold: Equatable, Sendable {
        /// A refusal's `Retry-After` has not passed yet.
        case retryAfter
        /// The window's budget is spent until it resets.
        case budgetSpent
        /// The window's budget is unknown and one request is out to learn it.
        case learningBudget
        /// The cap on concurrent requests to the host is reached.
        case concurrency
        /// The previous write was sent less than the write spacing ago.
        case writeSpacing
    }

    /// What a request may do now.
    enum Admission: Equatable, Sendable {
        /// Send it; hand the ticket back to ``finish(_:signal:now:)``.
        case send(Ticket)
        /// Wait until the instant, then ask again.
        case waitUntil(ContinuousClock.Instant, Hold)
        /// Wait until another request to the host finishes, or until the instant if there is one,
        /// then ask again.
        case waitForChange(Hold, until: ContinuousClock.Instant? = nil)
    }

    /// A sent request's place in the host's history.
    struct Ticket: Equatable, Sendable {
        /// The budget window it was sent in: a reply from an earlier one is stale.
        var window: Int
        /// Whether it was sent alone to learn the budget.
        var isProbe: Bool
    }

    private(set) var inFlight = 0
    private(set) var budget: Budget?
    /// Counts the budget windows; raised whenever the known budget is dropped.
    private(set) var window = 0
    /// Whether the host's last reply gave a budget: `nil` until its first reply. A host that
    /// does not is sent requests freely, with no request out alone to learn a budget.
    private(set) var reportsBudget: Bool?
    /// When the request out to learn the budget was sent, or `nil` when none is out.
    private(set) var probeSentAt: ContinuousClock.Instant?
    private(set) var blockedUntil: ContinuousClock.Instant?
    private(set) var nextWriteAt: ContinuousClock.Instant?

    /// How long the other requests wait for the reply that tells a host's budget before they go
    /// without it.
    static let learningPatience = Duration.seconds(1)

    /// Decides whether a request may go now, and if it may, counts it as sent.
    mutating func admit(isWrite: Bool, policy: RateLimitPolicy, now: ContinuousClock.Instant) -> Admission {
        if let blockedUntil {
            if now < blockedUntil { return .waitUntil(blockedUntil, .retryAfter) }
            self.blockedUntil = nil
        }
        if let budget, now >= budget.resetsAt {
            self.budget = nil
            window += 1
        }
        if let budget, budget.remaining <= 0 { return .waitUntil(budget.resetsAt, .budgetSpent) }
        var probes = budget == nil && (reportsBudget ?? policy.learnsBudgetFirst)
        if probes, let probeSentAt {
            // A slow reply (a long poll, a large body) holds the others for a while, not for ever.
            let patience = probeSentAt + Self.learningPatience
            if now < patience { return .waitForChange(.learningBudget, until: patience) }
            probes = false
        }
        if let cap = policy.maximumConcurrentRequestsPerHost, inFlight >= Swift.max(cap, 1) {
            return .waitForChange(.concurrency)
        }
        if isWrite, let nextWriteAt, now < nextWriteAt { return .waitUntil(nextWriteAt, .writeSpacing) }

        inFlight += 1
        budget?.remaining -= 1
        if probes { probeSentAt = now }
        if isWrite, policy.writeSpacing > .zero { nextWriteAt = now + policy.writeSpacing }
        return .send(Ticket(window: window, isProbe: probes))
    }

    /// Counts a request as finished and learns from its reply (`nil` when it failed without one).
    mutating func finish(_ ticket: Ticket, signal: RateLimitSignal?, now: ContinuousClock.Instant) {
        inFlight = Swift.max(inFlight - 1, 0)
        if ticket.isProbe { probeSentAt = nil }
        guard let signal else { return }

        if let retryAfter = signal.retryAfter, retryAfter > .zero {
            let until = now + retryAfter
            blockedUntil = Swift.max(blockedUntil ?? until, until)
        }
        reportsBudget = signal.hasBudget
        // A reply to a request of an earlier window speaks of that window: its budget is stale.
        guard ticket.window == window, let remaining = signal.remaining, let resetAfter = signal.resetAfter else { return }
        let reported = Budget(remaining: remaining, resetsAt: now + resetAfter)
        if var budget {
            if reported.remaining > budget.remaining + inFlight {
                // More than the server could have left in our window: it has started a new one.
                self.budget = Budget(remaining: reported.remaining - inFlight, resetsAt: reported.resetsAt)
            } else {
                budget.remaining = Swift.min(budget.remaining, reported.remaining)
                budget.resetsAt = Swift.min(budget.resetsAt, reported.resetsAt)
                self.budget = budget
            }
        } else {
            // The requests still in flight may not have been counted yet: take them off.
            self.budget = Budget(remaining: reported.remaining - inFlight, resetsAt: reported.resetsAt)
        }
    }
}
