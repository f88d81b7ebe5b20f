/// The display refresh rate a trace is sampled at: one ``TraceEvent`` per frame.
public enum FrameRate: Int, CaseIterable, Sendable, Codable {
    /// 60 frames per second.
    case hz60 = 60
    /// 120 frames per second (ProMotion).
    case hz120 = 120

    /// The time between two frames, in seconds.
    public var frameDuration: Double { 1 / Double(rawValue) }
}
