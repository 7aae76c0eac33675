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
