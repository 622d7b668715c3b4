/// Damages a log the way logs get damaged: bytes flipped in transit, lines reordered when files are merged, a file
/// cut off by a crash, lines repeated by a retrying logger, two logs spliced together, stray control bytes.
enum TraceMutation: String, CaseIterable {
    case flipBytes, shuffleLines, truncate, duplicateLines, splice, insertBytes, deleteLines

    func apply(to bytes: [UInt8], other: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        switch self {
        case .flipBytes:
            guard !bytes.isEmpty else { return bytes }
            var out = bytes
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                out[Int.random(in: out.indices, using: &random)] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            }
            return out
        case .shuffleLines:
            var lines = Self.lines(of: bytes)
            guard lines.count > 1 else { return bytes }
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                lines.swapAt(Int.random(in: lines.indices, using: &random), Int.random(in: lines.indices, using: &random))
            }
            return Array(lines.joined())
        case .truncate:
            return Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        case .duplicateLines:
            var lines = Self.lines(of: bytes)
            guard !lines.isEmpty else { return bytes }
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let from = Int.random(in: lines.indices, using: &random)
                lines.insert(lines[from], at: Int.random(in: 0...lines.count, using: &random))
            }
            return Array(lines.joined())
        case .splice:
            let cut = Int.random(in: 0...bytes.count, using: &random)
            let from = Int.random(in: 0...other.count, using: &random)
            return Array(bytes[..<cut]) + Array(other[from...])
        case .insertBytes:
            var out = bytes
            let hostile: [UInt8] = [0x00, 0x0D, 0x0A, 0x1B, 0x07, 0xFF, 0xC0, 0xE2, 0x7B, 0x22, 0x5B, 0x3C, 0x3E]
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                out.insert(hostile.randomElement(using: &random) ?? 0, at: Int.random(in: 0...out.count, using: &random))
            }
            return out
        case .deleteLines:
            var lines = Self.lines(of: bytes)
            for _ in 0..<Int.random(in: 1...4, using: &random) where !lines.isEmpty {
                lines.remove(at: Int.random(in: lines.indices, using: &random))
            }
            return Array(lines.joined())
        }
    }

    /// The lines of `bytes`, each with its newline (the last one may lack it).
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }
}

/// One fuzz case: a seed picks a corpus log, a second log to splice with, and one to three mutations.
struct FuzzCase {
    let seed: UInt64
    let mutations: [TraceMutation]
    let source: String
    let bytes: [UInt8]

    init(seed: UInt64, corpus: [FuzzCorpus.Entry]) {
        var random = SeededGenerator(seed: seed)
        let base = corpus[Int.random(in: corpus.indices, using: &random)]
        let other = corpus[Int.random(in: corpus.indices, using: &random)]
        var bytes = base.bytes
        var mutations: [TraceMutation] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let mutation = TraceMutation.allCases.randomElement(using: &random) ?? .flipBytes
            mutations.append(mutation)
            bytes = mutation.apply(to: bytes, other: other.bytes, using: &random)
        }
        self.seed = seed
        self.mutations = mutations
        self.source = base.name + (mutations.contains(.splice) ? " + " + other.name : "")
        self.bytes = bytes
    }

    var description: String { "seed \(seed): \(source), \(mutations.map(\.rawValue).joined(separator: ", "))" }
}
