import LayoutModel
import Layouts

extension FlowFamily {
    /// Vertical flows resolve self-sizing items (their metrics are uniform, and the global header is another family).
    public func supportsSelfSizing(for content: ContentSpec) -> Bool { options.scrollDirection == .vertical }

    /// The incremental self-sizing layout of `content` told the fitted sizes `resolved`; `nil` for content with
    /// final sizes or a flow the family cannot make self-sizing.
    public func makeLayout(for content: ContentSpec, resolved: ResolvedItemSizes) -> (any MeasuredLayout)? {
        guard content.selfSizing != nil, supportsSelfSizing(for: content) else { return nil }
        return selfSizingLayout(for: content, strategy: .incremental, resolved: resolved)
    }

    /// The self-sizing layout of `content` for `strategy`: `incremental` keeps resolved line extents in trees
    /// (O(log n) a resolution), `full` re-prepares everything on each resolution, as a naive custom layout does.
    /// The configuration's item sizing is the estimate's; the metrics are the family's uniform ones.
    func selfSizingLayout(for content: ContentSpec, strategy: UpdateStrategy, resolved: ResolvedItemSizes? = nil)
        -> any SelfSizingLayout
    {
        let estimate = content.selfSizing?.estimate ?? SelfSizingSpec().estimate
        // The estimate gives the sizes: the configuration's item sizing is ignored by both initialisers.
        let configuration = options.configuration(for: ContentSpec(sections: 1, itemsPerSection: 1),
                                                  alignment: alignment)
        return switch strategy {
        case .full: SelfSizingFlowLayout(configuration, estimated: estimate, resolved: resolved)
        case .incremental: IncrementalFlowLayout(configuration, estimated: estimate, resolved: resolved)
        }
    }
}
