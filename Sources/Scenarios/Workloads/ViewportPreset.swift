import LayoutModel

/// The viewports scenarios are measured at.
public enum ViewportPreset: String, CaseIterable, Sendable, Codable {
    /// An iPhone in portrait, 390 x 844 points.
    case phone
    /// An iPad in portrait, 1024 x 1366 points.
    case tablet

    /// The viewport's size in points.
    public var size: Size {
        switch self {
        case .phone: Size(width: 390, height: 844)
        case .tablet: Size(width: 1024, height: 1366)
        }
    }
}
