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
            OptionSpec(["--suggest"], .flag, help: "Print a 'patterns' entry for the callback lines not read."),
            OptionSpec(["--include"], .value(valueName: "glob"), help: "Take these files from directories; repeatable.", repeatable: true),
            OptionSpec(["--exclude"], .value(valueName: "glob"), help: "Leave these out of directories; repeatable.", repeatable: true),
            InputExpansion.followLinks,
        ],
        positionals: [PositionalSpec("inputs", help: "Log files or directories; - for standard input.", minCount: 1, maxCount: nil)],
        examples: ["lifeline events app.log", "lifeline events --only unattributed traces/", "lifeline events --suggest app.log"])

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
                if try arguments.flag("--suggest") {
                    do { try Self.suggest(for: input, options: options, out) } catch {
                        OutputStream.standardError.diagnostic("\(input.displayName): error: \(error)")
                        status = Lifeline.ExitStatus.failure
                    }
                    continue
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

    /// The `patterns` entry for a file's unread callback lines, and what it reads of them.
    static func suggest(for input: TraceInput, options: AnalysisOptions, _ out: OutputStream) throws {
        guard let suggestion = try LineExplainer(options: options).suggestPattern(for: input) else {
            out.diagnostic("\(input.displayName): nothing to suggest: no two callback lines that Lifeline does not read share a shape")
            return
        }
        let lines = suggestion.unreadLines == 1 ? "line mentions" : "lines mention"
        out.diagnostic("\(input.displayName): \(suggestion.unreadLines) \(lines) a callback but \(suggestion.unreadLines == 1 ? "is" : "are") not read as a controller's; "
            + "this .lifeline.json entry reads \(suggestion.readings.count) of them:")
        out.diagnostic("{ \"patterns\": [\(jsonString(suggestion.pattern))] }")
        for reading in suggestion.readings {
            out.diagnostic("\(input.displayName):\(reading.line): would read \(reading.callback.rawValue) of \(reading.controller)")
        }
    }

    /// A JSON string as a person would type it into `.lifeline.json`: only `\\`, `"` and controls escaped.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
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
