/// Where a results document's instruction profiles are: a file beside the results file (`profile` in the file).
public struct ProfileReference: Codable, Hashable, Sendable {
    /// The profile file's name, in the results file's directory (`run.profile.json` beside `run.json`).
    public var file: String
    /// The profile's format version (``InstructionProfile/formatVersion``).
    public var formatVersion: Int

    /// A reference to `file`.
    public init(file: String, formatVersion: Int = InstructionProfile.currentFormatVersion) {
        self.file = file
        self.formatVersion = formatVersion
    }

    /// A reference to the profile at `profilePath`, which lies in the results file's directory.
    public init(profilePath: String) {
        self.init(file: FileNames.baseName(of: profilePath))
    }

    /// Where the profile of the results file at `resultsPath` goes: its name with `.json` replaced by
    /// `.profile.json` (`x.json` gives `x.profile.json`), in the same directory.
    public static func path(forResults resultsPath: String) -> String {
        let stem = resultsPath.hasSuffix(".json") ? String(resultsPath.dropLast(".json".count)) : resultsPath
        return stem + ".profile.json"
    }
}
