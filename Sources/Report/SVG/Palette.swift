import Results

/// The report's colours: Okabe and Ito's palette for colour-blind readers, paired with marker shapes and dash
/// patterns so that series also differ in greyscale.
enum Palette {
    /// Okabe–Ito, darkest-contrast first (yellow is left out: it vanishes on white).
    static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]
    /// Dash patterns, solid first.
    static let dashes: [String?] = [nil, "6 3", "2 2", "8 3 2 3", "1 3", "10 4"]

    /// The colour, marker and dash of the `index`-th series.
    static func style(_ index: Int) -> (colour: String, marker: MarkerShape, dash: String?) {
        (colours[index % colours.count], MarkerShape.allCases[index % MarkerShape.allCases.count],
         dashes[index % dashes.count])
    }

    /// Verdict colours: blue for better, vermillion for worse, grey for unchanged and inconclusive (which are told
    /// apart by their markers, filled and open).
    static let improved = "#0072B2"
    static let regressed = "#D55E00"
    static let unchanged = "#555555"
    static let inconclusive = "#999999"
    static let grid = "#e3e3e3"
    static let axis = "#444444"
    static let budget60 = "#D55E00"
    static let budget120 = "#E69F00"

    /// The colour of Apple's hitch band (bluish green, orange, vermillion); the band's word is always written beside
    /// it, so it never carries the meaning alone.
    static func band(_ band: HitchBand) -> String {
        switch band {
        case .good: "#009E73"
        case .warning: "#E69F00"
        case .critical: "#D55E00"
        }
    }

    /// The colour of a hang verdict, in the hitch bands' order (bluish green, orange, vermillion); its word is always
    /// written beside it.
    static func verdict(_ verdict: HangVerdict) -> String {
        switch verdict {
        case .instant: "#009E73"
        case .delayed: "#E69F00"
        case .hang: "#D55E00"
        }
    }

    /// The colours of a frame's phases in a timeline strip, by phase code.
    static func phase(_ code: Int) -> String { colours[(code % colours.count + colours.count) % colours.count] }
}
