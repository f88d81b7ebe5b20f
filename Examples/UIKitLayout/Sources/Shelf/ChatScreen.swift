//
//  ChatScreen.swift
//
//  A conversation driven by a diffable data source over the chat flow layout (ChatFlowLayout): messages in
//  sections by day, new ones appended at the end (the layout keeps the end in view), older pages loaded above,
//  messages deleted, and edited ones reconfigured. Written as iOS code is written; LayoutBench compiles this file
//  unchanged on Linux.
//

import UIKit

final class ChatScreen {
    typealias Snapshot = NSDiffableDataSourceSnapshot<Int, Int>

    let collectionView: UICollectionView
    let layout = ChatFlowLayout()
    private(set) var dataSource: UICollectionViewDiffableDataSource<Int, Int>!

    init(frame: CGRect) {
        collectionView = UICollectionView(frame: frame, collectionViewLayout: layout)
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "message")
        dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {
            collectionView, indexPath, messageID in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "message", for: indexPath)
            cell.tag = messageID
            return cell
        }
    }

    /// Opens the conversation at its end.
    func open(days: [(day: Int, messages: [Int])]) {
        var snapshot = Snapshot()
        for (day, messages) in days {
            snapshot.appendSections([day])
            snapshot.appendItems(messages, toSection: day)
        }
        dataSource.applySnapshotUsingReloadData(snapshot)
        collectionView.layoutIfNeeded()
        let bottom = max(0, collectionView.contentSize.height - collectionView.bounds.height)
        collectionView.setContentOffset(CGPoint(x: 0, y: bottom), animated: false)
    }

    /// A message sent or received: at the end of today, a new day when `day` is not the last.
    func append(_ message: Int, day: Int) {
        var snapshot = dataSource.snapshot()
        if snapshot.sectionIdentifiers.last != day { snapshot.appendSections([day]) }
        snapshot.appendItems([message], toSection: day)
        dataSource.apply(snapshot, animatingDifferences: true)
    }

    /// An older page: messages above the first, in their day (a new section above when the day is older).
    func prepend(_ messages: [Int], day: Int) {
        var snapshot = dataSource.snapshot()
        if let first = snapshot.sectionIdentifiers.first, first == day,
           let firstMessage = snapshot.itemIdentifiers(inSection: first).first {
            snapshot.insertItems(messages, beforeItem: firstMessage)
        } else if let first = snapshot.sectionIdentifiers.first, first != day {
            snapshot.insertSections([day], beforeSection: first)
            snapshot.appendItems(messages, toSection: day)
        } else {
            if snapshot.sectionIdentifiers.isEmpty { snapshot.appendSections([day]) }
            snapshot.appendItems(messages, toSection: day)
        }
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    /// Messages deleted; a day left empty goes too.
    func delete(_ messages: [Int]) {
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems(messages)
        let empty = snapshot.sectionIdentifiers.filter { snapshot.numberOfItems(inSection: $0) == 0 }
        snapshot.deleteSections(empty)
        dataSource.apply(snapshot)
    }

    /// An edited message: same cell, new text.
    func edit(_ message: Int) {
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems([message])
        dataSource.apply(snapshot)
    }
}
