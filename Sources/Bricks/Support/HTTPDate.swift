import Foundation

/// Parses the three date formats RFC 9110 §5.6.7 says recipients must accept, by hand: no
/// `DateFormatter` (making one costs about as much as a loopback request on Linux, and
/// swift-corelibs-foundation's leaks memory on some malformed values a server can send).
///
/// Names of days and months are case-sensitive, as the grammar says; runs of spaces count as one.
enum HTTPDate {
    /// The date, or `nil` when `string` is in none of the formats: IMF-fixdate
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`, what servers send in `Date`, `Expires` and
    /// `Last-Modified`), the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime's
    /// (`Sun Nov  6 08:49:37 1994`).
    static func parse(_ string: String, now: Date = Date()) -> Date? {
        let parts = string.split(separator: " ", omittingEmptySubsequences: true)
        switch parts.count {
        case 6: return imfFixdate(parts)
        case 4: return rfc850(parts, now: now)
        case 5: return asctime(parts)
        default: return nil
        }
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, or `nil` for anything else.
    static func parseIMFFixdate(_ string: String) -> Date? {
        imfFixdate(string.split(separator: " ", omittingEmptySubsequences: true))
    }

    private static let months: [Substring] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays: Set<Substring> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longWeekdays: Set<Substring> = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `Sun,` `06` `Nov` `1994` `08:49:37` `GMT`.
    private static func imfFixdate(_ parts: [Substring]) -> Date? {
        guard parts.count == 6, parts[0].last == ",", weekdays.contains(parts[0].dropLast()), parts[5] == "GMT",
            let day = number(parts[1], digits: 2...2), let month = months.firstIndex(of: parts[2]),
            let year = number(parts[3], digits: 4...4)
        else { return nil }
        return date(year: year, month: month + 1, day: day, clock: parts[4])
    }

    /// `Sunday,` `06-Nov-94` `08:49:37` `GMT`: a two-digit year more than 50 years after `now`'s is
    /// of the century before (RFC 9110 §5.6.7).
    private static func rfc850(_ parts: [Substring], now: Date) -> Date? {
        let day = parts[1].split(separator: "-", omittingEmptySubsequences: false)
        guard parts[0].last == ",", longWeekdays.contains(parts[0].dropLast()), parts[3] == "GMT", day.count == 3,
            let dayOfMonth = number(day[0], digits: 2...2), let month = months.firstIndex(of: day[1]),
            let shortYear = number(day[2], digits: 2...2)
        else { return nil }
        let thisYear = gregorianGMT.component(.year, from: now)
        var year = thisYear - thisYear % 100 + shortYear
        if year > thisYear + 50 { year -= 100 }
        return date(year: year, month: month + 1, day: dayOfMonth, clock: parts[2])
    }

    /// `Sun` `Nov` `6` `08:49:37` `1994`.
    private static func asctime(_ parts: [Substring]) -> Date? {
        guard weekdays.contains(parts[0]), let month = months.firstIndex(of: parts[1]),
            let day = number(parts[2], digits: 1...2), let year = number(parts[4], digits: 4...4)
        else { return nil }
        return date(year: year, month: month + 1, day: day, clock: parts[3])
    }

    /// The instant of a day of the proleptic Gregorian calendar at the time `clock` (`HH:mm:ss`) in
    /// GMT, or `nil` when the day or the time is out of range.
    private static func date(year: Int, month: Int, day: Int, clock: Substring) -> Date? {
        let time = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...31).contains(day), time.count == 3, let hour = number(time[0], digits: 2...2),
            let minute = number(time[1], digits: 2...2), let second = number(time[2], digits: 2...2),
            hour < 24, minute < 60, second < 61
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// A number of `digits` ASCII digits.
    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), let value = DecimalDigits.value(text) else { return nil }
        return Int(value)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (years 0...9999 here).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The Gregorian calendar in GMT, for the current year the RFC 850 form's century depends on.
    private static let gregorianGMT: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
