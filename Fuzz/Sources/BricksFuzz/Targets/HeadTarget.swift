/// The response head checks: header count and bytes, `Content-Length` and its conflicts, and the
/// decimal numbers HTTP fields hold.
///
/// Input: a status byte, four limit bytes, a flag, then `name:value` lines.
enum HeadTarget {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let status = [100, 200, 204, 206, 304, 404, 500][input.number(below: 7)]
        let maximumCount = input.number(below: 12)
        let maximumBytes = input.number(below: 600)
        let maximumBody = input.number(below: 70_000) - 1
        let isHeadRequest = input.flag()
        let fields: [Field] = input.texts(separatedBy: 0x0A).map { line in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }

        let outcome = Lib.checkHead(
            status: status, fields, maximumHeaderCount: maximumCount, maximumHeaderBytes: maximumBytes,
            maximumBodySize: maximumBody, isHeadRequest: isHeadRequest)
        let lengths = fields.filter { asciiLowercased($0.name) == "content-length" }.map(\.value)
        let expected = Lib.expectedContentLength(fields)
        if outcome.passed {
            require(fields.count <= maximumCount, "\(fields.count) fields passed a limit of \(maximumCount)")
            let size = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
            require(size <= maximumBytes, "\(size) header bytes passed a limit of \(maximumBytes)")
            let numbers = Set(lengths.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) })
            require(numbers.count <= 1, "conflicting Content-Length values passed: \(lengths)")
            let hasBody = !isHeadRequest && status >= 200 && status != 204 && status != 304
            if hasBody, let first = lengths.first, let value = Lib.decimal(first).value {
                require(value <= Int64(maximumBody), "Content-Length \(value) passed a body limit of \(maximumBody)")
            }
            if hasBody, expected >= 0 {
                require(expected <= Int64(maximumBody), "expected length \(expected) passed a body limit of \(maximumBody)")
            }
        } else if outcome.tooLarge {
            require(expected > Int64(maximumBody), "refused as too large with an expected length of \(expected) ≤ \(maximumBody)")
        }
        require(expected >= -1, "expectedContentLength \(expected)")
        if let first = lengths.first, let value = Lib.decimal(first).value {
            require(expected == value, "expectedContentLength \(expected) for Content-Length \(first)")
        }
        if lengths.isEmpty { require(expected == -1, "expectedContentLength \(expected) without the field") }

        for field in fields {
            let number = Lib.decimal(field.value)
            let isDigits = !field.value.isEmpty && field.value.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            require(number.isDigits == isDigits, "isDigits(\(field.value.debugDescription)) = \(number.isDigits)")
            require(number.value == (isDigits ? Int64(field.value) : nil), "value(\(field.value.debugDescription)) = \(String(describing: number.value))")
            if isDigits {
                let seconds = number.deltaSeconds ?? -1
                require(seconds >= 0 && seconds <= Int64(Int32.max), "deltaSeconds(\(field.value)) = \(seconds)")
                if let value = number.value, value <= Int64(Int32.max) { require(seconds == value, "deltaSeconds(\(field.value)) = \(seconds)") }
            } else {
                require(number.deltaSeconds == nil, "deltaSeconds(\(field.value.debugDescription)) is not nil")
            }
        }
    }
}
