import LifelineKit

/// The inputs a command line names, as check, report and stats expand them: `--include`/`--exclude` applied,
/// a note on standard error for each FIFO or device skipped in a folder, and an error when nothing is left.
enum InputExpansion {
    static func expand(_ arguments: ParsedArguments) throws -> InputDiscovery.Expansion {
        let expansion = InputDiscovery(includes: try arguments.values("--include"), excludes: try arguments.values("--exclude"))
            .expand(arguments.positionals)
        for skipped in expansion.skipped {
            OutputStream.standardError.note("\(skipped.path): note: \(skipped.message)")
        }
        guard !expansion.inputs.isEmpty || !expansion.problems.isEmpty else {
            throw CommandFailure(description: "no traces found in \(arguments.positionals.joined(separator: ", "))")
        }
        return expansion
    }
}
