/// A finite `Double` as the exact decimal of its shortest round-trip digits: the integer part and
/// the digits after the point, so nothing is rounded on the way to text.
struct ExactDecimal {
    /// Whether the value is below zero.
    let isNegative: Bool
    /// The digits of the magnitude's integer part, most significant first, no leading zeros.
    let integerDigits: [UInt8]
    /// The digits after the point, no trailing zeros.
    let fractionDigits: [UInt8]

    /// The shortest digits that read back as `value` (`nil` when it is not finite).
    init?(_ value: Double) {
        guard value.isFinite else { return nil }
        // `description` is Swift's shortest round-trip form: `820000000.8203701`, `1e-05`, `-1.5e+20`.
        var text = Substring(value.description)
        isNegative = text.hasPrefix("-")
        if isNegative { text = text.dropFirst() }
        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let parsed = Int(text[text.index(after: marker)...]) else { return nil }
            exponent = parsed
            text = text[..<marker]
        }
        var digits: [UInt8] = []
        var pointPosition: Int?
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                pointPosition = digits.count
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                digits.append(byte)
            }
        }
        // The value is 0.digits × 10^(point + exponent), point counted from the left.
        let point = (pointPosition ?? digits.count) + exponent
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        if point <= 0 {
            fraction = [UInt8](repeating: UInt8(ascii: "0"), count: -point) + digits
        } else if point >= digits.count {
            integer = digits + [UInt8](repeating: UInt8(ascii: "0"), count: point - digits.count)
        } else {
            integer = Array(digits[..<point])
            fraction = Array(digits[point...])
        }
        while integer.first == UInt8(ascii: "0") { integer.removeFirst() }
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        integerDigits = integer
        fractionDigits = fraction
    }

    /// The value in plain decimal notation, never with an exponent: `-0.000012`, `1714564800`,
    /// `1714564800.25`.
    var plainText: String {
        var bytes: [UInt8] = isNegative && !(integerDigits.isEmpty && fractionDigits.isEmpty) ? [UInt8(ascii: "-")] : []
        bytes += integerDigits.isEmpty ? [UInt8(ascii: "0")] : integerDigits
        if !fractionDigits.isEmpty { bytes += [UInt8(ascii: ".")] + fractionDigits }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The largest integer not above the value, and the digits of what is left (0 ≤ rest < 1),
    /// no trailing zeros. The integer part must fit in `Int64` (callers bound the magnitude).
    func floorAndFraction() -> (Int64, [UInt8]) {
        var magnitude: Int64 = 0
        for digit in integerDigits {
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            magnitude = overflowTimes || overflowSum ? Int64.max : sum
        }
        guard isNegative else { return (magnitude, fractionDigits) }
        guard !fractionDigits.isEmpty else { return (-magnitude, []) }
        // -(m + 0.f) = -(m + 1) + (1 - 0.f); 1 - 0.f digit by digit: 9 - d, and 10 - d for the last.
        var complement = fractionDigits.map { UInt8(ascii: "9") - ($0 - UInt8(ascii: "0")) }
        if let last = fractionDigits.last { complement[complement.count - 1] = UInt8(ascii: "0") + 10 - (last - UInt8(ascii: "0")) }
        return (-magnitude - 1, complement)
    }
}
