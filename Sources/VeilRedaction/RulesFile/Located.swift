/// A value read from a rules file with the position it was written at.
struct Located<Value> {
    var value: Value
    var position: SourcePosition
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
