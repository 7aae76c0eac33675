/// A mutable value shared by the closures of one reader.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
