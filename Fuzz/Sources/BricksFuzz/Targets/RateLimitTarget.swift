import Foundation

/// `Retry-After` and the rate-limit fields (`RateLimit`, `RateLimit-Policy`, `X-RateLimit-*`):
/// whatever a server writes, the budget is a count in range and every wait finite, not negative,
/// and within Bricks' clamp.
///
/// Input: a status byte, a time byte, an attempt byte, a jitter byte, then `name:value` lines.
enum RateLimitTarget {
    static let statuses = [200, 403, 429, 503]
    static let largestWait = Duration.seconds(1_000_000_000)

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let status = statuses[input.number(below: statuses.count)]
        let now = Date(timeIntervalSince1970: 1_700_000_000 + Double(input.number(below: 65_536)))
        let attempt = input.number(below: 256) - 4
        let random = Double(input.number(below: 256)) / 256
        let fields: [Field] = input.texts(separatedBy: 0x0A).map { line in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }

        let signal = Lib.rateLimit(status: status, fields, now: now)
        if let remaining = signal.remaining {
            require(remaining >= 0 && remaining <= 1 << 30, "remaining \(remaining) from \(fields)")
        }
        for wait in [signal.resetAfter, signal.retryAfter].compactMap({ $0 }) {
            require(wait >= .zero && wait <= largestWait, "a wait of \(wait) from \(fields)")
        }
        if signal.retryAfter != nil { require([403, 429, 503].contains(status), "Retry-After read on a \(status)") }
        for field in fields.prefix(2) {
            if let wait = Lib.retryAfter(field.value, now: now) {
                require(wait >= .zero && wait <= largestWait, "Retry-After \(field.value.debugDescription) gave \(wait)")
                let trimmed = field.value.trimmingCharacters(in: .whitespaces)
                if let seconds = Int(trimmed), trimmed.allSatisfy(\.isASCII), trimmed.first != "+", trimmed.first != "-", seconds <= 1_000_000_000 {
                    require(wait == .seconds(seconds), "Retry-After \(trimmed) gave \(wait)")
                }
            }
        }
        let backoff = Lib.backoff(attempt: attempt, random: random)
        require(backoff >= .zero && backoff <= largestWait, "backoff \(backoff) after attempt \(attempt)")
    }
}
