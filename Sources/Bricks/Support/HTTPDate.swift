import Foundation

/// Parses the three date formats RFC 9110 §5.6.7 says recipients must accept.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // obsolete RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",  // obsolete asctime: Sun Nov  6 08:49:37 1994
    ]

    /// The date, or `nil` when `string` is in none of the formats. The preferred format
    /// (IMF-fixdate, what servers send in `Date`, `Expires` and `Last-Modified`, which the HTTP
    /// cache reads on every reply) is read by hand; the two obsolete ones with a formatter made
    /// per call (making one costs about as much as a loopback request on Linux).
    static func parse(_ string: String) -> Date? {
        if let date = parseIMFFixdate(string) { return date }
        // Both obsolete formats name a month and write a time with two colons: what does not (an
        // `Expires: 0`, garbage) is refused before a formatter is made, which costs milliseconds.
        let lowercased = string.lowercased()
        guard string.utf8.count <= 64, string.utf8.lazy.filter({ $0 == UInt8(ascii: ":") }).count >= 2,
            months.contains(where: { lowercased.contains($0.lowercased()) })
        else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let collapsed = string.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays: Set<Substring> = ["Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, or `nil` for anything else.
    static func parseIMFFixdate(_ string: String) -> Date? {
        let parts = string.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 6, weekdays.contains(parts[0]), parts[5] == "GMT",
            let day = number(parts[1], digits: 2), (1...31).contains(day),
            let month = months.firstIndex(where: { $0 == parts[2] }),
            let year = number(parts[3], digits: 4)
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, let hour = number(clock[0], digits: 2), let minute = number(clock[1], digits: 2),
            let second = number(clock[2], digits: 2), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// A number of exactly `digits` ASCII digits.
    private static func number(_ text: Substring, digits: Int) -> Int? {
        guard text.utf8.count == digits, let value = DecimalDigits.value(text) else { return nil }
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
}
