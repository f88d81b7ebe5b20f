import LayoutModel

extension EdgeInsets {
    /// The insets of `NSDirectionalEdgeInsets` in a left-to-right layout.
    package init(_ insets: NSDirectionalEdgeInsets) {
        self.init(top: Double(insets.top), left: Double(insets.leading), bottom: Double(insets.bottom),
                  right: Double(insets.trailing))
    }
}
