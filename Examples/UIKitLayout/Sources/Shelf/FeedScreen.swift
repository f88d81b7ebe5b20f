//
//  FeedScreen.swift
//
//  A news feed driven by a diffable data source, as iOS apps write it since iOS 13: posts in sections by day,
//  a snapshot built from the model and applied on every change (new posts arrive at the top, posts are removed,
//  liked (reconfigured in place), edited (reloaded), pinned (moved to another section), and old days archived).
//  Written as iOS code is written; LayoutBench compiles this file unchanged on Linux.
//

import UIKit

final class FeedScreen: NSObject {
    enum Section: Hashable {
        case pinned
        case day(Int)
    }

    struct Post {
        let id: Int
        var text: String
        var likes = 0
    }

    let collectionView: UICollectionView
    private(set) var dataSource: UICollectionViewDiffableDataSource<Section, Int>!
    /// The model: every post by identifier, and the identifiers of each section in order.
    private(set) var posts: [Int: Post] = [:]
    private(set) var sections: [(Section, [Int])] = []
    /// What each cell was last configured with (the cell's tag is the post it shows).
    private(set) var configurations = 0

    /// A feed in `frame`; `layout` is the screen's flow layout (a test passes its own subclass), configured here.
    init(frame: CGRect, layout: UICollectionViewFlowLayout = UICollectionViewFlowLayout()) {
        layout.itemSize = CGSize(width: 120, height: 44)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        collectionView = UICollectionView(frame: frame, collectionViewLayout: layout)
        super.init()
        collectionView.register(PostCell.self, forCellWithReuseIdentifier: "post")
        for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind,
                                    withReuseIdentifier: "day")
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) {
            [weak self] collectionView, indexPath, postID in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "post", for: indexPath) as! PostCell
            cell.tag = postID
            cell.configured += 1
            self?.configurations += 1
            return cell
        }
        dataSource.supplementaryViewProvider = { collectionView, kind, indexPath in
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "day", for: indexPath)
        }
    }

    /// The snapshot of the model.
    private func makeSnapshot() -> NSDiffableDataSourceSnapshot<Section, Int> {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        for (section, ids) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(ids, toSection: section)
        }
        return snapshot
    }

    /// The first load: days of posts.
    func load(days: [[Post]]) {
        sections = days.enumerated().map { day, dayPosts in (.day(day), dayPosts.map(\.id)) }
        for post in days.joined() { posts[post.id] = post }
        dataSource.apply(makeSnapshot(), animatingDifferences: false)
    }

    /// New posts arrive at the top of the newest day.
    func receive(_ newPosts: [Post]) {
        guard let newest = sections.firstIndex(where: { $0.0 != .pinned }) else { return }
        for post in newPosts { posts[post.id] = post }
        sections[newest].1.insert(contentsOf: newPosts.map(\.id), at: 0)
        dataSource.apply(makeSnapshot())
    }

    /// Posts are removed wherever they are.
    func remove(_ ids: [Int]) {
        for index in sections.indices { sections[index].1.removeAll { ids.contains($0) } }
        for id in ids { posts[id] = nil }
        dataSource.apply(makeSnapshot())
    }

    /// A like changes what a cell shows, not its size: reconfigure it in place.
    func like(_ id: Int) {
        posts[id]?.likes += 1
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems([id])
        dataSource.apply(snapshot)
    }

    /// An edit replaces the post's cell.
    func edit(_ id: Int, text: String) {
        posts[id]?.text = text
        var snapshot = dataSource.snapshot()
        snapshot.reloadItems([id])
        dataSource.apply(snapshot)
    }

    /// Pinning moves a post into the pinned section at the top (made on first use).
    func pin(_ id: Int) {
        for index in sections.indices { sections[index].1.removeAll { $0 == id } }
        if let pinned = sections.firstIndex(where: { $0.0 == .pinned }) {
            sections[pinned].1.append(id)
        } else {
            sections.insert((.pinned, [id]), at: 0)
        }
        dataSource.apply(makeSnapshot())
    }

    /// The oldest day is archived.
    func archiveOldestDay() {
        guard let oldest = sections.lastIndex(where: { $0.0 != .pinned }), sections.count > 1 else { return }
        for id in sections[oldest].1 { posts[id] = nil }
        sections.remove(at: oldest)
        dataSource.apply(makeSnapshot())
    }

    /// A new day starts above the others (below the pinned posts).
    func startDay(_ day: Int) {
        let at = sections.first?.0 == .pinned ? 1 : 0
        sections.insert((.day(day), []), at: at)
        dataSource.apply(makeSnapshot())
    }
}

/// The feed's cell, as apps write one: its own state, set up in `init(frame:)`, which dequeuing calls.
final class PostCell: UICollectionViewCell {
    /// How many times the cell was configured, over its reuses.
    var configured = 0
    /// Set by `init(frame:)`.
    private(set) var madeByFrameInitializer = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        madeByFrameInitializer = true
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
