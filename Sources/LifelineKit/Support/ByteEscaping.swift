/// Escaping done on UTF-8 bytes, for the escapers of log text (`HTMLText`, `XMLText`): text that needs nothing is
/// returned as it is, and the runs between replaced characters are copied whole. Appending character by
/// character costs hundreds of instructions each.
enum ByteEscaping {
    /// What replaces the character starting at an index of the bytes, and how many bytes it spans; nil to keep it.
    typealias Replacement = (Bytes, Int) -> (text: String, width: Int)?

    /// `text` with the characters `replacement` names replaced.
    @inline(__always)
    static func escape(_ text: String, _ replacement: Replacement) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            guard let first = bytes.indices.first(where: { replacement(bytes, $0) != nil }) else { return nil }
            let out = TextBuffer(capacity: bytes.count + 16)
            append(bytes, from: first, to: out, replacement)
            return out.text
        }
        return escaped ?? text
    }

    /// Appends `text` to `out` with the characters `replacement` names replaced.
    @inline(__always)
    static func escape(_ text: String, into out: TextBuffer, _ replacement: Replacement) {
        var text = text
        text.withUTF8 { append($0, from: 0, to: out, replacement) }
    }

    /// Appends `bytes`, none of which before `start` is replaced.
    @inline(__always)
    private static func append(_ bytes: Bytes, from start: Int, to out: TextBuffer, _ replacement: Replacement) {
        var written = 0, index = start
        while index < bytes.count {
            guard let (text, width) = replacement(bytes, index) else {
                index += 1
                continue
            }
            out.append(bytes: UnsafeBufferPointer(rebasing: bytes[written..<index]))
            out.append(text)
            index += width
            written = index
        }
        out.append(bytes: UnsafeBufferPointer(rebasing: bytes[written..<bytes.count]))
    }
}
