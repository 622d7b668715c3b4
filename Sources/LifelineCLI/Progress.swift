import Foundation
import LifelineKit

/// The progress line of a long audit on a terminal: `checking: 3/8 files, 61.2 MB, 45.0 MB/s` on standard error,
/// redrawn in place a few times a second once the audit has run for `delay` seconds, and erased by `stop`,
/// before anything else is printed. Megabytes count the bytes read so far, so the line moves within one big file.
final class ProgressLine: @unchecked Sendable {
    private let condition = NSCondition()
    private let total: Int
    private let delay: TimeInterval
    private let interval: TimeInterval
    private let started = Date()
    private let exited = DispatchSemaphore(value: 0)
    private var done = 0
    private var bytes = 0
    private var stopping = false
    private var drawnWidth = 0

    init(total: Int, delay: TimeInterval = 1, interval: TimeInterval = 0.25) {
        self.total = total
        self.delay = delay
        self.interval = interval
    }

    /// Starts the thread that draws the line.
    func start() {
        let thread = Thread { [self] in
            condition.lock()
            var next = Date(timeIntervalSinceNow: delay)
            while !stopping {
                if !condition.wait(until: next) {
                    draw()
                    next = Date(timeIntervalSinceNow: interval)
                }
            }
            condition.unlock()
            exited.signal()
        }
        thread.start()
    }

    /// Counts one finished input (called from the audit's worker threads).
    func fileFinished(_ summary: FileSummary) {
        condition.withLock { done += 1 }
    }

    /// Counts bytes read (called from the audit's worker threads).
    func bytesRead(_ count: Int) {
        condition.withLock { bytes += count }
    }

    /// Stops drawing and erases the line.
    func stop() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
        exited.wait()
        if drawnWidth > 0 { Self.write("\r" + String(repeating: " ", count: drawnWidth) + "\r") }
    }

    /// `checking: 0/1 files, 12.0 MB, 6.0 MB/s`, `seconds` into the audit.
    func text(after seconds: TimeInterval) -> String {
        condition.withLock { render(after: seconds) }
    }

    /// Called with the lock held.
    private func render(after seconds: TimeInterval) -> String {
        let megabytes = Double(bytes) / 1_048_576
        let rate = megabytes / max(seconds, 0.001)
        return "checking: \(done)/\(total) files, \(String(format: "%.1f", megabytes)) MB, \(String(format: "%.1f", rate)) MB/s"
    }

    /// Called with the lock held.
    private func draw() {
        let text = render(after: Date().timeIntervalSince(started))
        let padding = String(repeating: " ", count: max(0, drawnWidth - text.count))
        Self.write("\r" + text + padding)
        drawnWidth = max(drawnWidth, text.count)
    }

    /// Straight to the descriptor: the buffered `OutputStream` belongs to the main thread.
    private static func write(_ text: String) { OutputStream.writeAll(Array(text.utf8), to: STDERR_FILENO) }
}
