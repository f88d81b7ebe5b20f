import LayoutModel
import Layouts

/// One element of an answer as a verifier sees it: its attributes and, for a layout that reports one
/// (``Layouts/AppearanceReportingLayout``), its appearance; ``Layouts/ElementAppearance/plain`` otherwise.
public struct ObservedElement: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The attributes.
    public var attributes: LayoutAttributes
    /// The appearance.
    public var appearance: ElementAppearance

    /// Creates an observed element.
    public init(_ attributes: LayoutAttributes, appearance: ElementAppearance = .plain) {
        self.attributes = attributes
        self.appearance = appearance
    }

    /// The element's kind and path: what identifies it across answers.
    public var key: ElementKey { ElementKey(kind: attributes.kind, path: attributes.path) }

    /// Orders by the attributes' canonical order.
    public static func < (lhs: ObservedElement, rhs: ObservedElement) -> Bool { lhs.attributes < rhs.attributes }

    /// The attributes, and the appearance when it is not plain.
    public var description: String {
        appearance == .plain ? attributes.description : "\(attributes) \(appearance)"
    }

    /// `elements` as observed elements with plain appearances, sorted.
    public static func plain(_ elements: [LayoutAttributes]) -> [ObservedElement] {
        elements.map { ObservedElement($0) }.sorted()
    }
}

/// What identifies an element: its kind and path.
public struct ElementKey: Hashable, Sendable, Comparable {
    /// The kind.
    public var kind: ElementKind
    /// The path.
    public var path: ElementPath

    /// Creates a key.
    public init(kind: ElementKind, path: ElementPath) {
        self.kind = kind
        self.path = path
    }

    /// By kind, then path: the attributes' canonical order.
    public static func < (lhs: ElementKey, rhs: ElementKey) -> Bool {
        lhs.kind != rhs.kind ? lhs.kind < rhs.kind : lhs.path < rhs.path
    }
}

/// Asks a layout for its answer to a rect with appearances, reusing its buffers across queries: ``query(_:in:using:)``
/// is the layout's call alone (what a verifier times), ``elements`` its answer as observed elements.
public struct ElementObserver {
    private var buffer: [LayoutAttributes] = []
    private var appearances: [ElementAppearance] = []
    private var reportsAppearance = false

    /// An observer with empty buffers.
    public init() {}

    /// Asks `layout` for `rect` through `variant`, with appearances when the layout reports them.
    ///
    /// - Returns: the number of elements the layout tested.
    @discardableResult
    public mutating func query(_ layout: any MeasuredLayout, in rect: Rect, using variant: QueryVariant) -> Int {
        if let reporting = layout as? any AppearanceReportingLayout {
            reportsAppearance = true
            return reporting.attributesForElements(in: rect, into: &buffer, appearances: &appearances, using: variant)
        }
        reportsAppearance = false
        return layout.attributesForElements(in: rect, into: &buffer, using: variant)
    }

    /// How many elements the last query returned.
    public var count: Int { buffer.count }

    /// The last query's answer, sorted.
    public var elements: [ObservedElement] {
        var result: [ObservedElement] = []
        result.reserveCapacity(buffer.count)
        if reportsAppearance {
            for (attributes, appearance) in zip(buffer, appearances) {
                result.append(ObservedElement(attributes, appearance: appearance))
            }
        } else {
            for attributes in buffer { result.append(ObservedElement(attributes)) }
        }
        result.sort()
        return result
    }

    /// `layout`'s answer to `rect` through `variant`, sorted.
    public mutating func observe(_ layout: any MeasuredLayout, in rect: Rect, using variant: QueryVariant)
        -> [ObservedElement]
    {
        query(layout, in: rect, using: variant)
        return elements
    }
}

extension MeasuredLayout {
    /// The layout's own per-element answer for `element`'s kind and path: `attributesForItem(at:)` for a cell,
    /// `attributesForDecorationView(ofKind:at:)` for a decoration, `attributesForSupplementaryElement(ofKind:at:)`
    /// otherwise.
    public func ownAttributes(of element: LayoutAttributes) -> LayoutAttributes? {
        switch element.kind.category {
        case .cell: attributesForItem(at: element.path)
        case .decoration: attributesForDecorationView(ofKind: element.kind, at: element.path)
        case .supplementary: attributesForSupplementaryElement(ofKind: element.kind, at: element.path)
        }
    }
}
