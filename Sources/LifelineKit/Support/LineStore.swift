/// Log lines kept for a report, back to back in blocks that never move. Appending never copies what is already
/// stored, so a large trace's lines are written to memory once: a growing array would copy them again at each
/// doubling and touch twice the memory.
struct LineStore {
    /// Where a stored line is.
    struct Ref {
        fileprivate var block: Int32
        fileprivate var start: Int32
        fileprivate var count: Int32
    }

    /// Bytes per block; a longer line gets a block of its own (lines are at most `ChunkReader`'s 8 MiB).
    static let blockSize = 1 << 20

    private var blocks: [[UInt8]] = []

    /// Stores `bytes` and says where.
    mutating func append(_ bytes: Bytes) -> Ref {
        if blocks.isEmpty || blocks[blocks.count - 1].count + bytes.count > blocks[blocks.count - 1].capacity {
            var block: [UInt8] = []
            block.reserveCapacity(max(Self.blockSize, bytes.count))
            blocks.append(block)
        }
        let last = blocks.count - 1
        let start = blocks[last].count
        blocks[last].append(contentsOf: bytes)  // in place: the block is uniquely referenced and has room
        return Ref(block: Int32(last), start: Int32(start), count: Int32(bytes.count))
    }

    /// The line stored at `ref`.
    func string(_ ref: Ref) -> String {
        blocks[Int(ref.block)].withUnsafeBufferPointer { $0.string(Int(ref.start)..<Int(ref.start) + Int(ref.count)) }
    }
}
