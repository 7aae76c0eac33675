import Foundation

/// Number formatting for the report, independent of the locale; public for executables that add
/// tables of their own.
public enum Format {
    /// `value` with exactly `digits` decimals.
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    /// `value` with about three significant digits: 0.123, 4.56, 78.9, 1234.
    public static func significant(_ value: Double) -> String {
        switch abs(value) {
        case 1000...: fixed(value, 0)
        case 100..<1000: fixed(value, 1)
        case 10..<100: fixed(value, 2)
        case 1..<10: fixed(value, 2)
        default: fixed(value, 3)
        }
    }
}

extension Format {
    /// `value` with a sign and about three significant digits: +0.123, −4.56.
    public static func signed(_ value: Double) -> String {
        (value < 0 ? "−" : "+") + significant(abs(value))
    }

    /// A size in KiB shown in MiB with one decimal.
    public static func mebibytes(_ kibibytes: Int) -> String {
        fixed(Double(kibibytes) / 1024, 1) + " MiB"
    }
}
