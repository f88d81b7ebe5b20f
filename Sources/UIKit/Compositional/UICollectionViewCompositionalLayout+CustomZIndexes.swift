import LayoutModel
import Layouts

/// Custom groups' items' z-indexes (`NSCollectionLayoutGroupCustomItem(frame:zIndex:)`, Guides/UIKitCompositional.md
/// C5): the engine lays every cell out at 0, and the layout writes each custom item's own on its answer. Out of line,
/// so that a layout whose custom items are all at 0 (or that has none) answers as before, with one test.
extension UICollectionViewCompositionalLayout {
    /// `layoutAttributesForElements(in:)` of a layout some of whose custom items are not at z-index 0: the engine's
    /// elements, each cell at its slot's z-index, then what a visible-items handler set on it (V1 to V5).
    ///
    /// - Complexity: the engine's query, plus O(k) for k elements.
    @inline(never)
    func customZIndexedElements(in rect: CGRect, of engine: CompositionalLayout) -> [UICollectionViewLayoutAttributes] {
        let records = handlerRecords
        var cursor = 0
        let answered = !records.isEmpty && takeHandlerPassAnswer(for: rect)
        let zIndexes = slotZIndexes
        return makeObjects(in: rect, of: engine, scratch: &engineScratch, answered: answered) { element, state in
            guard element.kind == ElementKind.cell else { return }
            if let zIndex = zIndexes.zIndex(section: element.path.section, item: element.path.item) {
                state.zIndex = zIndex
            }
            guard !records.isEmpty else { return }
            HandlerRecord.apply(records, cursor: &cursor, section: element.path.section, item: element.path.item,
                                to: &state)
        }
    }
}
