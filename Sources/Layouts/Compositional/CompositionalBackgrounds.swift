import LayoutModel

/// The section backgrounds of a compositional layout, beside its sections rather than in them: the distinct
/// decoration items and, per section, the index of its own (-1: none). Empty unless the provider decorates, so that a
/// layout without backgrounds pays one test of ``isEmpty`` a prepare and a query, never one a section
/// (`Guides/CompositionalLayout.md`, D1-D4).
struct CompositionalBackgrounds: Sendable {
    /// The distinct backgrounds.
    var items: [CompositionalDecorationItem] = []
    /// Per section, the index of its background in ``items``, or -1.
    var ofSection: [Int32] = []
    /// How far a background may reach above its section's top and below its section's bottom (negative insets),
    /// never below 0: the margin by which a query looks for sections.
    var reachAbove = 0.0, reachBelow = 0.0
    /// The container's width: a background spans it, inset by its own insets.
    var width = 0.0

    /// The most distinct backgrounds matched against earlier ones; beyond it every section gets its own entry.
    static let searchLimit = 16

    /// Whether no section has a background.
    @inline(__always)
    var isEmpty: Bool { ofSection.isEmpty }

    /// The bytes its arrays hold.
    var bytes: Int {
        items.capacity * MemoryLayout<CompositionalDecorationItem>.stride
            + ofSection.capacity * MemoryLayout<Int32>.stride
    }

    /// Empties the table, keeping its capacity.
    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        ofSection.removeAll(keepingCapacity: true)
        (reachAbove, reachBelow) = (0, 0)
    }

    /// Fills the table with the backgrounds `provider` gives sections `0..<count`, in a container `width` wide; an
    /// empty table when no section has one.
    ///
    /// - Returns: the number of sections with a background (the elements it adds).
    /// - Complexity: O(count) provider calls and O(``searchLimit``) comparisons each.
    mutating func fill(from provider: any CompositionalDecoratingProvider, count: Int,
                       environment: CompositionalEnvironment, width: Double) -> Int {
        removeAll()
        self.width = width
        ofSection.reserveCapacity(count)
        var decorated = 0
        for index in 0..<count {
            let entry = intern(provider.background(ofSection: index, environment: environment))
            ofSection.append(entry)
            if entry >= 0 { decorated += 1 }
        }
        if decorated == 0 { removeAll() }
        return decorated
    }

    /// The index of `item` in ``items`` (appended when new), or -1 for `nil`.
    ///
    /// - Complexity: O(``searchLimit``).
    mutating func intern(_ item: CompositionalDecorationItem?) -> Int32 {
        guard let item else { return -1 }
        if let last = ofSection.last, last >= 0, items[Int(last)] == item { return last }
        for (index, known) in items.prefix(Self.searchLimit).enumerated() where known == item { return Int32(index) }
        items.append(item)
        reachAbove = Swift.max(reachAbove, -item.contentInsets.top)
        reachBelow = Swift.max(reachBelow, -item.contentInsets.bottom)
        return Int32(items.count - 1)
    }

    /// The background of section `index` (in range), or `nil`.
    @inline(__always)
    func item(ofSection index: Int) -> CompositionalDecorationItem? {
        guard index < ofSection.count else { return nil }
        let entry = ofSection[index]
        return entry < 0 ? nil : items[Int(entry)]
    }

    /// The frame of `item` over `section`: the section's frame (from its header's top to its footer's bottom, the
    /// container's full width) inset by the item's content insets, its size never below 0. It ignores pinning and
    /// orthogonal offsets (D2, D4).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func frame(of item: CompositionalDecorationItem, over section: CompositionalSectionRecord) -> Rect {
        let i = item.contentInsets
        return Rect(x: i.left, y: section.start + i.top, width: Swift.max(0, width - i.left - i.right),
                    height: Swift.max(0, section.end - section.start - i.top - i.bottom))
    }

    /// The attributes of section `index`'s background over `section`, or `nil`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func attributes(ofSection index: Int, _ section: CompositionalSectionRecord) -> LayoutAttributes? {
        guard let item = item(ofSection: index) else { return nil }
        return LayoutAttributes(frame: frame(of: item, over: section), path: ElementPath(section: index, item: 0),
                                kind: item.elementKind, zIndex: item.zIndex)
    }
}

/// What drawing section backgrounds needs of a layout, closed-form (``CompositionalEngine``) or self-sizing
/// (``SelfSizingCompositionalEngine``): its records, its backgrounds and a section search. A background is drawn from
/// its section's record alone, so in a self-sizing layout it spans the section's fitted extent (D1-D4).
protocol CompositionalBackgroundDrawing: CompositionalOrthogonalEngine {
    /// The section backgrounds, empty when the provider decorates nothing.
    var backgrounds: CompositionalBackgrounds { get }
    /// The first section whose bottom is at or below `y` (touching counts), or the section count.
    func firstSectionIndex(endingAtOrAfter y: Double) -> Int
}

extension CompositionalBackgroundDrawing {
    /// The background decoration of a section (at item 0), where its section is; `nil` when the section has none or
    /// `kind` is not its kind (D1).
    ///
    /// - Complexity: O(1) in ``CompositionalLayout`` and ``SelfSizingCompositionalLayout``, O(log S) in the
    ///   incremental layouts.
    public func attributesForDecorationView(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section < sectionCount, path.item == 0,
              let item = backgrounds.item(ofSection: path.section), item.elementKind == kind
        else { return nil }
        return backgrounds.attributes(ofSection: path.section, record(path.section))
    }

    /// Appends the backgrounds that meet `rect`: of every section (`exhaustive`, the reference), or of the sections
    /// whose extent, widened by the backgrounds' reach, meets it.
    ///
    /// - Returns: the number of frames tested.
    /// - Complexity: O(S) exhaustive; otherwise O(log S + sections met) in ``CompositionalLayout`` and
    ///   ``SelfSizingCompositionalLayout``, a factor log S more in the incremental layouts.
    func appendBackgrounds(in rect: Rect, exhaustive: Bool, into buffer: inout [LayoutAttributes]) -> Int {
        let table = backgrounds
        let count = Swift.min(sectionCount, table.ofSection.count)
        var tested = 0
        var index = 0
        var high = Double.infinity
        if !exhaustive {
            let standard = rect.standardized
            high = standard.maxY + table.reachAbove
            index = firstSectionIndex(endingAtOrAfter: standard.minY - table.reachBelow)
        }
        while index < count {
            let entry = table.ofSection[index]
            if entry >= 0 || !exhaustive {
                let section = record(index)
                if section.start > high { break }
                if entry >= 0 {
                    tested += 1
                    let item = table.items[Int(entry)]
                    let frame = table.frame(of: item, over: section)
                    if frame.intersects(rect) {
                        buffer.append(LayoutAttributes(frame: frame, path: ElementPath(section: index, item: 0),
                                                       kind: item.elementKind, zIndex: item.zIndex))
                    }
                }
            }
            index += 1
        }
        return tested
    }
}
