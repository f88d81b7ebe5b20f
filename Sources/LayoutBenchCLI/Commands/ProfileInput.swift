import Results

/// A results file's instruction profile as the commands that compare runs read it: the profile, or a phrase saying
/// why there is none. A missing or unreadable profile never stops a command: it only leaves the functions behind a
/// change unnamed, and the command says so.
struct ProfileInput {
    /// The profile, when the results file names one that could be read.
    var profile: InstructionProfile?
    /// Why there is none: the file names none, or the profile could not be read (its error, in one line).
    var missing: String?

    /// The profile of `document`, read from `path`.
    init(_ document: ResultsDocument, at path: String) {
        guard document.profile != nil else {
            profile = nil
            missing = "\(path) names no instruction profile (`run --instructions` keeps one)"
            return
        }
        do {
            profile = try ResultsStore().readProfile(of: document, at: path)
            missing = nil
        } catch {
            profile = nil
            missing = error.description
        }
    }

    /// A profile made in this process (`gate --instructions` without --current), or why there is none.
    init(profile: InstructionProfile?, missing: String?) {
        self.profile = profile
        self.missing = profile == nil ? missing : nil
    }
}
