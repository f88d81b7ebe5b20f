extension RevisionBuilder {
    /// A builder that runs `swift` from the given path: for tests, with a stand-in that builds without a compiler.
    package init(repository: GitRepository, cacheDirectory: String, swift: String) {
        self.repository = repository
        self.cacheDirectory = cacheDirectory
        self.swift = swift
    }
}
