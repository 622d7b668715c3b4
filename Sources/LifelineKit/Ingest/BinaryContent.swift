/// Recognises inputs that are not text, from their first bytes: a file format's signature, UTF-16, or many
/// control bytes. A log with a few NUL bytes or invalid UTF-8 lines is still text; its bad lines are counted as
/// unparseable one by one.
enum BinaryContent {
    /// Signatures of files people mistake for logs, with their names.
    private static let signatures: [(bytes: [UInt8], name: String)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image"),
        ([0xFF, 0xD8, 0xFF], "a JPEG image"),
        (Array("GIF8".utf8), "a GIF image"),
        (Array("%PDF-".utf8), "a PDF document"),
        ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive (an .ipa, .xcresult export or similar: unzip it first)"),
        ([0x1F, 0x8B], "a gzip archive (gunzip it first)"),
        ([0x7F, 0x45, 0x4C, 0x46], "an ELF executable"),
        ([0xCF, 0xFA, 0xED, 0xFE], "a Mach-O executable"),
        (Array("bplist00".utf8), "a binary property list"),
        (Array("SQLite format 3".utf8) + [0], "an SQLite database"),
    ]

    /// Bytes looked at: the start of the input.
    static let sampleSize = 4096

    /// What `bytes` (the start of an input) are, when not text; nil for text.
    static func kind(of bytes: [UInt8]) -> String? {
        if let signature = signatures.first(where: { bytes.starts(with: $0.bytes) }) { return signature.name }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return "UTF-16 text (convert it to UTF-8 first: iconv -f UTF-16 -t UTF-8)"
        }
        let sample = bytes.prefix(sampleSize)
        let control = sample.lazy.filter(isBinaryControl).count
        // Text has none of these bytes; random or compressed data about one in ten.
        guard control >= 8, control * 20 >= sample.count else { return nil }
        return "binary data (\(control) of its first \(sample.count) bytes are control bytes such as NUL)"
    }

    /// Control bytes that text does not hold: all below 0x20 except tab, line feed, vertical tab, form feed,
    /// carriage return and escape (colour codes).
    private static func isBinaryControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && !(0x09...0x0D).contains(byte) && byte != 0x1B
    }
}
