import Foundation
import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    // Each of the input's two readings is held to the CPU limit (DocumentTarget.generate).
    DocumentTarget.run(start.map { Data(UnsafeBufferPointer(start: $0, count: count)) } ?? Data())
    return 0
}

/// `GeneratorFuzz generator [libFuzzer options and corpus directories…]` (one target, named like
/// BricksFuzz's so that scripts/fuzz.sh runs both alike); `GeneratorFuzz list` prints its name.
@main
enum GeneratorFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, arguments[1] == "generator" else {
            if arguments.count >= 2, arguments[1] == "list" {
                print("generator")
                exit(0)
            }
            FileHandle.standardError.write(Data("usage: GeneratorFuzz generator [libFuzzer options] [corpus…]\n".utf8))
            exit(2)
        }
        CPUTime.reportAtExit()
        // libFuzzer sees the program name and the options after the target's name.
        var argv: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
        var argc = CInt(arguments.count - 1)
        argv.withUnsafeMutableBufferPointer { buffer in
            var pointer = buffer.baseAddress
            exit(LLVMFuzzerRunDriver(&argc, &pointer) { data, size in fuzzOne(data, size) })
        }
    }
}

/// Stops the run with a message when a property does not hold: libFuzzer records the input as a
/// crash.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("\nproperty violated: \(message())\n".utf8))
        abort()
    }
}
