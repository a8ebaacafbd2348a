/// Traps with `message` unless `condition` holds. Unlike `precondition`, the message
/// survives `-O`, so a crash report says which invariant broke.
@inline(__always)
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
