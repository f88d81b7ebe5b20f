extension InvalidationMode {
    /// `layout` in this mode: the layout itself in ``context`` mode (its own invalidation contexts), wrapped in a
    /// ``FullInvalidationLayout`` in ``full`` mode.
    public func apply<Layout: MeasuredLayout>(to layout: Layout) -> any MeasuredLayout {
        switch self {
        case .context: layout
        case .full: FullInvalidationLayout(layout)
        }
    }
}
