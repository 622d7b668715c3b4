import Foundation
import LifelineKit

/// Each input's analysis options: the configuration, with the overrides whose paths match the input (paths
/// relative to the configuration file's folder), then the threshold flags.
struct InputOptions: Sendable {
    var configuration: Configuration
    /// The folder override paths are relative to; nil without a configuration file.
    var configurationFolder: String?
    /// Absolute; relative input paths are relative to it.
    var workingDirectory: String
    var follow = false
    /// Inputs found in folder walks, opened without following a link (`InputDiscovery.Expansion.foundWithoutLinks`).
    var foundWithoutLinks: Set<String> = []
    var leakTimeout: Double?
    var slowTransition: Double?

    /// Options whose override paths are relative to the folder of the configuration's file (`--config`, or the
    /// `.lifeline.json` found).
    init(configuration: Configuration, workingDirectory: String) {
        self.configuration = configuration
        configurationFolder = configuration.file.map { RelativePath.absolute("\($0)/..", base: workingDirectory) }
        self.workingDirectory = workingDirectory
    }

    /// Fails with the configuration's error, if any, so that a command ends before it reads any input.
    func validate() throws {
        _ = try options(for: .standardInput)
    }

    func options(for input: TraceInput) throws -> AnalysisOptions {
        var base = AnalysisOptions()
        base.follow = follow
        base.opensThroughLink = !foundWithoutLinks.contains(input.displayName)
        var options: AnalysisOptions
        do { options = try configuration.options(for: configurationPath(of: input), base: base) } catch {
            throw CommandFailure(description: "configuration: \(error)")
        }
        if let leakTimeout { options.settings.leakTimeout = leakTimeout }
        if let slowTransition { options.settings.slowTransitionThreshold = slowTransition }
        return options
    }

    /// The path overrides are matched against: relative to the configuration's folder when the input is inside
    /// it (so `traces/experimental/**` works from any working directory), else as given.
    func configurationPath(of input: TraceInput) -> String {
        let path = input.displayName
        guard case .file = input, let folder = configurationFolder,
              RelativePath.isInside(path, directory: folder, base: workingDirectory) else { return path }
        return RelativePath.relative(path, to: folder, base: workingDirectory)
    }
}
