import SwiftParser
import SwiftSyntax

/// A member on its way into a class's body, already rewritten, with where it came from: an extension's member
/// itself, or the override that forwards to it.
struct MovedMember {
    var member: MemberBlockItemSyntax
    var path: String
    var line: Int
    /// Whether `member` is an override that forwards to the extension's member, which stayed in its file.
    var forwards = false
}

/// The name a member that moves across files keeps in its extension, under which its class's override calls it.
func forwardedName(_ name: String) -> String {
    "_uikitRewrite_" + name.filter { $0 != "`" }
}

/// Rewrites one original file: removes the Objective-C-only attributes and modifiers, turns `@objc optional`
/// requirements into throwing ones (with default implementations that throw) and their call sites into `try?` /
/// `try!`, takes moving members out of extensions and puts the moved members into their classes.
///
/// Removals keep every line break, so that the rewritten file's lines are the original's (a `#sourceLocation` at the
/// top then points diagnostics at the original); a member taken out of an extension leaves as many blank lines.
final class ObjCFormsRewriter: SyntaxRewriter {
    private let survey: TargetSurvey
    private let planner: OptionalCallPlanner
    private let path: String
    private let emitSourceLocations: Bool
    /// The members that move into classes of this file, by dotted class name.
    private let arrivals: [String: [MovedMember]]
    /// The members taken out of this file's extensions, by dotted class name.
    private(set) var departures: [String: [MovedMember]] = [:]
    /// The default implementations of this file's optional requirements, as declarations to append to the file.
    private(set) var appendix: [String] = []
    /// Trivia of removed attributes and modifiers, waiting for the next token.
    private var pendingTrivia: Trivia = []

    init(survey: TargetSurvey, planner: OptionalCallPlanner, path: String, emitSourceLocations: Bool,
         arrivals: [String: [MovedMember]]) {
        self.survey = survey
        self.planner = planner
        self.path = path
        self.emitSourceLocations = emitSourceLocations
        self.arrivals = arrivals
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Attributes and modifiers

    override func visit(_ node: AttributeListSyntax) -> AttributeListSyntax {
        let kept = node.compactMap { element -> AttributeListSyntax.Element? in
            if case .attribute(let attribute) = element, attribute.isObjectiveCOnly {
                pendingTrivia += attribute.leadingTrivia
                return nil
            }
            return takingPendingTrivia(element)
        }
        return AttributeListSyntax(kept)
    }

    override func visit(_ node: DeclModifierListSyntax) -> DeclModifierListSyntax {
        let removed: Set<TokenKind> = [.keyword(.dynamic), .keyword(.optional)]
        let kept = node.compactMap { modifier -> DeclModifierSyntax? in
            if removed.contains(modifier.name.tokenKind) {
                pendingTrivia += modifier.leadingTrivia
                return nil
            }
            return takingPendingTrivia(modifier)
        }
        return DeclModifierListSyntax(kept)
    }

    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        takingPendingTrivia(token)
    }

    private func takingPendingTrivia<Node: SyntaxProtocol>(_ node: Node) -> Node {
        guard !pendingTrivia.isEmpty else { return node }
        defer { pendingTrivia = [] }
        return node.with(\.leadingTrivia, pendingTrivia + node.leadingTrivia)
    }

    // MARK: Optional requirements

    override func visit(_ node: ProtocolDeclSyntax) -> DeclSyntax {
        let optionalIndices = node.memberBlock.members.enumerated().compactMap { index, member -> Int? in
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.modifiers.contains(.optional),
                  function.signature.effectSpecifiers?.throwsClause == nil else { return nil }
            return index
        }
        let isObjC = node.attributes.contains { element in
            if case .attribute(let attribute) = element { return attribute.attributeName.trimmedDescription == "objc" }
            return false
        }
        let visited = super.visit(node)
        guard var protocolDecl = visited.as(ProtocolDeclSyntax.self) else { return visited }
        if isObjC {
            protocolDecl = Self.classBound(protocolDecl)
        }
        guard !optionalIndices.isEmpty else { return DeclSyntax(protocolDecl) }
        var members = Array(protocolDecl.memberBlock.members)
        var defaults: [String] = []
        let access = Self.extensionAccess(of: protocolDecl.modifiers)
        for index in optionalIndices {
            guard let function = members[index].decl.as(FunctionDeclSyntax.self) else { continue }
            let throwing = Self.addingThrows(to: function)
            members[index] = members[index].with(\.decl, DeclSyntax(throwing))
            defaults.append(Self.defaultImplementation(of: throwing, access: access))
        }
        protocolDecl.memberBlock.members = MemberBlockItemListSyntax(members)
        let name = protocolDecl.name.text
        appendix.append(
            "/// The \"not implemented\" answers of `\(name)`'s optional requirements (uikit-rewrite).\n"
                + "extension \(name) {\n" + defaults.joined(separator: "\n") + "}\n")
        return DeclSyntax(protocolDecl)
    }

    /// The protocol with `AnyObject` among its inherited types unless it has it (or `class`): an `@objc` protocol is
    /// class-bound, and its `weak var delegate: P?` properties need it to stay so.
    private static func classBound(_ protocolDecl: ProtocolDeclSyntax) -> ProtocolDeclSyntax {
        let inherited = protocolDecl.inheritanceClause?.inheritedTypes ?? []
        guard !inherited.contains(where: { ["AnyObject", "class"].contains($0.type.trimmedDescription) }) else {
            return protocolDecl
        }
        let anyObject = TypeSyntax(IdentifierTypeSyntax(name: .identifier("AnyObject")))
        var result = protocolDecl
        if var clause = protocolDecl.inheritanceClause, let last = clause.inheritedTypes.last {
            var types = Array(clause.inheritedTypes)
            types[types.count - 1] = last.with(\.trailingTrivia, [])
                .with(\.trailingComma, .commaToken(trailingTrivia: .space))
            types.append(InheritedTypeSyntax(type: anyObject.with(\.trailingTrivia, last.trailingTrivia)))
            clause.inheritedTypes = InheritedTypeListSyntax(types)
            result.inheritanceClause = clause
        } else {
            let trailing = protocolDecl.name.trailingTrivia
            result.name = protocolDecl.name.with(\.trailingTrivia, [])
            result.inheritanceClause = InheritanceClauseSyntax(
                colon: .colonToken(trailingTrivia: .space),
                inheritedTypes: [InheritedTypeSyntax(type: anyObject.with(\.trailingTrivia, trailing))])
        }
        return result
    }

    /// `func f(…) -> R` as `func f(…) throws -> R` (`async throws` when async).
    private static func addingThrows(to function: FunctionDeclSyntax) -> FunctionDeclSyntax {
        var signature = function.signature
        let needsLeadingSpace = signature.parameterClause.rightParen.trailingTrivia.isEmpty
            && signature.effectSpecifiers?.asyncSpecifier == nil
        let throwsClause = ThrowsClauseSyntax(
            throwsSpecifier: .keyword(.throws, leadingTrivia: needsLeadingSpace ? .space : [],
                                      trailingTrivia: signature.returnClause == nil ? [] : .space))
        var effects = signature.effectSpecifiers ?? FunctionEffectSpecifiersSyntax()
        if let asyncSpecifier = effects.asyncSpecifier, asyncSpecifier.trailingTrivia.isEmpty {
            effects.asyncSpecifier = asyncSpecifier.with(\.trailingTrivia, .space)
        }
        effects.throwsClause = throwsClause
        signature.effectSpecifiers = effects
        return function.with(\.signature, signature)
    }

    /// The default implementation: the requirement with a body that throws "not implemented".
    private static func defaultImplementation(of requirement: FunctionDeclSyntax, access: String) -> String {
        let key = MemberKey(DeclSyntax(requirement)).map(\.description) ?? requirement.name.text
        let isStatic = requirement.modifiers.contains(.static) || requirement.modifiers.contains(.class)
        let signature = requirement
            .with(\.attributes, [])
            .with(\.modifiers, [])
            .with(\.body, nil)
            .trimmedDescription
        let body = "throw _UIKitRewriteOptionalRequirementNotImplemented(requirement: \"\(key)\")"
        return "    \(access)\(isStatic ? "static " : "")\(signature) { \(body) }\n"
    }

    /// The access modifier the default implementations take: the protocol's (`private` as `fileprivate`).
    private static func extensionAccess(of modifiers: DeclModifierListSyntax) -> String {
        switch modifiers.accessLevel?.name.tokenKind {
        case .keyword(.public)?, .keyword(.open)?: "public "
        case .keyword(.package)?: "package "
        case .keyword(.private)?, .keyword(.fileprivate)?: "fileprivate "
        default: ""
        }
    }

    // MARK: Optional call sites

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        let id = node.id
        var result = super.visit(node)
        if planner.calls.contains(id), var call = result.as(FunctionCallExprSyntax.self) {
            if let optional = call.calledExpression.as(OptionalChainingExprSyntax.self) {
                call.calledExpression = optional.expression
                    .with(\.trailingTrivia, optional.expression.trailingTrivia + optional.questionMark.trailingTrivia)
            } else if let forced = call.calledExpression.as(ForceUnwrapExprSyntax.self) {
                call.calledExpression = forced.expression
                    .with(\.trailingTrivia, forced.expression.trailingTrivia + forced.exclamationMark.trailingTrivia)
            }
            result = ExprSyntax(call)
        }
        return wrappingChain(id, result)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
        wrappingChain(node.id, super.visit(node))
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> ExprSyntax {
        wrappingChain(node.id, super.visit(node))
    }

    override func visit(_ node: OptionalChainingExprSyntax) -> ExprSyntax {
        wrappingChain(node.id, super.visit(node))
    }

    override func visit(_ node: ForceUnwrapExprSyntax) -> ExprSyntax {
        wrappingChain(node.id, super.visit(node))
    }

    /// `(try? chain)`, or `try! …`, when the original node `id` is a chain holding an optional call.
    private func wrappingChain(_ id: SyntaxIdentifier, _ expression: ExprSyntax) -> ExprSyntax {
        guard let (form, isStatement) = planner.chains[id] else { return expression }
        let leading = expression.leadingTrivia
        let trailing = expression.trailingTrivia
        let mark: TokenSyntax = form == .optional
            ? .postfixQuestionMarkToken(trailingTrivia: .space) : .exclamationMarkToken(trailingTrivia: .space)
        let tryExpression = TryExprSyntax(
            tryKeyword: .keyword(.try), questionOrExclamationMark: mark,
            expression: expression.with(\.leadingTrivia, []).with(\.trailingTrivia, []))
        if isStatement {
            return ExprSyntax(tryExpression.with(\.leadingTrivia, leading).with(\.trailingTrivia, trailing))
        }
        return ExprSyntax(TupleExprSyntax(
            leftParen: .leftParenToken(leadingTrivia: leading),
            elements: LabeledExprListSyntax([LabeledExprSyntax(expression: tryExpression)]),
            rightParen: .rightParenToken(trailingTrivia: trailing)))
    }

    // MARK: Overrides in extensions

    override func visit(_ node: ExtensionDeclSyntax) -> DeclSyntax {
        let id = node.id
        let visited = super.visit(node)
        guard let moves = survey.moves[id], var extensionDecl = visited.as(ExtensionDeclSyntax.self) else {
            return visited
        }
        let access = extensionDecl.modifiers.accessLevel
        let moving = Dictionary(uniqueKeysWithValues: moves.map { ($0.index, $0) })
        var members: [MemberBlockItemSyntax] = []
        // The lines a moved member held stay, blank, so that the lines after it keep their numbers.
        var carriedNewlines = 0
        for (index, member) in extensionDecl.memberBlock.members.enumerated() {
            guard let move = moving[index] else {
                members.append(member.with(\.leadingTrivia, .newlines(carriedNewlines) + member.leadingTrivia))
                carriedNewlines = 0
                continue
            }
            if move.crossesFiles, let (kept, forwarding) = Self.forwarding(member, access: access) {
                // Across files, the body stays where its file's private declarations are visible, under another
                // name; the class gets an override that calls it.
                members.append(kept.with(\.leadingTrivia, .newlines(carriedNewlines) + kept.leadingTrivia))
                carriedNewlines = 0
                departures[move.className, default: []].append(
                    MovedMember(member: forwarding, path: path, line: move.line, forwards: true))
                continue
            }
            carriedNewlines += member.description.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            departures[move.className, default: []].append(
                MovedMember(member: Self.giving(access, to: member), path: path, line: move.line))
        }
        extensionDecl.memberBlock.rightBrace = extensionDecl.memberBlock.rightBrace
            .with(\.leadingTrivia, .newlines(carriedNewlines) + extensionDecl.memberBlock.rightBrace.leadingTrivia)
        extensionDecl.memberBlock.members = MemberBlockItemListSyntax(members)
        return DeclSyntax(extensionDecl)
    }

    /// For a method or a computed property that moves to another file: the member as it stays in the extension
    /// (renamed, not an override, visible to the module) and the override that forwards to it. Nil for other
    /// members (subscripts, initializers, variadic or unnamed parameters), which move whole.
    private static func forwarding(_ member: MemberBlockItemSyntax, access: DeclModifierSyntax?)
        -> (kept: MemberBlockItemSyntax, forwarding: MemberBlockItemSyntax)? {
        let privateExtension = [.keyword(.private), .keyword(.fileprivate)].contains(access?.name.tokenKind)
        if let function = member.decl.as(FunctionDeclSyntax.self) {
            let parameters = function.signature.parameterClause.parameters
            guard parameters.allSatisfy({ $0.ellipsis == nil && ($0.secondName ?? $0.firstName).text != "_" }),
                  let body = function.body else { return nil }
            let arguments = parameters.map { parameter in
                let name = (parameter.secondName ?? parameter.firstName).text
                let value = parameter.type.trimmedDescription.hasPrefix("inout ") ? "&" + name : name
                return parameter.firstName.text == "_" ? value : parameter.firstName.text + ": " + value
            }
            let effects = function.signature.effectSpecifiers
            let call = (effects?.throwsClause == nil ? "" : "try ") + (effects?.asyncSpecifier == nil ? "" : "await ")
                + "self." + forwardedName(function.name.text) + "(" + arguments.joined(separator: ", ") + ")"
            let override = function.with(\.body, nil).trimmedDescription + " { return \(call) }"
            var kept = function
                .with(\.name, function.name.with(\.tokenKind, .identifier(forwardedName(function.name.text))))
                .with(\.body, body)
            let (modifiers, leftover) = Self.forwardedModifiers(kept.modifiers, privateExtension: privateExtension)
            kept.modifiers = modifiers
            kept.funcKeyword.leadingTrivia = leftover + kept.funcKeyword.leadingTrivia
            guard let forwarding = Self.member(parsing: override, indentation: member.leadingTrivia.indentation,
                                               access: access) else { return nil }
            return (member.with(\.decl, DeclSyntax(kept)), forwarding)
        }
        if let variable = member.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1,
           let binding = variable.bindings.first, let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
           let type = binding.typeAnnotation, binding.accessorBlock != nil {
            let target = "self." + forwardedName(pattern.identifier.text)
            let hasSetter: Bool = {
                guard case .accessors(let accessors)? = binding.accessorBlock?.accessors else { return false }
                return accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
            }()
            let accessors = hasSetter ? "get { return \(target) } set { \(target) = newValue }" : "return \(target)"
            let override = variable.with(\.bindings, []).trimmedDescription + " " + pattern.identifier.text
                + type.trimmedDescription + " { \(accessors) }"
            var kept = variable.with(\.bindings, [
                binding.with(\.pattern, PatternSyntax(pattern.with(\.identifier, pattern.identifier
                    .with(\.tokenKind, .identifier(forwardedName(pattern.identifier.text)))))),
            ])
            let (modifiers, leftover) = Self.forwardedModifiers(kept.modifiers, privateExtension: privateExtension)
            kept.modifiers = modifiers
            kept.bindingSpecifier.leadingTrivia = leftover + kept.bindingSpecifier.leadingTrivia
            guard let forwarding = Self.member(parsing: override, indentation: member.leadingTrivia.indentation,
                                               access: access) else { return nil }
            return (member.with(\.decl, DeclSyntax(kept)), forwarding)
        }
        return nil
    }

    /// The modifiers of a member that stays in its extension under another name: no `override`, no access level,
    /// and `internal` when its extension is private, so that its class's override in another file can call it.
    /// The trivia of removed modifiers that no modifier took is returned, for the declaration's keyword.
    private static func forwardedModifiers(_ modifiers: DeclModifierListSyntax, privateExtension: Bool)
        -> (DeclModifierListSyntax, leftoverTrivia: Trivia) {
        var pending: Trivia = []
        var kept: [DeclModifierSyntax] = []
        for modifier in modifiers {
            if modifier.name.tokenKind == .keyword(.override) || (modifiers.accessLevel?.id == modifier.id) {
                pending += modifier.leadingTrivia
                continue
            }
            kept.append(modifier.with(\.leadingTrivia, pending + modifier.leadingTrivia))
            pending = []
        }
        if privateExtension {
            kept.insert(DeclModifierSyntax(name: .keyword(.internal, leadingTrivia: pending, trailingTrivia: .space)),
                        at: 0)
            pending = []
        }
        return (DeclModifierListSyntax(kept), pending)
    }

    /// A member parsed from its text, indented, with the extension's access level; nil when the text does not parse
    /// as one member (the caller then moves the original member whole).
    private static func member(parsing text: String, indentation: Trivia, access: DeclModifierSyntax?)
        -> MemberBlockItemSyntax? {
        let parsed = Parser.parse(source: "class _UIKitRewriteForwarding {\n" + text + "\n}")
        guard !parsed.hasError, case .decl(let decl)? = parsed.statements.first?.item,
              let members = decl.as(ClassDeclSyntax.self)?.memberBlock.members, members.count == 1,
              let member = members.first else { return nil }
        return giving(access, to: member.with(\.leadingTrivia, indentation))
    }

    /// The member with the extension's access level, which it had implicitly (`private` as `fileprivate`, the scope
    /// a `private` extension's members have), except a private level on an override.
    private static func giving(_ access: DeclModifierSyntax?, to member: MemberBlockItemSyntax) -> MemberBlockItemSyntax {
        guard let access, var decl = member.decl.asProtocol((any WithModifiersSyntax).self),
              decl.modifiers.accessLevel == nil else { return member }
        // An override is at least as visible as its class (Swift rejects a private one), whatever its extension.
        let isPrivate = [.keyword(.private), .keyword(.fileprivate)].contains(access.name.tokenKind)
        if isPrivate && decl.modifiers.contains(.override) { return member }
        let keyword: Keyword = access.name.tokenKind == .keyword(.private) ? .fileprivate : {
            if case .keyword(let keyword) = access.name.tokenKind { return keyword }
            return .internal
        }()
        var modifiers = Array(decl.modifiers)
        let leading = modifiers.first?.leadingTrivia ?? []
        if !modifiers.isEmpty { modifiers[0] = modifiers[0].with(\.leadingTrivia, []) }
        modifiers.insert(DeclModifierSyntax(name: .keyword(keyword, leadingTrivia: leading, trailingTrivia: .space)),
                         at: 0)
        decl.modifiers = DeclModifierListSyntax(modifiers)
        guard let rewritten = Syntax(decl).as(DeclSyntax.self) else { return member }
        return member.with(\.decl, rewritten)
    }

    override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
        let id = node.id
        let visited = super.visit(node)
        guard let name = survey.classNames[id], let moved = arrivals[name], !moved.isEmpty,
              var classDecl = visited.as(ClassDeclSyntax.self) else { return visited }
        let originalBrace = node.memberBlock.rightBrace
        var braceTrivia = classDecl.memberBlock.rightBrace.leadingTrivia
        var text = ""
        for item in moved {
            let indentation = item.member.leadingTrivia.indentation
            let member = item.member.with(\.leadingTrivia, indentation).description
            if emitSourceLocations {
                text += "\n#sourceLocation(file: \(Self.stringLiteral(item.path)), line: \(item.line))"
            }
            text += "\n" + member
        }
        if emitSourceLocations {
            // The closing brace keeps its line: the directive names the line after it.
            let converter = SourceLocationConverter(fileName: path, tree: node.root)
            let braceLine = converter.location(for: originalBrace.positionAfterSkippingLeadingTrivia).line
            let newlines = braceTrivia.newlineCount
            if newlines == 0 { braceTrivia = .newline + braceTrivia }
            let nextLine = newlines == 0 ? braceLine : braceLine - newlines + 1
            text += "\n#sourceLocation(file: \(Self.stringLiteral(path)), line: \(nextLine))"
        }
        let parsed = Parser.parse(source: "class _UIKitRewriteMoved {" + text + "\n}")
        // The snippet's own closing brace and its line break are dropped: the class's brace follows.
        var arriving: MemberBlockItemListSyntax = []
        if case .decl(let decl)? = parsed.statements.first?.item, let snippet = decl.as(ClassDeclSyntax.self) {
            arriving = snippet.memberBlock.members
        }
        classDecl.memberBlock.members = MemberBlockItemListSyntax(Array(classDecl.memberBlock.members) + Array(arriving))
        classDecl.memberBlock.rightBrace = classDecl.memberBlock.rightBrace.with(\.leadingTrivia, braceTrivia)
        return DeclSyntax(classDecl)
    }

    /// A Swift string literal of `text`.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            default: literal.unicodeScalars.append(character)
            }
        }
        return literal + "\""
    }
}
