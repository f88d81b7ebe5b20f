import SwiftSyntax

/// How a call of an `@objc optional` method was written: `x.method?(…)` or `x.method!(…)`.
enum OptionalCallForm {
    /// `method?(…)`: nil when the method is not implemented. Rewritten to `try?`.
    case optional
    /// `method!(…)`: a trap when the method is not implemented. Rewritten to `try!`.
    case forced
}

/// Finds, in one original tree, the calls `x?.method?(…)` and `x.method!(…)` of the target's `@objc optional`
/// methods, and the optional chain each belongs to.
///
/// The rewrite drops the `?` or `!` after the method name and puts `try?` (or `try!`) before the whole chain, so that
/// the rest of the chain still applies to the method's result: `d?.f?(x).rounded()` becomes
/// `(try? d?.f(x).rounded())`.
final class OptionalCallPlanner: SyntaxVisitor {
    private let optionalMethods: [String: [[String]]]
    /// The calls whose `?` or `!` goes.
    private(set) var calls: Set<SyntaxIdentifier> = []
    /// The chains that get `try?` or `try!`, with whether they stand alone as a statement (then without parentheses).
    private(set) var chains: [SyntaxIdentifier: (form: OptionalCallForm, isStatement: Bool)] = [:]
    /// `#selector` and `responds(to:)`, which have no Linux form.
    private(set) var unsupported: [(node: Syntax, message: String)] = []

    init(optionalMethods: [String: [[String]]]) {
        self.optionalMethods = optionalMethods
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let (name, form) = Self.optionalCallee(of: node), matches(node, name: name) {
            calls.insert(node.id)
            let chain = Self.chain(containing: Syntax(node))
            let isStatement = chain.parent?.is(CodeBlockItemSyntax.self) ?? false
            let form = chains[chain.id]?.form == .optional ? .optional : form
            chains[chain.id] = (form, isStatement)
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
           member.declName.baseName.text == "responds", node.arguments.first?.label?.text == "to" {
            unsupported.append((Syntax(node), "'responds(to:)' needs the Objective-C runtime: not rewritten"))
        }
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "selector" {
            unsupported.append((Syntax(node), "'#selector' needs the Objective-C runtime: not rewritten"))
        }
        return .visitChildren
    }

    /// The method name of `x.name?(…)`, `name?(…)`, `x.name!(…)` or `name!(…)`, and which form it is.
    static func optionalCallee(of call: FunctionCallExprSyntax) -> (String, OptionalCallForm)? {
        let inner: ExprSyntax
        let form: OptionalCallForm
        if let optional = call.calledExpression.as(OptionalChainingExprSyntax.self) {
            inner = optional.expression
            form = .optional
        } else if let forced = call.calledExpression.as(ForceUnwrapExprSyntax.self) {
            inner = forced.expression
            form = .forced
        } else {
            return nil
        }
        if let member = inner.as(MemberAccessExprSyntax.self) { return (member.declName.baseName.text, form) }
        if let reference = inner.as(DeclReferenceExprSyntax.self) { return (reference.baseName.text, form) }
        return nil
    }

    /// Whether the call's labels are those of one of the optional requirements of that name. A trailing closure
    /// takes the place of any one remaining parameter.
    private func matches(_ call: FunctionCallExprSyntax, name: String) -> Bool {
        guard let candidates = optionalMethods[name] else { return false }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let trailing = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        return candidates.contains { candidate in
            candidate.count == labels.count + trailing && Array(candidate.prefix(labels.count)) == labels
        }
    }

    /// The outermost expression of the postfix chain (member accesses, calls, subscripts, `?`, `!`) that `node`
    /// begins.
    static func chain(containing node: Syntax) -> Syntax {
        var current = node
        while let parent = current.parent {
            let continues: Bool
            if let member = parent.as(MemberAccessExprSyntax.self) {
                continues = member.base?.id == current.id
            } else if let call = parent.as(FunctionCallExprSyntax.self) {
                continues = call.calledExpression.id == current.id
            } else if let subscriptCall = parent.as(SubscriptCallExprSyntax.self) {
                continues = subscriptCall.calledExpression.id == current.id
            } else {
                continues = parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
            }
            guard continues else { break }
            current = parent
        }
        return current
    }
}
