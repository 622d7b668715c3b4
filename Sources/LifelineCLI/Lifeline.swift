import Foundation
import LifelineKit

/// The `lifeline` program: dispatches to its commands.
public enum Lifeline {
    /// The version `--version`, the manual page and SARIF output show.
    public static let version = "0.1.0"

    static let versionOption = OptionSpec(["--version"], help: "Print the version.")
    /// `--quiet`, of the commands that print notes and status lines on standard error.
    static let quietOption = OptionSpec(["--quiet", "-q"], help: "No notes or progress on stderr (errors show).")

    static let commands = CommandSet(
        name: "lifeline",
        abstract: "Checks iOS view-controller lifecycle logs against UIKit's rules.",
        commands: [CheckCommand.spec, EventsCommand.spec, RulesCommand.spec, ReportCommand.spec, StatsCommand.spec,
                   MergeCommand.spec, CompletionsCommand.spec, ManCommand.spec],
        options: [versionOption])

    /// Exit statuses: 0 clean, 1 findings at or above `--fail-on`, 2 usage or I/O errors.
    public enum ExitStatus {
        public static let clean: Int32 = 0, findings: Int32 = 1, failure: Int32 = 2
    }

    /// Runs the program with `arguments` (including the program name) and returns its exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        OutputStream.ignoreBrokenPipes()
        let status = run(Array(arguments.dropFirst()))
        return finish(status)
    }

    /// Flushes the output; a failed write to standard output (other than a vanished reader) is named on standard
    /// error and turns the status into 2, so CI never reads a cut report as findings or success.
    static func finish(_ status: Int32) -> Int32 {
        let out = OutputStream.standardOutput, err = OutputStream.standardError
        out.flush()
        defer { err.flush() }
        guard let failure = out.failure else { return status }
        err.line("lifeline: \(out.name): cannot write: \(failure)")
        return ExitStatus.failure
    }

    private static func run(_ rest: [String]) -> Int32 {
        let err = OutputStream.standardError
        guard let name = rest.first, name != "--help", name != "-h", name != "help" else {
            if rest.isEmpty { err.line(HelpFormatter.help(for: commands)); return ExitStatus.failure }
            OutputStream.standardOutput.line(HelpFormatter.help(for: commands))
            return ExitStatus.clean
        }
        if versionOption.names.contains(name) {
            OutputStream.standardOutput.line("lifeline \(version)")
            return ExitStatus.clean
        }
        let environment = ProcessInfo.processInfo.environment
        do {
            let spec = try commands.resolveCommand(named: name)
            let parsed = try ArgumentParser.parse(Array(rest.dropFirst()), for: spec)
            if parsed.helpRequested {
                OutputStream.standardOutput.line(HelpFormatter.help(for: spec, programName: "lifeline"))
                return ExitStatus.clean
            }
            if spec.options.contains(quietOption) { err.silencesNotes = try parsed.flag(quietOption.canonicalName) }
            switch spec.name {
            case CheckCommand.spec.name:
                return CheckCommand(arguments: parsed, environment: environment).run()
            case RulesCommand.spec.name:
                return RulesCommand(arguments: parsed).run()
            case ReportCommand.spec.name:
                return ReportCommand(arguments: parsed).run()
            case EventsCommand.spec.name:
                return EventsCommand(arguments: parsed).run()
            case CompletionsCommand.spec.name:
                return CompletionsCommand(arguments: parsed).run()
            case ManCommand.spec.name:
                return ManCommand().run()
            case StatsCommand.spec.name:
                return StatsCommand(arguments: parsed).run()
            case MergeCommand.spec.name:
                return MergeCommand(arguments: parsed, environment: environment).run()
            default:
                return ExitStatus.failure
            }
        } catch {
            err.diagnostic("lifeline: \(error)")
            if let spec = commands.command(named: name) {
                err.line(HelpFormatter.usage(for: spec, programName: "lifeline"))
                err.line("See 'lifeline \(spec.name) --help'.")
            } else {
                err.line("See 'lifeline --help'.")
            }
            return ExitStatus.failure
        }
    }
}

extension Lifeline {
    /// Runs a command's body; a thrown error is printed as one line and ends the command with exit status 2.
    static func exitStatus(of body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch {
            OutputStream.standardError.diagnostic("lifeline: \(error)")
            return ExitStatus.failure
        }
    }
}

/// A failure that ends a command with exit status 2 and a one-line message.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
}
