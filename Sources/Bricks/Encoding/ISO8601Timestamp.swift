import Foundation

/// Writes a `Date` as an ISO 8601 / RFC 3339 timestamp in UTC that reads back as the same `Date`,
/// bit for bit: `2027-01-15T08:00:00.8203701Z`.
///
/// A `Date` is a `Double` of seconds since 2001-01-01. The fraction written is the shortest run of
/// decimal digits that reads back as that `Double` (Swift's shortest round-trip digits), so a date
/// that came from a timestamp in microseconds is written with those microseconds
/// (`…24.82037Z`), a date read from the clock with the seven or so digits it holds, and a whole
/// second with no fraction at all (`…24Z`). At most nine digits (nanoseconds): that is every digit
/// for any date more than 10^7 seconds (about 116 days) from 2001-01-01; closer to it, a `Double`
/// holds finer digits, which are rounded to the nanosecond. The calendar is the proleptic Gregorian one ISO 8601
/// prescribes, computed with integers (Foundation's calendar switches to Julian dates before
/// 1582-10-15). Years 0000 to 9999 only: anything else has no four-digit form.
enum ISO8601Timestamp {
    /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
    static let referenceDateOffset: Int64 = 978_307_200
    /// Seconds since 1970 of 0000-01-01T00:00:00Z.
    static let earliest: Int64 = -62_167_219_200
    /// Seconds since 1970 of 10000-01-01T00:00:00Z.
    static let end: Int64 = 253_402_300_800

    /// The timestamp of `date`, or `nil` when it is not finite or outside years 0000–9999.
    static func string(from date: Date) -> String? {
        let seconds = date.timeIntervalSinceReferenceDate
        // The calendar check below is exact; this one only keeps the integer part small.
        guard seconds.isFinite, seconds.magnitude < 1e12, let exact = ExactDecimal(seconds) else { return nil }
        let (whole, fraction) = rounded(exact.floorAndFraction())
        let sinceEpoch = whole + referenceDateOffset
        guard sinceEpoch >= earliest, sinceEpoch < end else { return nil }

        let days = floorDivide(sinceEpoch, 86_400)
        let secondOfDay = sinceEpoch - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        var text = ""
        text.reserveCapacity(21 + fraction.count)
        append(year, width: 4, to: &text)
        text += "-"
        append(month, width: 2, to: &text)
        text += "-"
        append(day, width: 2, to: &text)
        text += "T"
        append(secondOfDay / 3600, width: 2, to: &text)
        text += ":"
        append(secondOfDay / 60 % 60, width: 2, to: &text)
        text += ":"
        append(secondOfDay % 60, width: 2, to: &text)
        if !fraction.isEmpty {
            text += "."
            text += String(decoding: fraction, as: UTF8.self)
        }
        text += "Z"
        return text
    }

    /// At most this many digits after the point: nanoseconds.
    static let maximumFractionDigits = 9

    /// `whole` + `0.fraction` rounded to ``maximumFractionDigits`` digits (half up), carrying into
    /// the seconds; the digits without trailing zeros.
    static func rounded(_ value: (whole: Int64, fraction: [UInt8])) -> (Int64, [UInt8]) {
        guard value.fraction.count > maximumFractionDigits else { return value }
        var digits = Array(value.fraction[..<maximumFractionDigits])
        guard value.fraction[maximumFractionDigits] >= UInt8(ascii: "5") else {
            while digits.last == UInt8(ascii: "0") { digits.removeLast() }
            return (value.whole, digits)
        }
        // Add one at the last place, from the right; a carry out of the first digit is a second.
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] == UInt8(ascii: "9") {
                digits[index] = UInt8(ascii: "0")
                index -= 1
            } else {
                digits[index] += 1
                break
            }
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return (index < 0 ? value.whole + 1 : value.whole, digits)
    }

    /// `numerator / denominator` rounded toward negative infinity (`denominator` > 0).
    static func floorDivide(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        let quotient = numerator / denominator
        return numerator % denominator < 0 ? quotient - 1 : quotient
    }

    /// Year, month and day in the proleptic Gregorian calendar of a day counted from 1970-01-01
    /// (Howard Hinnant's `civil_from_days`, valid far beyond years 0000–9999).
    static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSinceEpoch + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Appends `value` (not negative) with leading zeros up to `width` digits.
    private static func append(_ value: Int64, width: Int, to text: inout String) {
        let digits = String(value)
        if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
        text += digits
    }
}

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
