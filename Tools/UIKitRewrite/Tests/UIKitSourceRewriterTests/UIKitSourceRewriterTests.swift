import SwiftParser
import Testing
@testable import UIKitSourceRewriter

/// The rewrite of each Objective-C-only form, on fixtures written for these tests.
@Suite("UIKitSourceRewriter")
struct UIKitSourceRewriterTests {
    /// Rewrites without `#sourceLocation` directives, so that the expectations read as code.
    private func rewrite(_ texts: [String: String]) -> (files: [String: String], diagnostics: [RewriteDiagnostic]) {
        let files = texts.keys.sorted().map { SourceFile(path: $0, text: texts[$0] ?? "") }
        let result = UIKitSourceRewriter.rewrite(files, emitSourceLocations: false)
        return (Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.text) }), result.diagnostics)
    }

    private func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    // MARK: Attributes and modifiers

    static let attributed = """
        import UIKit

        @objcMembers
        final class Cell: UICollectionViewLayoutAttributes {
            @objc dynamic var column = 0
            @objc(tintForColumn:) func tint(for column: Int) -> Int { column }
            @nonobjc
            @discardableResult func reset() -> Int { 0 }
            /// Kept with its comment.
            @IBInspectable dynamic var radius: CGFloat = 0
        }

        @objc(LBLayout) class Layout: UICollectionViewLayout {}
        """

    @Test("@objc, @objc(name), @objcMembers, @nonobjc and dynamic go; other attributes, comments and lines stay")
    func attributes() {
        let output = rewrite(["A.swift": Self.attributed]).files["A.swift"] ?? ""
        for removed in ["@objc", "@objcMembers", "@nonobjc", "dynamic", "LBLayout", "tintForColumn"] {
            #expect(!output.contains(removed), "\(removed) left in:\n\(output)")
        }
        for kept in ["@discardableResult func reset()", "/// Kept with its comment.", "@IBInspectable var radius",
                     "final class Cell", "class Layout: UICollectionViewLayout {}", "var column = 0"] {
            #expect(output.contains(kept), "\(kept) missing from:\n\(output)")
        }
        // Every line keeps its number: a removed attribute on a line of its own leaves that line blank.
        let before = lines(Self.attributed)
        let after = lines(output)
        #expect(after.count == before.count)
        #expect(after[3] == "final class Cell: UICollectionViewLayoutAttributes {")
        #expect(after[7] == "    @discardableResult func reset() -> Int { 0 }")
        #expect(Parser.parse(source: output).hasError == false)
    }

    // MARK: Optional requirements

    static let delegateProtocol = """
        import UIKit

        @objc public protocol ShelfDelegate: AnyObject {
            func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat
            @objc optional func collectionView(_ collectionView: UICollectionView,
                                               heightForHeaderIn section: Int) -> CGFloat
            @objc(columnsIn:)
            optional func numberOfColumns(in collectionView: UICollectionView) -> Int
            @objc optional func shelfDidPrepare()
            @objc optional func title(for section: Int) async -> String?
        }
        """

    static let callSites = """
        import UIKit

        final class ShelfLayout: UICollectionViewLayout {
            weak var delegate: ShelfDelegate?

            func measure(_ cv: UICollectionView, flow: UICollectionViewDelegateFlowLayout?) -> CGFloat {
                let header = delegate?.collectionView?(cv, heightForHeaderIn: 0) ?? 40
                let columns = delegate?.numberOfColumns?(in: cv).advanced(by: 1)
                delegate?.shelfDidPrepare?()
                let forced = delegate!.collectionView!(cv, heightForHeaderIn: 1)
                let size = flow?.collectionView?(cv, layout: self, sizeForItemAt: IndexPath(item: 0, section: 0))
                let item = delegate?.collectionView(cv, heightForItemAt: IndexPath(item: 0, section: 0))
                return header + forced + CGFloat(columns ?? 0) + (size?.height ?? 0) + (item ?? 0)
            }
        }
        """

    @Test("an @objc optional requirement throws, and a generated extension implements it by throwing")
    func optionalRequirements() {
        let (files, diagnostics) = rewrite(["Delegate.swift": Self.delegateProtocol])
        let output = files["Delegate.swift"] ?? ""
        #expect(diagnostics.isEmpty)
        #expect(output.contains("public protocol ShelfDelegate: AnyObject {"))
        #expect(output.contains("heightForItemAt indexPath: IndexPath) -> CGFloat\n"), "a required method stays")
        #expect(output.contains("heightForHeaderIn section: Int) throws -> CGFloat"))
        #expect(output.contains("func numberOfColumns(in collectionView: UICollectionView) throws -> Int"))
        #expect(output.contains("func shelfDidPrepare() throws\n"))
        #expect(output.contains("func title(for section: Int) async throws -> String?"))
        #expect(!output.contains("optional func"))
        // The defaults are public, as the protocol is, and name the requirement they stand for.
        #expect(output.contains("extension ShelfDelegate {"))
        #expect(output.contains(
            "public func shelfDidPrepare() throws { throw _UIKitRewriteOptionalRequirementNotImplemented("
                + "requirement: \"shelfDidPrepare()\") }"))
        #expect(output.contains("requirement: \"collectionView(_:heightForHeaderIn:)\""))
        #expect(Parser.parse(source: output).hasError == false)
        // The original lines are all there, in place; the defaults come after them.
        let before = lines(Self.delegateProtocol)
        #expect(Array(lines(output).prefix(before.count)).count == before.count)
        #expect(lines(output)[before.count - 1] == "}")
    }

    @Test("calls ?(…) become try?, calls !(…) become try!, over the whole optional chain; other calls stay")
    func callSites() {
        let output = rewrite(["Delegate.swift": Self.delegateProtocol, "Layout.swift": Self.callSites])
            .files["Layout.swift"] ?? ""
        #expect(output.contains("let header = (try? delegate?.collectionView(cv, heightForHeaderIn: 0)) ?? 40"))
        #expect(output.contains("let columns = (try? delegate?.numberOfColumns(in: cv).advanced(by: 1))"))
        #expect(output.contains("\n        try? delegate?.shelfDidPrepare()\n"), "a statement needs no parentheses")
        #expect(output.contains("let forced = (try! delegate!.collectionView(cv, heightForHeaderIn: 1))"))
        // UIKit's own optional method (other labels) and a required method are not this protocol's optional ones.
        #expect(output.contains("flow?.collectionView?(cv, layout: self, sizeForItemAt:"))
        #expect(output.contains("let item = delegate?.collectionView(cv, heightForItemAt:"))
        #expect(lines(output).count == lines(Self.callSites).count)
        #expect(Parser.parse(source: output).hasError == false)
    }

    @Test("an optional method that returns an Optional, or is async, keeps its call's type and its await")
    func optionalResultsAndAsync() {
        let caller = """
            func header(_ delegate: ShelfDelegate?) async -> Int {
                let title: String? = await delegate?.title?(for: 0)
                guard let length = await delegate?.title?(for: 1)?.count else { return 0 }
                return length + (title?.count ?? 0)
            }
            """
        let output = rewrite(["Delegate.swift": Self.delegateProtocol, "Caller.swift": caller]).files["Caller.swift"]
        #expect(output?.contains("let title: String? = await (try? delegate?.title(for: 0))") == true)
        #expect(output?.contains("guard let length = await (try? delegate?.title(for: 1)?.count) else") == true)
    }

    @Test("an @objc protocol stays class-bound: AnyObject is added unless it is there", arguments: [
        ("@objc protocol Plain {\n}", "protocol Plain: AnyObject {\n}"),
        ("@objc protocol OverFlow: UICollectionViewDelegateFlowLayout {\n}",
         "protocol OverFlow: UICollectionViewDelegateFlowLayout, AnyObject {\n}"),
        ("@objc public protocol Bound: class {\n}", "public protocol Bound: class {\n}"),
        ("@objc protocol Two: A, AnyObject {\n}", "protocol Two: A, AnyObject {\n}"),
        ("protocol Swifty {\n}", "protocol Swifty {\n}"),
    ])
    func classBound(original: String, rewritten: String) {
        #expect(rewrite(["P.swift": original]).files["P.swift"] == rewritten)
    }

    @Test("calls are not rewritten when no file of the target declares the optional requirement")
    func callsWithoutRequirement() {
        let output = rewrite(["Layout.swift": Self.callSites]).files["Layout.swift"] ?? ""
        #expect(output == Self.callSites)
    }

    // MARK: Overrides in extensions

    static let layoutClass = """
        import UIKit

        class GridLayout: UICollectionViewLayout {
            var rows = 0

            func cellHeight() -> CGFloat { 44 }
        }

        extension GridLayout {
            // Prepares.
            override func prepare() {
                super.prepare()
            }

            func helper() -> Int { rows }

            override var collectionViewContentSize: CGSize { .zero }
        }

        final class TallGridLayout: GridLayout {
            override func cellHeight() -> CGFloat { 88 }
        }
        """

    static let otherFile = """
        import UIKit

        private extension GridLayout {
            override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
        }

        extension UICollectionViewFlowLayout {
            override func prepare() {}
        }

        extension Array where Element == Int {
            func total() -> Int { reduce(0, +) }
        }
        """

    @Test("override members of extensions move into the class body, from the same file and from another file")
    func overridesMove() {
        let (files, diagnostics) = rewrite(["Grid.swift": Self.layoutClass, "Other.swift": Self.otherFile])
        let grid = files["Grid.swift"] ?? ""
        let other = files["Other.swift"] ?? ""
        let tree = Parser.parse(source: grid)
        #expect(tree.hasError == false)
        // The class body holds its own members, then the moved ones in file order.
        let body = grid.split(separator: "extension GridLayout {")[0]
        #expect(body.contains("    override func prepare() {\n        super.prepare()\n    }"))
        #expect(body.contains("    override var collectionViewContentSize: CGSize { .zero }"))
        // From another file, the body stays in its file (where that file's private declarations are visible) under
        // another name, visible to the module; the class gets an override that calls it.
        #expect(body.contains("    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool "
            + "{ return self._uikitRewrite_shouldInvalidateLayout(forBoundsChange: newBounds) }"))
        #expect(other.contains("    internal func _uikitRewrite_shouldInvalidateLayout(forBoundsChange newBounds: "
            + "CGRect) -> Bool { true }"))
        #expect(!other.contains("override func shouldInvalidateLayout"))
        // What is not an override stays in the extension; the extension keeps its lines.
        let extensionPart = grid.split(separator: "extension GridLayout {")[1]
        #expect(extensionPart.contains("func helper() -> Int { rows }"))
        #expect(!extensionPart.contains("override func prepare"))
        #expect(lines(other).count == lines(Self.otherFile).count)
        // An extension of a class these files do not declare cannot give its override away: a warning.
        #expect(diagnostics.contains {
            $0.severity == .warning && $0.path == "Other.swift" && $0.line == 8
                && $0.message.contains("UICollectionViewFlowLayout")
        })
        #expect(diagnostics.filter { $0.severity == .note }.count == 3)
    }

    @Test("an override from another file forwards every kind of parameter, effect and accessor")
    func forwarding() {
        let classFile = "class Canvas: Surface {\n}\n"
        let extensionFile = """
            extension Canvas {
                /// Draws.
                @discardableResult override func draw(_ rect: inout Rect, in context: Context) async throws -> Int {
                    try await super.draw(&rect, in: context)
                }
                override var opacity: Double {
                    get { 1 }
                    set { print(newValue) }
                }
                override class var layerKind: String { "canvas" }
                override func fill(_ colors: Color...) {}
                override subscript(index: Int) -> Int { index }
            }
            """
        let files = rewrite(["Canvas.swift": classFile, "Canvas+Drawing.swift": extensionFile]).files
        let canvas = files["Canvas.swift"] ?? ""
        let drawing = files["Canvas+Drawing.swift"] ?? ""
        #expect(canvas.contains("    @discardableResult override func draw(_ rect: inout Rect, in context: Context) "
            + "async throws -> Int { return try await self._uikitRewrite_draw(&rect, in: context) }"))
        #expect(canvas.contains("    override var opacity: Double { get { return self._uikitRewrite_opacity } "
            + "set { self._uikitRewrite_opacity = newValue } }"))
        #expect(canvas.contains("    override class var layerKind: String { return self._uikitRewrite_layerKind }"))
        // A variadic parameter cannot be forwarded, nor a subscript: those move whole.
        #expect(canvas.contains("    override func fill(_ colors: Color...) {}"))
        #expect(canvas.contains("    override subscript(index: Int) -> Int { index }"))
        #expect(drawing.contains("    /// Draws.\n    @discardableResult func _uikitRewrite_draw(_ rect: inout Rect"))
        #expect(drawing.contains("    var _uikitRewrite_opacity: Double {"))
        #expect(drawing.contains("    class var _uikitRewrite_layerKind: String { \"canvas\" }"))
        #expect(!drawing.contains("override"))
        #expect(lines(drawing).count == lines(extensionFile).count)
        #expect(Parser.parse(source: canvas).hasError == false)
        #expect(Parser.parse(source: drawing).hasError == false)
    }

    @Test("a member declared in an extension and overridden by a subclass moves into the class body")
    func overriddenMembersMove() {
        let source = """
            class Base {
                func a() {}
            }
            extension Base {
                func height() -> Int { 1 }
                static func make() -> Base { Base() }
            }
            final class Derived: Base {
                override func height() -> Int { 2 }
            }
            """
        let output = rewrite(["Base.swift": source]).files["Base.swift"] ?? ""
        let parts = output.split(separator: "extension Base {")
        #expect(parts.count == 2)
        #expect(parts[0].contains("func height() -> Int { 1 }"))
        let extensionPart = parts[1].split(separator: "final class Derived")[0]
        #expect(extensionPart.contains("static func make()"), "a static member cannot be overridden: it stays")
        #expect(!extensionPart.contains("func height()"))
    }

    @Test("an override in an extension with a where clause is not moved, with a warning")
    func constrainedExtension() {
        let source = """
            class Box<T>: NSObject {}
            extension Box where T == Int {
                override var description: String { "int box" }
            }
            """
        let (files, diagnostics) = rewrite(["Box.swift": source])
        #expect(files["Box.swift"] == source)
        #expect(diagnostics.map(\.line) == [3])
    }

    // MARK: Source locations

    @Test("with source locations, each file starts at its original's line 1 and moved members keep their lines")
    func sourceLocations() {
        let files = [SourceFile(path: "/app/Grid.swift", text: Self.layoutClass),
                     SourceFile(path: "/app/Other \"quoted\".swift", text: Self.otherFile)]
        let result = UIKitSourceRewriter.rewrite(files)
        let grid = result.files[0].text
        #expect(grid.hasPrefix("#sourceLocation(file: \"/app/Grid.swift\", line: 1)\nimport UIKit\n"))
        // prepare() is on line 11 of the original; the class's brace on line 7.
        #expect(grid.contains("\n#sourceLocation(file: \"/app/Grid.swift\", line: 11)\n    override func prepare()"))
        #expect(grid.contains("\n#sourceLocation(file: \"/app/Other \\\"quoted\\\".swift\", line: 4)\n"))
        #expect(grid.contains("\n#sourceLocation(file: \"/app/Grid.swift\", line: 7)\n}\n"))
        #expect(Parser.parse(source: grid).hasError == false)
        #expect(result.files[1].text.hasPrefix("#sourceLocation(file: \"/app/Other \\\"quoted\\\".swift\", line: 1)"))
    }

    // MARK: Unsupported forms

    @Test("#selector, responds(to:) and optional properties are reported, not rewritten")
    func unsupported() {
        let source = """
            @objc protocol Source: NSObjectProtocol {
                @objc optional var title: String { get }
            }
            func check(_ source: Source) -> Bool {
                source.responds(to: #selector(getter: Source.title))
            }
            """
        let (files, diagnostics) = rewrite(["Source.swift": source])
        #expect(diagnostics.map(\.line) == [2, 5, 5])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(files["Source.swift"]?.contains("var title: String { get }") == true)
        #expect(diagnostics[0].description.hasPrefix("Source.swift:2:5: warning: an '@objc optional' requirement"))
    }

    // MARK: Whole-target properties

    @Test("rewriting is deterministic, and rewriting a rewritten target changes nothing")
    func idempotent() {
        let target = ["Delegate.swift": Self.delegateProtocol, "Layout.swift": Self.callSites,
                      "Grid.swift": Self.layoutClass, "Other.swift": Self.otherFile, "A.swift": Self.attributed]
        let once = rewrite(target).files
        #expect(rewrite(target).files == once)
        let twice = rewrite(once).files
        // The generated defaults are now ordinary declarations and stay; nothing else changes.
        #expect(twice == once)
    }

    @Test("a file with no Objective-C form is left byte for byte as it is")
    func untouched() {
        let source = "import UIKit\n\nfinal class Plain: UICollectionViewFlowLayout {\n    override func prepare() {}\n}\n"
        #expect(rewrite(["Plain.swift": source]).files["Plain.swift"] == source)
    }
}
