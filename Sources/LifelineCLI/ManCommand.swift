import LifelineKit

/// `lifeline man`: the manual page `lifeline.1`, generated from the command specs, for installing.
struct ManCommand {
    static let spec = CommandSpec(
        name: "man",
        abstract: "Print the manual page lifeline.1 (every command, option and example).",
        discussion: """
        Install it where man looks, for example:
          sudo mkdir -p /usr/local/share/man/man1
          lifeline man | sudo tee /usr/local/share/man/man1/lifeline.1 > /dev/null
        """,
        examples: ["lifeline man > lifeline.1 && man ./lifeline.1"])

    /// What the page says before the options and commands.
    static let description = [
        "Lifeline reads the lifecycle logs of an iOS app (NSLog, print, os_log, log stream, device syslog, Xamarin "
            + "output) and checks every view controller instance's callbacks against UIKit's lifecycle. It reports each "
            + "violation as a compiler-style diagnostic, as JSON or a CI format, or as a timeline report.",
        "Each command below lists its arguments and options; 'lifeline COMMAND --help' shows the same in short.",
    ]

    /// What the page says after the commands.
    static let sections = [
        ManualPage.Section("Rules", RuleRegistry.descriptions.map { "\($0.identifier) (\($0.severity.rawValue)): \($0.summary)." }),
        ManualPage.Section("Exit status", [
            "0: no findings at or above --fail-on (check), or success. 1: findings at or above --fail-on. "
                + "2: usage, configuration, input or output errors.",
        ]),
        ManualPage.Section("Files", [
            ".lifeline.json in the working directory or the nearest folder above it (or --config FILE): rules to turn "
                + "off or re-rate, leakTimeout, slowTransitionSeconds, ignoreClasses, patterns, failOn and per-path "
                + "overrides. Unknown keys are errors. Flags override the file.",
        ]),
        ManualPage.Section("Environment", [
            "NO_COLOR: when set, output is never coloured.",
            "GITHUB_STEP_SUMMARY: with --format github, a Markdown summary of the findings is appended to this file.",
        ]),
        ManualPage.Section("See also", [
            "lifeline rules explain ID prints what a rule checks, why, how to fix it, and example traces. "
                + "Source and documentation: \(ReportOutput.informationURI)",
        ]),
    ]

    func run() -> Int32 {
        OutputStream.standardOutput.write(ManualPage.page(for: Lifeline.commands, version: Lifeline.version,
                                                          description: Self.description, sections: Self.sections))
        return Lifeline.ExitStatus.clean
    }
}
