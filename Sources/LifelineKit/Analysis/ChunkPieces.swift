/// The pieces a chunk is parsed in on several threads: ranges of whole lines of about `size` bytes, each parsed on
/// its own by a worker of `ParallelChunkParser`. A wrapped message cannot go on into the next piece there, so a
/// parser reading the whole chunk (one thread) ends it at the same place: output is the same whatever the
/// parallelism.
///
/// A piece ends before a line with a log prefix of its own when one comes within a few lines of the cut: a line
/// with none may go on with one of UIKit's messages wrapped over lines (`ChunkParser`), which a cut before it
/// would end unread.
enum ChunkPieces {
    /// About this many bytes make a piece: small enough that the caller, helping out, soon gets back to the engine.
    static let size = 64 << 10

    static func of(_ chunk: Chunk) -> [Range<Int>] {
        guard !chunk.isOverlongLine else { return [0..<chunk.bytes.count] }
        return chunk.bytes.withUnsafeBufferPointer { b in
            var ranges: [Range<Int>] = []
            var start = 0
            while start < b.count {
                var end = b.count
                if b.count - start > size + size / 2, let newline = b.firstIndex(of: ASCII.newline, in: (start + size)..<b.count) {
                    end = cut(after: newline, in: b)
                }
                ranges.append(start..<end)
                start = end
            }
            return ranges.isEmpty ? [0..<0] : ranges
        }
    }

    /// Where a piece whose last line ends at `newline` ends: after it, or after the bare lines that follow it when
    /// a line with a prefix comes within `LinePrefix.linesContinuingAMessage` lines.
    private static func cut(after newline: Int, in b: Bytes) -> Int {
        var minutes = MinuteCache()
        var start = newline + 1
        for _ in 0...LinePrefix.linesContinuingAMessage {
            guard start < b.count else { return start }
            let end = b.firstIndex(of: ASCII.newline, in: start..<b.count) ?? b.count
            if LineClassifier.startsOwnMessage(Bytes(rebasing: b[start..<end]), minutes: &minutes) { return start }
            start = end + 1
        }
        return newline + 1
    }
}
