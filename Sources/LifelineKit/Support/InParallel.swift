import Foundation

/// Runs `other` on a thread of its own while `here` runs on the caller's, and returns both results: for two
/// independent pieces of work, each large enough to pay for a thread.
func inParallel<Here, Other: Sendable>(_ here: () -> Here, _ other: @escaping @Sendable () -> Other) -> (Here, Other) {
    let result = HandOver<Other>()
    let thread = Thread { result.put(other()) }
    thread.stackSize = 8 << 20
    thread.start()
    let mine = here()
    return (mine, result.take())
}

/// One value passed from a thread to a waiting one; the semaphore orders the write before the read. `take()` moves
/// the value out, so the taker holds its only reference (an array it then changes is not copied).
final class HandOver<Value>: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var value: Value?

    func put(_ value: Value) {
        self.value = value
        ready.signal()
    }

    func take() -> Value {
        ready.wait()
        defer { value = nil }
        return value!
    }
}
