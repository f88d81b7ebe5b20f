import SwiftSyntax

/// What the rewrite needs to know about the whole target before rewriting any file: the classes and where they are
/// declared, the `@objc optional` requirements, the overrides, and which extension members move into which class.
///
/// Built from the original trees, so every `SyntaxIdentifier` it holds names a node of an original tree.
struct TargetSurvey {
    /// A class declaration: its file and node.
    struct ClassSite {
        var file: Int
        var declaration: SyntaxIdentifier
    }

    /// An extension member that moves into its class's body.
    struct Move {
        /// The member's index in the extension's member list.
        var index: Int
        /// The dotted name of the class it moves into.
        var className: String
        /// The line of the member's first token in its original file.
        var line: Int
        /// Whether the class is declared in another file than the extension.
        var crossesFiles: Bool
    }

    /// Classes by dotted name (`Outer.Inner`).
    var classes: [String: ClassSite] = [:]
    /// Dotted class names by declaration node.
    var classNames: [SyntaxIdentifier: String] = [:]
    /// The keys of every `override` member of every class in the target, wherever declared.
    var overrideKeys: Set<MemberKey> = []
    /// The `@objc optional` method requirements the rewrite turns into throwing requirements, by base name: the
    /// argument labels of each.
    var optionalMethods: [String: [[String]]] = [:]
    /// Extension members that move, by extension node.
    var moves: [SyntaxIdentifier: [Move]] = [:]
    /// What the survey could not handle.
    var diagnostics: [RewriteDiagnostic] = []

    init(trees: [SourceFileSyntax], paths: [String]) {
        var extensions: [(file: Int, node: ExtensionDeclSyntax, name: String)] = []
        for (file, tree) in trees.enumerated() {
            let collector = DeclarationCollector(file: file)
            collector.walk(tree)
            for (name, site) in collector.classes {
                classes[name] = site
                classNames[site.declaration] = name
            }
            overrideKeys.formUnion(collector.overrideKeys)
            extensions += collector.extensions.map { (file, $0.node, $0.name) }
            for requirement in collector.optionalRequirements {
                if let function = requirement.as(FunctionDeclSyntax.self),
                   function.signature.effectSpecifiers?.throwsClause == nil {
                    let labels = function.signature.parameterClause.parameters.map { $0.firstName.text }
                    optionalMethods[function.name.text, default: []].append(labels)
                } else {
                    diagnostics.append(Self.diagnostic(
                        at: requirement, in: tree, path: paths[file],
                        "an '@objc optional' requirement that is a property, a subscript or a throwing method is "
                            + "not rewritten: it becomes a plain requirement, which every conformer must implement"))
                }
            }
        }
        for (file, node, name) in extensions {
            planMoves(of: node, named: name, file: file, in: trees[file], path: paths[file])
        }
    }

    /// Which members of an extension move into the class body: every `override`, and every member that a class of
    /// the target overrides (Swift on Linux cannot override a member declared in an extension either).
    private mutating func planMoves(of node: ExtensionDeclSyntax, named name: String, file: Int,
                                    in tree: SourceFileSyntax, path: String) {
        let members = Array(node.memberBlock.members)
        let overrides = members.indices.filter { index in
            guard let modifiers = members[index].decl.asProtocol((any WithModifiersSyntax).self)?.modifiers else {
                return false
            }
            return modifiers.contains(.override)
        }
        guard let classSite = classes[name] else {
            if let first = overrides.first {
                diagnostics.append(Self.diagnostic(
                    at: members[first].decl, in: tree, path: path,
                    "'override' in an extension of '\(name)', which is not a class declared in these files: not "
                        + "moved (Swift on Linux cannot override from an extension)"))
            }
            return
        }
        let overridden = members.indices.filter { index in
            guard !overrides.contains(index), let key = MemberKey(members[index].decl) else { return false }
            let modifiers = members[index].decl.asProtocol((any WithModifiersSyntax).self)?.modifiers
            let isStatic = modifiers?.contains(.static) ?? false
            let isFinal = modifiers?.contains(.final) ?? false
            return overrideKeys.contains(key) && !isStatic && !isFinal
        }
        let indices = (overrides + overridden).sorted()
        guard !indices.isEmpty else { return }
        if node.genericWhereClause != nil {
            diagnostics.append(Self.diagnostic(
                at: members[indices[0]].decl, in: tree, path: path,
                "an extension with a 'where' clause cannot give its overrides to the class body: not moved"))
            return
        }
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        moves[node.id] = indices.map { index in
            let line = converter.location(for: members[index].decl.positionAfterSkippingLeadingTrivia).line
            return Move(index: index, className: name, line: line, crossesFiles: classSite.file != file)
        }
    }

    static func diagnostic(at node: some SyntaxProtocol, in tree: SourceFileSyntax, path: String,
                           _ message: String, severity: RewriteDiagnostic.Severity = .warning) -> RewriteDiagnostic {
        let location = SourceLocationConverter(fileName: path, tree: tree)
            .location(for: node.positionAfterSkippingLeadingTrivia)
        return RewriteDiagnostic(severity: severity, path: path, line: location.line, column: location.column,
                                 message: message)
    }
}

/// Collects one file's classes (by dotted name), overrides, extensions and `@objc optional` requirements.
private final class DeclarationCollector: SyntaxVisitor {
    let file: Int
    var classes: [String: TargetSurvey.ClassSite] = [:]
    var overrideKeys: Set<MemberKey> = []
    var extensions: [(node: ExtensionDeclSyntax, name: String)] = []
    var optionalRequirements: [DeclSyntax] = []
    /// The names of the enclosing types and extensions.
    private var scope: [String] = []

    init(file: Int) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    private func qualified(_ name: String) -> String { (scope + [name]).joined(separator: ".") }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = qualified(node.name.text)
        classes[name] = TargetSurvey.ClassSite(file: file, declaration: node.id)
        collectOverrides(node.memberBlock)
        scope.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        extensions.append((node, name))
        collectOverrides(node.memberBlock)
        scope.append(name)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        for member in node.memberBlock.members {
            if let modifiers = member.decl.asProtocol((any WithModifiersSyntax).self)?.modifiers,
               modifiers.contains(.optional) {
                optionalRequirements.append(member.decl)
            }
        }
        return .skipChildren
    }

    /// Function bodies hold no declarations the rewrite moves.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    private func collectOverrides(_ block: MemberBlockSyntax) {
        for member in block.members {
            guard let modifiers = member.decl.asProtocol((any WithModifiersSyntax).self)?.modifiers,
                  modifiers.contains(.override), let key = MemberKey(member.decl) else { continue }
            overrideKeys.insert(key)
        }
    }
}
