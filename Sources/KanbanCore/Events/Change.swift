/// A field's value before and after an edit.
public struct Change<Value: Hashable & Sendable>: Hashable, Sendable {
    public var old: Value
    public var new: Value

    public init(old: Value, new: Value) {
        self.old = old
        self.new = new
    }
}
