import Foundation

/// A `JSONEncoder`'s configuration, read once per body and shared by every encoder of one
/// encoding.
final class JSONBodyEncodingOptions {
    /// How a `Date` is written.
    enum DateStrategy {
        case deferredToDate
        case secondsSince1970
        case millisecondsSince1970
        case iso8601
        #if canImport(Darwin)
        case formatted(DateFormatter)
        #endif
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `Data` is written.
    enum DataStrategy {
        case deferredToData
        case base64
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// How a key is written.
    enum KeyStrategy {
        case useDefaultKeys
        case convertToSnakeCase
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    let prettyPrinted: Bool
    let sortedKeys: Bool
    let escapesSlashes: Bool
    let dateStrategy: DateStrategy
    let dataStrategy: DataStrategy
    let keyStrategy: KeyStrategy
    /// The strings for infinities and NaN, or `nil` to throw (the default).
    let nonConformingFloatStrings: (positiveInfinity: String, negativeInfinity: String, nan: String)?
    let userInfo: [CodingUserInfoKey: Any]

    /// The options of `encoder`, or `nil` when it uses a strategy this encoder does not know (a
    /// case added to Foundation after this was written): the caller then uses `encoder` itself.
    init?(_ encoder: JSONEncoder) {
        let formatting = encoder.outputFormatting
        prettyPrinted = formatting.contains(.prettyPrinted)
        sortedKeys = formatting.contains(.sortedKeys)
        escapesSlashes = !formatting.contains(.withoutEscapingSlashes)
        switch encoder.dateEncodingStrategy {
        case .deferredToDate: dateStrategy = .deferredToDate
        case .secondsSince1970: dateStrategy = .secondsSince1970
        case .millisecondsSince1970: dateStrategy = .millisecondsSince1970
        case .iso8601: dateStrategy = .iso8601
        case .custom(let closure): dateStrategy = .custom(closure)
        #if canImport(Darwin)
        case .formatted(let formatter): dateStrategy = .formatted(formatter)
        @unknown default: return nil
        #endif
        }
        switch encoder.dataEncodingStrategy {
        case .deferredToData: dataStrategy = .deferredToData
        case .base64: dataStrategy = .base64
        case .custom(let closure): dataStrategy = .custom(closure)
        #if canImport(Darwin)
        @unknown default: return nil
        #endif
        }
        switch encoder.keyEncodingStrategy {
        case .useDefaultKeys: keyStrategy = .useDefaultKeys
        case .convertToSnakeCase: keyStrategy = .convertToSnakeCase
        case .custom(let closure): keyStrategy = .custom(closure)
        #if canImport(Darwin)
        @unknown default: return nil
        #endif
        }
        switch encoder.nonConformingFloatEncodingStrategy {
        case .throw: nonConformingFloatStrings = nil
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            nonConformingFloatStrings = (positiveInfinity, negativeInfinity, nan)
        #if canImport(Darwin)
        @unknown default: return nil
        #endif
        }
        userInfo = encoder.userInfo
    }

    /// Whether keys are written as the types give them.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyStrategy { return true }
        return false
    }
}
