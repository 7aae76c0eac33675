import Foundation

/// Generated values of every kind an encoder writes, aimed at the edges where text loses them:
/// sub-second dates, extreme and subnormal numbers, long decimals, integer bounds, Unicode and
/// reserved characters. Seeded (``SeededGenerator``), so a failure replays.
public enum RandomValues {
    /// A date in years 1583–9999 (where Foundation's ISO 8601 parser, which switches to the
    /// Julian calendar before 1582-10-15, agrees with ISO 8601): microsecond timestamps, clock
    /// readings, whole seconds, the first and last representable instants, and dates just around
    /// midnight, a year's end and a leap day.
    ///
    /// None within 10^7 seconds (about 116 days) of 2001-01-01: only there does a `Date` hold
    /// digits finer than the nanoseconds ISO 8601 text carries (tested on its own).
    public static func date(using generator: inout SeededGenerator) -> Date {
        let date = anyDate(using: &generator)
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.magnitude < 1e7 ? Date(timeIntervalSinceReferenceDate: seconds + 1e8) : date
    }

    private static func anyDate(using generator: inout SeededGenerator) -> Date {
        let earliest = -13_190_860_800.0  // 1583-01-01T00:00:00Z, seconds since 2001
        let latest = 252_423_993_599.0  // 9999-12-31T23:59:59Z
        switch Int.random(in: 0..<8, using: &generator) {
        case 0:  // a timestamp in microseconds, as databases keep them (1900–2200)
            let micros = Int64.random(in: -3_155_673_600_000_000...6_311_347_200_000_000, using: &generator)
            return Date(timeIntervalSinceReferenceDate: Double(micros) / 1_000_000)
        case 1:  // a reading of the clock: every bit of the Double used
            return Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...2e9, using: &generator))
        case 2:  // anywhere in the range, any bits
            return Date(timeIntervalSinceReferenceDate: Double.random(in: earliest...latest, using: &generator))
        case 3:  // whole seconds
            return Date(timeIntervalSinceReferenceDate: Double(Int64.random(in: -2_000_000_000...4_000_000_000, using: &generator)))
        case 4:  // the edges of the range, to the microsecond
            // Near year 10000 a Double's step is about 30 µs, so `latest + 0.999999` would round up
            // into year 10000: the last instant of 9999 a Double holds is the bound.
            let offset = Double(Int.random(in: 0...999_999, using: &generator)) / 1_000_000
            let last = (latest + 1).nextDown
            return Date(timeIntervalSinceReferenceDate: Bool.random(using: &generator) ? earliest + offset : min(latest + offset, last))
        case 5:  // a few nanoseconds around a new year, a leap day, 1970, 2100, the last second
            let instants: [Double] = [725_760_000, 730_857_600, 3_124_137_600, -31_622_400, -978_307_200, latest]
            let nanos = Double(Int.random(in: -1_000...1_000, using: &generator)) / 1e9
            return Date(timeIntervalSinceReferenceDate: (instants.randomElement(using: &generator) ?? 0) + nanos)
        case 6:  // milliseconds
            let millis = Int64.random(in: -1_000_000_000_000...4_000_000_000_000, using: &generator)
            return Date(timeIntervalSinceReferenceDate: Double(millis) / 1_000)
        default:  // now-ish, from the clock's ticks
            return Date(timeIntervalSinceReferenceDate: 8e8 + Double.random(in: 0...1e8, using: &generator))
        }
    }

    /// A finite `Double`: any bit pattern, subnormals, integers (which JSON writes without a
    /// point), powers of two and ten, the bounds, both zeros.
    public static func double(using generator: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<7, using: &generator) {
        case 0, 1:
            let value = Double(bitPattern: generator.next())
            return value.isFinite ? value : Double(bitPattern: generator.next() & 0x800F_FFFF_FFFF_FFFF)
        case 2:  // subnormal
            let bits = UInt64.random(in: 1..<(1 << 52), using: &generator)
            return Double(bitPattern: bits | (Bool.random(using: &generator) ? 1 << 63 : 0))
        case 3:  // integral
            return Double(Int64.random(in: -(1 << 53)...(1 << 53), using: &generator))
        case 4:
            let specials: [Double] = [
                0, -0.0, 1, -1, 2, 0.1, 0.2, 0.3, 1e16, 1e22, 1e23, 9007199254740992, .greatestFiniteMagnitude,
                -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                .ulpOfOne, 1 + .ulpOfOne, 0x1p63, 0x1p64, 123_456_789.125,
            ]
            return specials.randomElement(using: &generator) ?? 0
        case 5:
            return Double.random(in: -1...1, using: &generator) * pow(10, Double(Int.random(in: -320...308, using: &generator)))
        default:
            return Double.random(in: -1e6...1e6, using: &generator)
        }
    }

    /// A finite `Float`, chosen the same way.
    public static func float(using generator: inout SeededGenerator) -> Float {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            return value.isFinite ? value : .greatestFiniteMagnitude
        case 1:
            return Float(bitPattern: UInt32.random(in: 1..<(1 << 23), using: &generator))
        case 2:
            let specials: [Float] = [0, -0.0, 1, 2, 0.1, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 16_777_216]
            return specials.randomElement(using: &generator) ?? 0
        default:
            return Float.random(in: -1e4...1e4, using: &generator)
        }
    }

    /// A `Decimal` of up to 38 significant digits with the point anywhere within them or beyond.
    public static func decimal(using generator: inout SeededGenerator) -> Decimal {
        let count = Int.random(in: 1...38, using: &generator)
        var digits = String(Int.random(in: 1...3, using: &generator))  // 38 digits fit below 3.4e38
        for _ in 1..<count { digits.append(Character(String(Int.random(in: 0...9, using: &generator)))) }
        let exponent = Int.random(in: -40...20, using: &generator)
        let sign = Bool.random(using: &generator) ? "-" : ""
        return Decimal(string: "\(sign)\(digits)e\(exponent)", locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    /// An `Int64`, often a bound or next to one.
    public static func int64(using generator: inout SeededGenerator) -> Int64 {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: [Int64.min, .min + 1, -1, 0, 1, .max - 1, .max].randomElement(using: &generator) ?? 0
        case 1: Int64(bitPattern: generator.next())
        default: Int64.random(in: -1_000_000...1_000_000, using: &generator)
        }
    }

    /// A `UInt64`, often a bound or next to one.
    public static func uint64(using generator: inout SeededGenerator) -> UInt64 {
        Bool.random(using: &generator) ? ([0, 1, .max - 1, .max].randomElement(using: &generator) ?? 0) : generator.next()
    }

    /// A random (version 4 shaped or any) UUID.
    public static func uuid(using generator: inout SeededGenerator) -> UUID {
        let high = generator.next()
        let low = generator.next()
        func byte(_ word: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> (index * 8)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }

    /// A URL with a path, a query and a fragment made of hostile text, percent-encoded where a URL
    /// requires it.
    public static func url(using generator: inout SeededGenerator) -> URL {
        var components = URLComponents()
        components.scheme = ["https", "http"].randomElement(using: &generator)
        components.host = ["example.com", "api.example.org", "127.0.0.1"].randomElement(using: &generator)
        if Bool.random(using: &generator) { components.port = Int.random(in: 1...65_535, using: &generator) }
        components.path = "/" + RandomStrings.make(using: &generator, maximumPieces: 4)
        if Bool.random(using: &generator) {
            components.queryItems = [
                URLQueryItem(name: RandomStrings.make(using: &generator, maximumPieces: 2), value: RandomStrings.make(using: &generator))
            ]
        }
        if Bool.random(using: &generator) { components.fragment = RandomStrings.make(using: &generator, maximumPieces: 3) }
        return components.url ?? URL(fileURLWithPath: "/")
    }
}
