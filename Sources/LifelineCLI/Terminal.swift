import Foundation
import LifelineKit

/// The terminal facts the CLI needs, and the only place that knows about file descriptors and colours.
struct Terminal {
    var environment: [String: String]

    func isTTY(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Colour on a terminal, never with `NO_COLOR` set (any value), overridable with `--color`.
    func usesColor(_ choice: String?, descriptor: Int32 = STDOUT_FILENO) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default: return isTTY(descriptor) && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }

    /// A progress line goes to standard error only when it is a terminal, and never in CI (`CI` set, any value).
    var showsProgress: Bool { isTTY(STDERR_FILENO) && environment["CI"] == nil }

    static func ansiSeverity(_ text: String, _ severity: Severity) -> String {
        let code = severity == .error ? "1;31" : severity == .warning ? "1;33" : "1;36"
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}

/// Buffered writes to standard output or error; `flush` after each line when streaming.
///
/// A reader that goes away (`lifeline check … | head -1`) breaks the stream: writing fails with `EPIPE` (SIGPIPE
/// is ignored, see `ignoreBrokenPipes`), nothing more is written to it, and the run ends with its usual status.
final class OutputStream: @unchecked Sendable {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The reader closed its end: later writes are dropped.
    private(set) var isBroken = false
    /// `--quiet`: `note` writes nothing. Set once, before any command runs.
    var silencesNotes = false

    static let standardOutput = OutputStream(STDOUT_FILENO)
    static let standardError = OutputStream(STDERR_FILENO)

    private init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// Makes a write to a closed pipe fail with `EPIPE` instead of killing the process (exit status 141).
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    func write(_ text: String) {
        guard !isBroken else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func line(_ text: String) { write(text + "\n") }

    /// Writes `text`, which holds log text or file names, as one line: its control and bidirectional characters
    /// (a newline in a file name, an escape sequence in a log) are made visible (`VisibleText`).
    func diagnostic(_ text: String) { line(VisibleText.escape(text)) }

    /// Writes a note or status line (`path: note: …`, `lifeline: wrote …`) as `diagnostic` does, unless `--quiet`
    /// silences them; errors and warnings are never silenced.
    func note(_ text: String) {
        if !silencesNotes { diagnostic(text) }
    }

    /// Writes `bytes` after what is buffered, without copying them into the buffer.
    func write(bytes: some ContiguousBytes) {
        flush()
        writeAll(bytes)
    }

    func flush() {
        writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: some ContiguousBytes) {
        guard !isBroken else { return }
        isBroken = !Self.writeAll(bytes, to: descriptor)
    }

    /// Writes all of `bytes` to `descriptor` unbuffered, retrying after signals; gives up on any other error.
    /// Returns false when the reader is gone (`EPIPE`).
    @discardableResult
    static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written < 0 && errno == EPIPE { return false }
                if written <= 0 { return true }
                offset += written
            }
            return true
        }
    }
}
