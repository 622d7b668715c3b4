/// A `will…` appearance callback never completed nor cancelled, by the end of the trace or by dealloc.
public struct UnfinishedTransitionRule: Rule {
    public init() {}
    public static let checkedEvents: EventFilter = .callbacks(.dealloc)

    public static let description = RuleDescription(
        identifier: "unfinished-transition",
        severity: .warning,
        summary: "viewWillAppear/viewWillDisappear never completed, or a controller freed while on screen",
        explanation: """
        Every viewWillAppear ends in viewDidAppear or is cancelled by viewWillDisappear, and every \
        viewWillDisappear ends in viewDidDisappear or is cancelled by viewWillAppear. A transition still open \
        when the trace ends, or when the controller deallocates, means a container began an appearance transition and \
        never ended it (missing endAppearanceTransition()), the app was stopped mid-transition, or the trace \
        was cut. A controller freed while appearing or appeared usually had its view shown without addChild and \
        was not retained. Fix: pair beginAppearanceTransition with endAppearanceTransition and keep shown \
        controllers as children. A transition still open when its process's log stops within --leak-timeout seconds \
        of it (the capture ends, or the log moves on to a relaunch) may only mean the capture was cut there: that is \
        an info. One the trace went on long after, or in a \
        trace without timestamps, is a warning.
        """,
        triggeringExamples: [
            """
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            <Shop.CartViewController: 0x7f01> viewWillDisappear(_:)
            <Shop.CartViewController: 0x7f01> viewDidDisappear(_:)
            ↓<Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            """,
            """
            <Shop.BadgeViewController: 0x7f04> viewWillDisappear(_:)
            <Shop.BadgeViewController: 0x7f04> viewDidDisappear(_:)
            <Shop.BadgeViewController: 0x7f03> viewWillAppear(_:)
            <Shop.BadgeViewController: 0x7f03> viewDidAppear(_:)
            ↓<Shop.BadgeViewController: 0x7f03> deinit
            """,
        ],
        nonTriggeringExamples: [
            """
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewWillDisappear(_:)
            <Shop.CartViewController: 0x7f01> viewDidDisappear(_:)
            <Shop.CartViewController: 0x7f01> deinit
            """,
            """
            <Shop.ListViewController: 0x7f02> viewWillAppear(_:)
            <Shop.ListViewController: 0x7f02> viewDidAppear(_:)
            """,
            // `print(#function)` in two controllers: the popped one is freed while the one below appears.
            """
            viewDidLoad()
            viewWillAppear(_:)
            viewDidAppear(_:)
            viewWillDisappear(_:)
            viewWillAppear(_:)
            viewDidDisappear(_:)
            deinit
            viewDidAppear(_:)
            """,
        ],
        fix: RuleFix(
            swift: """
                // A container that forwards appearance itself, hiding its child:
                child.beginAppearanceTransition(false, animated: true)
                UIView.animate(withDuration: 0.3, animations: {
                    child.view.alpha = 0
                }, completion: { _ in
                    child.view.removeFromSuperview()
                    child.endAppearanceTransition()  // every begin needs its end
                })
                """,
            objectiveC: """
                // A container that forwards appearance itself, hiding its child:
                [child beginAppearanceTransition:NO animated:YES];
                [UIView animateWithDuration:0.3 animations:^{
                    child.view.alpha = 0;
                } completion:^(BOOL finished) {
                    [child.view removeFromSuperview];
                    [child endAppearanceTransition];  // every begin needs its end
                }];
                """))

    /// A dealloc in the unlabelled controller's stream is not judged: another controller may be the one freed.
    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard event.kind.callback == .dealloc, !instance.key.ref.isUnlabelled, !instance.isDeallocated, instance.appearanceKnown,
              instance.appearance != .disappeared, isJudged(instance, context) else { return }
        context.report("\(instance.key.ref) deallocated while \(instance.appearance.rawValue)", on: instance, at: event)
    }

    public func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        if atEnd { judgeAtEnd(instance, context) }
    }

    private func judgeAtEnd(_ instance: Instance, _ context: RuleContext) {
        guard !instance.isDeallocated, isJudged(instance, context) else { return }
        let mark: Mark?, message: String
        switch instance.appearance {
        case .appearing:
            mark = instance.willAppear
            message = "viewWillAppear at line %d never completed: no viewDidAppear or viewWillDisappear by the end of the trace"
        case .disappearing:
            mark = instance.willDisappear
            message = "viewWillDisappear at line %d never completed: no viewDidDisappear or viewWillAppear by the end of the trace"
        default:
            return
        }
        let line = mark?.line ?? instance.lastLine
        let text = "\(instance.key.ref) " + message.replacingOccurrences(of: "%d", with: String(line))
        if Self.traceEndsRightAfter(mark, of: instance.key.process, context) {
            context.report(text + " (its process's log ends right after it: a cut capture?)", on: instance, line: line,
                           event: .callback(instance.appearance == .appearing ? .viewWillAppear : .viewWillDisappear), severity: .info)
        } else {
            context.report(text, on: instance, line: line, event: .callback(instance.appearance == .appearing ? .viewWillAppear : .viewWillDisappear))
        }
    }

    /// Whether the process's log stopped within --leak-timeout of the open transition (the capture ended, or the
    /// log moved on to a relaunch): it may only have been cut off there, which a log cannot tell from a stall.
    /// Without timestamps nothing tells.
    private static func traceEndsRightAfter(_ mark: Mark?, of process: ProcessKey, _ context: RuleContext) -> Bool {
        guard let start = mark?.time, let last = context.lastTime(of: process) else { return false }
        return last.seconds(since: start) < context.settings.leakTimeout
    }

    /// Only classes that log the callback completing the transition are judged.
    private func isJudged(_ instance: Instance, _ context: RuleContext) -> Bool {
        switch instance.appearance {
        case .appearing: return context.classLogs(.viewDidAppear, of: instance)
        case .appeared, .disappearing: return context.classLogs(.viewDidDisappear, of: instance)
        case .disappeared: return false
        }
    }
}
