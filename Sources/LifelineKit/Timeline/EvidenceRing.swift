/// The last `depth` lines of an instance's timeline, as bytes, oldest first. Each line overwrites the oldest in
/// the buffer that one had, so remembering a line is one copy and allocates only while a buffer grows.
/// A value: copies share storage until one of them writes.
struct EvidenceRing: Sendable {
    let depth: Int
    private var storage: Storage?

    init(depth: Int) { self.depth = depth }

    /// Remembers `bytes` as line `line`, forgetting the oldest line once `depth` are held.
    mutating func remember(line: Int, bytes: Bytes) {
        if storage == nil {
            storage = Storage(depth: depth)
        } else if !isKnownUniquelyReferenced(&storage!) {
            storage = storage!.copy()
        }
        storage!.write(line: line, bytes: bytes)
    }

    /// The lines held, oldest first.
    var lines: [EvidenceLine] { storage?.lines ?? [] }

    private final class Storage: @unchecked Sendable {
        private struct Slot {
            var line = 0
            var bytes: UnsafeMutablePointer<UInt8>?
            var count = 0
            var capacity = 0
        }

        private let depth: Int
        private let slots: UnsafeMutablePointer<Slot>
        private var filled = 0
        /// The oldest slot once all are filled.
        private var start = 0

        init(depth: Int) {
            self.depth = depth
            slots = .allocate(capacity: depth)
            slots.initialize(repeating: Slot(), count: depth)
        }

        deinit {
            for index in 0..<depth { slots[index].bytes?.deallocate() }
            slots.deallocate()
        }

        func write(line: Int, bytes: Bytes) {
            let index: Int
            if filled < depth {
                index = filled
                filled += 1
            } else {
                index = start
                start = (start + 1) % depth
            }
            if slots[index].capacity < bytes.count {
                slots[index].bytes?.deallocate()
                slots[index].capacity = max(bytes.count, 128)
                slots[index].bytes = .allocate(capacity: slots[index].capacity)
            }
            if bytes.count > 0, let source = bytes.baseAddress { slots[index].bytes!.update(from: source, count: bytes.count) }
            slots[index].count = bytes.count
            slots[index].line = line
        }

        var lines: [EvidenceLine] {
            (0..<filled).map { offset in
                let slot = slots[(start + offset) % depth]
                let text = slot.bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: slot.count), as: UTF8.self) } ?? ""
                return EvidenceLine(line: slot.line, text: text)
            }
        }

        func copy() -> Storage {
            let clone = Storage(depth: depth)
            for offset in 0..<filled {
                let slot = slots[(start + offset) % depth]
                clone.write(line: slot.line, bytes: UnsafeBufferPointer(start: slot.bytes, count: slot.count))
            }
            return clone
        }
    }
}
