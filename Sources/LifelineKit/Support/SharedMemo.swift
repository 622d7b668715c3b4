import Foundation

/// The values last made from a few keys, shared by every thread of the process: for tables that take long to build
/// and that every parser of every file builds alike (`CompiledAppEvents.Analysis`, a `KeywordSieve` that watches
/// words). Holds at most `capacity` values, dropping the oldest; a value may be made twice when two threads ask for
/// a new key at once (both are equal).
///
/// Keys are compared by a function given at `init`, not by an `Equatable` requirement on the class: the memos are
/// static, and making a generic class's type with a protocol requirement looks the conformance up at run time, a
/// scan that cost a million instructions on every start.
final class SharedMemo<Key: Sendable, Value: Sendable>: @unchecked Sendable {  // `entries` is guarded by `lock`
    private let capacity: Int
    private let isSame: @Sendable (Key, Key) -> Bool
    private let lock = NSLock()
    private var entries: [(key: Key, value: Value)] = []

    init(capacity: Int, isSame: @escaping @Sendable (Key, Key) -> Bool) {
        self.capacity = max(1, capacity)
        self.isSame = isSame
    }

    /// The value kept for `key`, else `make()`'s, then kept. `make` runs without the lock held.
    func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let known = lock.withLock({ entries.first { isSame($0.key, key) }?.value }) { return known }
        let made = try make()
        lock.withLock {
            if entries.count == capacity { entries.removeFirst() }
            entries.append((key, made))
        }
        return made
    }
}

extension SharedMemo where Key: Equatable {
    /// A memo whose keys compare with `==`.
    convenience init(capacity: Int) { self.init(capacity: capacity, isSame: { $0 == $1 }) }
}
