/// App event patterns that matter only inside some callbacks (`Source.onlyInside`: a rule's app event read only
/// inside them, `RuleAppEvent.readInside`), tried in trace order by the in-order stage: the parser keeps the lines
/// that hold the patterns' words (`ParsedChunk.lateLines`), and a line is tried only while the timeline has one of
/// those callbacks running on its thread.
struct LateAppEvents {
    private let compiled: CompiledAppEvents
    /// The callbacks any late pattern cares about, and each one's.
    private let inside: CallbackSet
    private let insideByName: [String: CallbackSet]

    /// Nil when no pattern is left to the in-order stage.
    init?(_ events: AppEventPatterns?) {
        guard let events, events.sources.contains(where: { !$0.onlyInside.isEmpty }) else { return nil }
        compiled = events.compiled(.late)
        var inside = CallbackSet(), byName: [String: CallbackSet] = [:]
        for source in events.sources where !source.onlyInside.isEmpty {
            for callback in Callback.allCases where source.onlyInside.contains(callback) { inside.insert(callback) }
            byName[source.name] = source.onlyInside
        }
        self.inside = inside
        insideByName = byName
    }

    /// Whether some late pattern cares about lines logged while `running` runs on their thread.
    func matters(_ running: Callback?) -> Bool { running.map(inside.contains) ?? false }

    /// The app events of `late` (its line numbered in the trace), logged while `running` runs on its thread.
    func events(_ late: LateLine, line: Int, running: Callback, in bytes: Bytes) -> [LifecycleEvent] {
        let found = compiled.matchLate(bytes, late.message)
        guard !found.isEmpty else { return [] }
        var minutes = MinuteCache()
        let prefix: LinePrefix?  // its time, read again: the parser does not keep it for every line it keeps
        if case .prefixed(let read) = LineClassifier.read(UnsafeBufferPointer(rebasing: bytes[late.bytes]), minutes: &minutes) { prefix = read } else { prefix = nil }
        return found.compactMap { recognized in
            guard let name = recognized.kind.appEvent?.name, insideByName[name]?.contains(running) == true else { return nil }
            return LifecycleEvent(line: line, time: prefix?.time, process: late.process, thread: late.thread, kind: recognized.kind,
                                  controller: recognized.controller, argument: nil, text: nil, yearless: prefix?.yearless,
                                  textBytes: late.bytes)
        }
    }
}
