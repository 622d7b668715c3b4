/// The lines of events a template holds for a finding it may report later (`followedBy`'s pending A), in slots
/// reused as entries are let go: keeping a line copies its bytes, with no allocation once the pool has as many
/// slots as entries are held at once. Most are let go unread (the B came), so no `String` is made for them.
struct SeenLines {
    /// A kept line.
    struct Slot {
        /// Unique among the slots held at once.
        let index: Int32
    }

    /// Bytes a slot holds; a longer line is kept as a `String` of its own.
    static let slotSize = 256

    private var bytes: [UInt8] = []
    /// Per slot: its line's length in `bytes`, or -1 when the line is in `long`.
    private var lengths: [Int32] = []
    private var long: [Int32: String] = [:]
    private var free: [Int32] = []

    /// Keeps `line`.
    mutating func keep(_ line: Bytes) -> Slot {
        let index: Int32
        if let reused = free.popLast() {
            index = reused
        } else {
            index = Int32(lengths.count)
            lengths.append(0)
            bytes.append(contentsOf: repeatElement(0, count: Self.slotSize))
        }
        if line.count <= Self.slotSize {
            lengths[Int(index)] = Int32(line.count)
            bytes.withUnsafeMutableBufferPointer { stored in
                guard let source = line.baseAddress, !line.isEmpty else { return }
                (stored.baseAddress! + Int(index) * Self.slotSize).update(from: source, count: line.count)
            }
        } else {
            lengths[Int(index)] = -1
            long[index] = line.string(0..<line.count)
        }
        return Slot(index: index)
    }

    /// The text of the line in `slot`.
    func text(_ slot: Slot) -> String {
        let length = Int(lengths[Int(slot.index)])
        guard length >= 0 else { return long[slot.index] ?? "" }
        let start = Int(slot.index) * Self.slotSize
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<(start + length)]), as: UTF8.self) }
    }

    /// Lets `slot` be reused.
    mutating func release(_ slot: Slot) {
        if lengths[Int(slot.index)] < 0 { long[slot.index] = nil }
        free.append(slot.index)
    }
}
