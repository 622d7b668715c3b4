import Foundation

/// The values last made from a few keys, shared by every thread of the process: for tables that take long to build
/// and that every parser of every file builds alike (`CompiledAppEvents.Analysis`, a `KeywordSieve` that watches
/// words). Holds at most `capacity` values, dropping the oldest; a value may be made twice when two threads ask for
/// a new key at once (both are equal).
final class SharedMemo<Key: Equatable & Sendable, Value: Sendable>: @unchecked Sendable {  // `entries` is guarded by `lock`
    private let capacity: Int
    private let lock = NSLock()
    private var entries: [(key: Key, value: Value)] = []

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The value kept for `key`, else `make()`'s, then kept. `make` runs without the lock held.
    func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let known = lock.withLock({ entries.first { $0.key == key }?.value }) { return known }
        let made = try make()
        lock.withLock {
            if entries.count == capacity { entries.removeFirst() }
            entries.append((key, made))
        }
        return made
    }
}
