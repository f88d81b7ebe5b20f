/// How this binary was compiled. Timings from a debug build are meaningless and are refused or marked.
public enum BuildConfiguration: String, Sendable, Codable {
    /// `swift build` without `-c release`: no optimisation, timings are meaningless.
    case debug
    /// `swift build -c release`.
    case release

    /// The configuration this module was compiled in; SwiftPM compiles every module of a build alike.
    public static var current: BuildConfiguration {
        #if DEBUG
        return .debug
        #else
        return .release
        #endif
    }
}
