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
/// Any other write error (a full disk, `/dev/full`) breaks it too and is kept in `failure`: the run then ends
/// with status 2 naming the output (`Lifeline.main`), as a cut report must never pass for a finished one.
final class OutputStream: @unchecked Sendable {
    private let descriptor: Int32
    /// `standard output` or `standard error`, for the message about a failed write.
    let name: String
    private var buffer: [UInt8] = []
    /// The reader closed its end, or a write failed: later writes are dropped.
    private(set) var isBroken = false
    /// `--quiet`: `note` writes nothing. Set once, before any command runs.
    var silencesNotes = false
    /// Why a write failed, when it failed for another reason than a vanished reader.
    private(set) var failure: String?

    static let standardOutput = OutputStream(STDOUT_FILENO, name: "standard output")
    static let standardError = OutputStream(STDERR_FILENO, name: "standard error")

    private init(_ descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

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

    /// Writes `text`, lines that may hold text of a configuration file (rule messages), with the controls of each
    /// line made visible and its line breaks kept.
    func visibleLines(_ text: String) {
        write(text.split(separator: "\n", omittingEmptySubsequences: false).map { VisibleText.escape(String($0)) }.joined(separator: "\n"))
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
        switch Self.write(bytes, to: descriptor) {
        case .written: break
        case .readerGone: isBroken = true
        case .failed(let reason):
            isBroken = true
            failure = reason
        }
    }

    /// How a write ended.
    enum WriteOutcome: Equatable {
        case written, readerGone, failed(String)
    }

    /// Writes all of `bytes` to `descriptor` unbuffered, retrying after signals and short writes.
    static func write(_ bytes: some ContiguousBytes, to descriptor: Int32) -> WriteOutcome {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written < 0 && errno == EPIPE { return .readerGone }
                // A write of nothing would loop forever; POSIX gives no errno for it, so name it.
                if written == 0 { return .failed("nothing was written") }
                if written < 0 { return .failed(String(cString: strerror(errno))) }
                offset += written
            }
            return .written
        }
    }

    /// Writes all of `bytes` to `descriptor` unbuffered; for output that may fail silently (the progress line).
    static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32) {
        _ = write(bytes, to: descriptor)
    }
}
