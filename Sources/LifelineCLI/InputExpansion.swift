import LifelineKit

/// The inputs a command line names, as check, report and stats expand them: `--include`/`--exclude` applied,
/// a note on standard error for each FIFO or device skipped in a folder, one for the symbolic links not followed,
/// and an error when nothing is left.
enum InputExpansion {
    static let followLinks = OptionSpec(["--follow-links"], help: "Follow symbolic links that stay in the folder.")

    static func expand(_ arguments: ParsedArguments) throws -> InputDiscovery.Expansion {
        let expansion = InputDiscovery(includes: try arguments.values("--include"), excludes: try arguments.values("--exclude"),
                                       followLinks: try arguments.flag("--follow-links"))
            .expand(arguments.positionals)
        for skipped in expansion.skipped {
            OutputStream.standardError.diagnostic("\(skipped.path): note: \(skipped.message)")
        }
        if !expansion.skippedLinks.isEmpty {
            OutputStream.standardError.diagnostic("lifeline: note: \(links(expansion.skippedLinks)) in folders not followed; "
                                                  + "--follow-links follows those that stay inside the folder named")
        }
        if !expansion.linksOutside.isEmpty {
            OutputStream.standardError.diagnostic("lifeline: note: \(links(expansion.linksOutside)) leading outside the folder named not followed")
        }
        guard !expansion.inputs.isEmpty || !expansion.problems.isEmpty else {
            throw CommandFailure(description: "no traces found in \(arguments.positionals.joined(separator: ", "))")
        }
        return expansion
    }

    /// `2 symbolic links (a, b)`, naming at most three.
    private static func links(_ paths: [String]) -> String {
        let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
        return "\(counted(paths.count, "symbolic link")) (\(shown))"
    }
}
