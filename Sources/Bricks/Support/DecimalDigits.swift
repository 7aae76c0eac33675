/// Numbers written as ASCII decimal digits and nothing else, as HTTP fields write them
/// (`Content-Length`, `Age`, `max-age=60`, `Retry-After: 120`, the parts of a date): no sign, no
/// spaces, no `+`, no underscores, which Swift's `Int("…")` would take or refuse differently.
enum DecimalDigits {
    /// Whether `text` is one or more ASCII digits.
    static func isDigits(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The value of `text` when it is only digits; `nil` otherwise or when it overflows.
    static func value(_ text: some StringProtocol) -> Int64? {
        isDigits(text) ? Int64(String(text)) : nil
    }

    /// A delta-seconds value (RFC 9111 §1.2.2): digits, with a value too large taken as
    /// 2^31 − 1 seconds; `nil` when it is not digits.
    static func deltaSeconds(_ text: some StringProtocol) -> Int64? {
        guard isDigits(text) else { return nil }
        // Leading zeros dropped first: twelve significant digits are past the clamp already.
        let significant = text.drop { $0 == "0" }.prefix(12)
        return min(significant.isEmpty ? 0 : Int64(significant) ?? Int64(Int32.max), Int64(Int32.max))
    }
}
