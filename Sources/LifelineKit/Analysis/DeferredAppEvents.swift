/// Confirms, in trace order, the app events whose patterns only matter inside some callbacks (`Source.onlyInside`:
/// `work-in-appearance`'s work pattern): the parser found them by their literal alone, and the expression runs only
/// on those whose thread is running one of those callbacks. Most lines that mention a request or a fetch are logged
/// by background threads or outside appearance callbacks, and never reach the expression.
struct DeferredAppEvents {
    private var patterns: [String: (regex: Regex<AnyRegexOutput>, inside: CallbackSet)] = [:]

    /// Nil when no pattern is deferred.
    init?(_ events: AppEventPatterns?) {
        for source in events?.sources ?? [] where !source.onlyInside.isEmpty {
            guard let regex = try? Regex(source.pattern) else { continue }  // checked with the configuration
            patterns[source.name] = (regex, source.onlyInside)
        }
        if patterns.isEmpty { return nil }
    }

    /// Whether `event` (an unconfirmed app event, whose line is `text`) is one: marks it confirmed if so.
    func confirm(_ event: inout LifecycleEvent, text: @autoclosure () -> String, in engine: RuleEngine) -> Bool {
        guard case .appEvent(var app) = event.kind, let pattern = patterns[app.name],
              let running = engine.runningCallback(process: event.process, thread: event.thread), pattern.inside.contains(running),
              (try? pattern.regex.firstMatch(in: text())) != nil else { return false }
        app.unconfirmed = false
        event.kind = .appEvent(app)
        return true
    }
}
