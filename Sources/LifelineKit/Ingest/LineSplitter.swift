/// Bytes → lines: the lines of a chunk, found with `memchr`, each without its `\n` or `\r\n`.
enum LineSplitter {
    /// Calls `body` with each line of `bytes[range]` (which starts at a line and ends after a newline or at the
    /// end), the line's offset in `bytes`, and whether the line is known to be ASCII without NUL (`ASCIIScreen`).
    @inline(__always)
    static func forEachLine(in bytes: Bytes, _ range: Range<Int>, _ body: (_ line: Bytes, _ offset: Int, _ screened: Bool) -> Void) {
        var start = range.lowerBound
        let end = range.upperBound
        var screen = ASCIIScreen(bytes, end: end)
        var suspect = screen.firstSuspectByte(from: start)
        while start < end {
            let newline = bytes.firstIndex(of: ASCII.newline, in: start..<end) ?? end
            var lineEnd = newline
            if lineEnd > start, bytes[lineEnd - 1] == ASCII.carriageReturn { lineEnd -= 1 }
            let screened = lineEnd <= suspect
            body(UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]), start, screened)
            start = newline + 1
            if !screened { suspect = screen.firstSuspectByte(from: start) }
        }
    }
}
