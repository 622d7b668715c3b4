import Foundation
import LifelineKit

/// `lifeline events FILE…`: every line with what Lifeline made of it, to see why a log is not understood.
struct EventsCommand {
    static let spec = CommandSpec(
        name: "events",
        abstract: "Show what each line of a log was read as: event, other line, unattributed or unparseable.",
        discussion: """
        Each line is printed as FILE:LINE: followed by what Lifeline made of it, then '|' and the line. Events \
        name their callback, their controller and the dialect that named it; '(unlabelled controller)' is the \
        implicit controller of lines that name none. 'unattributed' lines mention a callback but name no \
        controller Lifeline trusts, with why. 'app event' lines match an 'events' pattern of .lifeline.json and \
        name the controller and callback they attach to. Add a 'patterns' entry to .lifeline.json for a shape Lifeline \
        does not read.
        """,
        options: [
            OptionSpec(["--config", "-c"], .value(valueName: "file"), help: "Settings (default: nearest .lifeline.json)."),
            OptionSpec(["--only"], .value(valueName: "kind"), help: "Show only lines of this kind.",
                       allowedValues: ["event", "app", "other", "unattributed", "unparseable"]),
            OptionSpec(["--include"], .value(valueName: "glob"), help: "Take these files from directories; repeatable.", repeatable: true),
            OptionSpec(["--exclude"], .value(valueName: "glob"), help: "Leave these out of directories; repeatable.", repeatable: true),
        ],
        positionals: [PositionalSpec("inputs", help: "Log files or directories; - for standard input.", minCount: 1, maxCount: nil)],
        examples: ["lifeline events app.log", "lifeline events --only unattributed traces/"])

    let arguments: ParsedArguments

    func run() -> Int32 {
        Lifeline.exitStatus {
            let configuration = try ConfigurationLocator.load(explicitPath: arguments.value("--config"))
            let only = try arguments.value("--only")
            let out = OutputStream.standardOutput
            var status = Lifeline.ExitStatus.clean
            // Folders are walked as `check` walks them, so what `check` reports can be looked into the same way.
            let expansion = try InputExpansion.expand(arguments)
            for problem in expansion.problems {
                OutputStream.standardError.diagnostic("\(problem.path): error: \(problem.message)")
                status = Lifeline.ExitStatus.failure
            }
            for input in expansion.inputs {
                let options: AnalysisOptions
                do { options = try configuration.options(for: input.displayName, base: AnalysisOptions()) } catch {
                    throw CommandFailure(description: "configuration: \(error)")
                }
                do {
                    try LineExplainer(options: options).explain(input) { explanation in
                        guard only == nil || Self.kind(of: explanation.reading) == only else { return }
                        out.diagnostic("\(input.displayName):\(explanation.line): \(Self.describe(explanation.reading)) | \(explanation.text)")
                    }
                } catch {
                    OutputStream.standardError.diagnostic("\(input.displayName): error: \(error)")
                    status = Lifeline.ExitStatus.failure
                }
            }
            return status
        }
    }

    static func kind(of reading: LineExplanation.Reading) -> String {
        switch reading {
        case .event(.appEvent, _, _, _): return "app"
        case .event: return "event"
        case .other: return "other"
        case .unattributed: return "unattributed"
        case .unparseable: return "unparseable"
        }
    }

    /// `event viewDidLoad of vc1 (label-before)`, `unattributed: viewWillAppear: …`, `other`.
    static func describe(_ reading: LineExplanation.Reading) -> String {
        switch reading {
        case .event(.appEvent(let app), let controller, _, let dialect):
            var text = "app event \(app.name)" + (app.key.map { " (key \($0))" } ?? "")
            text += controller.map { " of \($0)" } ?? " with no controller"
            if let callback = app.callback { text += " in \(callback.rawValue)" + (app.callbackLine.map { " (line \($0))" } ?? "") }
            return text + (dialect.map { " (\($0))" } ?? "")
        case .event(let kind, let controller, let argument, let dialect):
            var text = "event \(kind.name)"
            if case .observerAdded(let name) = kind { text += " \(name)" }
            if case .observerRemoved(let name) = kind { text += " \(name)" }
            if case .uikitWarning(let summary) = kind { text = "event uikit-warning (\(summary))" }
            text += controller.map { " of \($0)" } ?? " of the callback before it on its thread"
            let role = kind.callback == .addChild ? "child" : "parent"  // `addChild` names the child it adds
            switch argument {
            case .noParent?: text += ", \(role) nil"
            case .controller(let other)?: text += ", \(role) \(other)"
            case nil: break
            }
            if let dialect { text += " (\(dialect))" }
            return text
        case .other:
            return "other"
        case .unattributed(let why):
            return "unattributed: \(why)"
        case .unparseable(let why):
            return "unparseable: \(why)"
        }
    }
}
