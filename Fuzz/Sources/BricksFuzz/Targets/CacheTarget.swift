import Foundation

/// The HTTP cache's readings of a reply: `Cache-Control`, `Date`, `Expires`, `Last-Modified`,
/// `Age` and `Vary`, and the freshness it computes from them: never negative or infinite, `max-age`
/// first, dates the hand-written parser reads equal to the calendar's.
///
/// Input: a status byte, two time bytes, six date-component bytes, then `name:value` lines.
enum CacheTarget {
    static let statuses = [200, 203, 204, 206, 301, 304, 404, 410, 500, 501]
    static let directives = ["max-age", "s-maxage", "no-cache", "no-store", "must-revalidate", "max-stale", "min-fresh",
                             "stale-if-error", "stale-while-revalidate", "public", "private", "only-if-cached"]

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let status = statuses[input.number(below: statuses.count)]
        let responseTime = Date(timeIntervalSince1970: 1_700_000_000)
        let requestTime = responseTime.addingTimeInterval(-Double(input.number(below: 256)))
        let now = responseTime.addingTimeInterval(Double(input.number(below: 65_536)))
        let components = (0..<6).map { _ in input.number(below: 65_536) }
        let fields: [Field] = input.texts(separatedBy: 0x0A).map { line in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : "")
        }

        let decision = Lib.freshness(status: status, fields, requestTime: requestTime, responseTime: responseTime, now: now)
        for (name, value) in [("lifetime", decision.lifetime), ("initial age", decision.initialAge), ("current age", decision.currentAge)] {
            require(value.isFinite && value >= 0, "\(name) \(value) for \(fields)")
        }
        require(decision.currentAge >= decision.initialAge, "the age went down: \(decision)")
        require(decision.fresh == (decision.lifetime > decision.currentAge), "fresh \(decision.fresh) for \(decision)")

        let controls = fields.filter { asciiLowercased($0.name) == "cache-control" }.map(\.value)
        let readings = Lib.cacheControl(controls, names: directives)
        for reading in readings {
            if let seconds = reading.seconds {
                require(reading.has && seconds >= 0 && seconds <= Int64(Int32.max), "\(reading.name) = \(seconds) in \(controls)")
            } else {
                require(!reading.has, "\(reading.name) present without seconds in \(controls)")
            }
            if reading.bare { require(reading.has, "\(reading.name) bare but absent") }
        }
        if let maxAge = readings.first(where: { $0.name == "max-age" })?.seconds {
            require(decision.lifetime == Double(maxAge), "max-age \(maxAge) gave a lifetime of \(decision.lifetime)")
        }

        for field in fields.prefix(3) {
            let date = Lib.httpDate(field.value)
            if let fast = date.imfFixdate { require(date.any == fast, "\(field.value.debugDescription): \(String(describing: date.any)) ≠ \(fast)") }
        }
        checkDateForms(components)
        checkVary(fields, pick: components[0])
    }

    /// The Gregorian calendar in GMT, made once.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        return calendar
    }()

    /// A date written from components, as IMF-fixdate and as asctime, reads back as the calendar's date for them.
    static func checkDateForms(_ numbers: [Int]) {
        let year = 1583 + numbers[0] % (10_000 - 1583)
        let month = 1 + numbers[1] % 12
        let day = 1 + numbers[2] % 28
        let (hour, minute, second) = (numbers[3] % 24, numbers[4] % 60, numbers[5] % 60)
        guard let expected = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        else { return }
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][calendar.component(.weekday, from: expected) - 1]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text = "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(hour)):\(two(minute)):\(two(second)) GMT"
        let read = Lib.httpDate(text)
        require(read.imfFixdate == expected, "\(text) read as \(String(describing: read.imfFixdate)), not \(expected)")
        // The same instant in asctime's form reads back too (the day space-padded, as servers write it).
        let asctime = "\(weekday) \(months[month - 1]) \(day < 10 ? " \(day)" : "\(day)") \(two(hour)):\(two(minute)):\(two(second)) \(year)"
        let readAsctime = Lib.httpDate(asctime).any
        require(readAsctime == expected, "\(asctime) read as \(String(describing: readAsctime)), not \(expected)")
    }

    /// A stored reply whose `Vary` names some of a request's fields matches that same request.
    static func checkVary(_ fields: [Field], pick: Int) {
        var varied: [String: String?] = [:]
        for (index, field) in fields.enumerated() where (pick >> (index % 16)) & 1 == 1 {
            let name = asciiLowercased(field.name)
            guard !name.isEmpty, name != "*" else { continue }
            let values = fields.filter { asciiLowercased($0.name) == name }.map(\.value)
            varied[name] = Lib.varyNormalized(values.joined(separator: ", "))
        }
        require(Lib.varyMatches(varied: varied, request: fields), "a request does not match its own Vary values \(varied)")
    }
}
