import Layouts

/// What the harness asks a ``LayoutFamily`` to build (``LayoutFamily/makeLayout(_:)``): the content, the attribute
/// storage, and the strategy the layout answers batch updates with.
public struct LayoutRequest: Hashable, Sendable {
    /// The content to lay out.
    public var content: ContentSpec
    /// The storage the layout holds its prepared attributes in: one of the family's
    /// ``LayoutFamily/storages(for:)``.
    public var storage: AttributeStorageKind
    /// How the layout answers batch updates: ``Layouts/UpdateStrategy/full`` (re-prepare everything, what every
    /// family can do) or another of an ``UpdatingLayoutFamily``'s ``UpdatingLayoutFamily/updateStrategies(for:)``.
    public var updates: UpdateStrategy

    /// A request for a layout of `content` in `storage` answering batch updates with `updates`.
    public init(content: ContentSpec, storage: AttributeStorageKind, updates: UpdateStrategy = .full) {
        self.content = content
        self.storage = storage
        self.updates = updates
    }
}
