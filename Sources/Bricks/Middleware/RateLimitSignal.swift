import Foundation

/// What one reply says about a host's rate limit, read from its header fields: the budget left
/// in the current window, when that window resets, and how long the server asked to hold off.
///
/// Header values are hostile input: anything that does not parse is ignored, negative numbers
/// are dropped and huge ones clamped, so that reading never traps.
struct RateLimitSignal: Equatable, Sendable {
    /// Requests left in the most restrictive window, or `nil` when the reply does not say.
    var remaining: Int?
    /// When that window resets, from now, or `nil` when the reply does not say.
    var resetAfter: Duration?
    /// Whether the reply gives a budget the middleware can keep: what is left, and until when.
    var hasBudget: Bool { remaining != nil && resetAfter != nil }
    /// How long the server asked the client to send nothing (`Retry-After` on a refusal).
    var retryAfter: Duration?

    /// A value of `X-RateLimit-Reset` (or `RateLimit-Reset`) above this is a Unix epoch second
    /// (GitHub), below it a number of seconds from now (most others).
    static let epochThreshold: Double = 1e9

    /// The largest budget believed; more is clamped (and is no limit worth tracking anyway).
    static let largestRemaining = 1 << 30

    /// Reads the reply's rate-limit fields.
    /// - Parameters:
    ///   - head: the reply.
    ///   - now: the wall-clock time, for epoch seconds and HTTP dates.
    init(_ head: ResponseHead, now: Date = Date()) {
        let fields = head.headerFields
        var candidates: [(remaining: Int, resetAfter: Duration?)] = []

        // draft-ietf-httpapi-ratelimit-headers-09: `RateLimit: "default";r=50;t=30`, one item per
        // policy, `RateLimit-Policy: "default";q=100;w=60` naming each policy's window.
        // draft-07/08: one dictionary, `RateLimit: limit=100, remaining=50, reset=30`.
        let policies = Self.items(fields.combinedValue(for: "RateLimit-Policy"))
        var windows: [String: Duration] = [:]
        for policy in policies {
            if let window = policy.parameters["w"].flatMap(Self.number) { windows[policy.name] = .clampedSeconds(window) }
        }
        let items = Self.items(fields.combinedValue(for: "RateLimit"))
        var dictionary: [String: String] = [:]
        for item in items {
            if let separator = item.name.firstIndex(of: "=") {
                let key = item.name[..<separator].trimmingCharacters(in: .whitespaces).lowercased()
                dictionary[key] = String(item.name[item.name.index(after: separator)...])
            } else if let remaining = item.parameters["r"].flatMap(Self.count) {
                let reset = item.parameters["t"].flatMap(Self.number).map(Duration.clampedSeconds) ?? windows[item.name]
                candidates.append((remaining, reset))
            }
        }
        if let remaining = dictionary["remaining"].flatMap(Self.count) {
            candidates.append((remaining, dictionary["reset"].flatMap { Self.reset($0, now: now) }))
        }

        // draft-00 to 06, and the older `X-` fields (GitHub: reset is an epoch second).
        for prefix in ["RateLimit-", "X-RateLimit-"] {
            if let remaining = fields[prefix + "Remaining"].flatMap(Self.count) {
                candidates.append((remaining, fields[prefix + "Reset"].flatMap { Self.reset($0, now: now) }))
            }
        }

        // The most restrictive window wins: the least left; among spent ones, the latest reset.
        if let tightest = candidates.min(by: { a, b in
            if a.remaining != b.remaining { return a.remaining < b.remaining }
            return (a.resetAfter ?? .zero) > (b.resetAfter ?? .zero)
        }) {
            remaining = tightest.remaining
            resetAfter = tightest.resetAfter
        }

        // A refusal that says when to come back: 429, 503, and GitHub's secondary limit, a 403
        // with `Retry-After` (a 403 with `X-RateLimit-Remaining: 0` is covered by the budget).
        if [429, 503, 403].contains(head.statusCode), let value = fields["Retry-After"] {
            retryAfter = RetryPolicy.retryAfter(value, now: now)
        }
    }

    /// Makes a signal from its parts (tests).
    init(remaining: Int? = nil, resetAfter: Duration? = nil, retryAfter: Duration? = nil) {
        self.remaining = remaining
        self.resetAfter = resetAfter
        self.retryAfter = retryAfter
    }

    /// A reset value: seconds from now, or an epoch second when larger than ``epochThreshold``.
    static func reset(_ text: String, now: Date) -> Duration? {
        guard let seconds = number(text) else { return nil }
        return .clampedSeconds(seconds > epochThreshold ? seconds - now.timeIntervalSince1970 : seconds)
    }

    /// A non-negative count, clamped to ``largestRemaining``; `nil` for anything else.
    static func count(_ text: String) -> Int? {
        guard let value = number(text) else { return nil }
        return value >= Double(largestRemaining) ? largestRemaining : Int(value)
    }

    /// A non-negative decimal number (`30`, `1.5`), or `nil`: signs, exponents, `inf` and `nan`
    /// are refused. Only the part before a `;` or `,` counts (`RateLimit-Limit: 100;w=60`).
    static func number(_ text: String) -> Double? {
        let head = text.prefix { $0 != ";" && $0 != "," }.trimmingCharacters(in: .whitespaces)
        guard !head.isEmpty, head.count <= 40, head.first != ".",
            head.allSatisfy({ $0 == "." || ("0"..."9").contains($0) }), head.filter({ $0 == "." }).count <= 1,
            let value = Double(head), value.isFinite
        else { return nil }
        return value
    }

    /// One member of a structured-field list: its name (a string or token; for a dictionary
    /// member, `key=value`) and its parameters, keys lowercased.
    struct Item: Equatable {
        var name: String
        var parameters: [String: String]
    }

    /// The members of a structured-field list, read leniently (RFC 8941 §3.1): commas and
    /// semicolons inside quoted strings do not split; inner lists are skipped.
    static func items(_ value: String?) -> [Item] {
        guard let value, value.utf8.count <= 8192 else { return [] }
        return split(value, on: ",").compactMap { member in
            let parts = split(member, on: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let bare = parts.first, !bare.isEmpty, !bare.hasPrefix("(") else { return nil }
            var parameters: [String: String] = [:]
            for part in parts.dropFirst() {
                let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard let key = pair.first?.trimmingCharacters(in: .whitespaces).lowercased(), !key.isEmpty else { continue }
                parameters[key] = pair.count == 2 ? unquoted(pair[1]) : "?1"
            }
            return Item(name: unquoted(bare), parameters: parameters)
        }
    }

    /// `text` split on `separator` outside double quotes (a backslash escapes inside them).
    private static func split(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == separator && !quoted {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// A string item without its quotes and escapes; a token as it is.
    private static func unquoted(_ text: String) -> String {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if !escaped && character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }
}
