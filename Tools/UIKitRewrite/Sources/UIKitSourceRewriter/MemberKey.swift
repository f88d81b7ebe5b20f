import SwiftSyntax

/// A member's name and argument labels, `name(label:_:)`, or `name` for a property: what a call site or an override
/// can be matched by without type checking.
struct MemberKey: Hashable, CustomStringConvertible {
    var name: String
    /// The argument labels (`_` for none), or nil for a property.
    var labels: [String]?

    var description: String {
        guard let labels else { return name }
        return name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The key of a function, property, subscript or initializer declaration; nil for other declarations.
    init?(_ decl: DeclSyntax) {
        if let function = decl.as(FunctionDeclSyntax.self) {
            name = function.name.text
            labels = function.signature.parameterClause.parameters.map { $0.firstName.text }
        } else if let variable = decl.as(VariableDeclSyntax.self),
                  let pattern = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self) {
            name = pattern.identifier.text
            labels = nil
        } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
            name = "subscript"
            labels = subscriptDecl.parameterClause.parameters.map { $0.secondName == nil ? "_" : $0.firstName.text }
        } else if let initializer = decl.as(InitializerDeclSyntax.self) {
            name = "init"
            labels = initializer.signature.parameterClause.parameters.map { $0.firstName.text }
        } else {
            return nil
        }
    }

    init(name: String, labels: [String]?) {
        self.name = name
        self.labels = labels
    }
}

extension DeclModifierListSyntax {
    /// Whether the list holds the keyword modifier `keyword`.
    func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }

    /// The access-level modifier (`public`, `private`, …) in the list, if any.
    var accessLevel: DeclModifierSyntax? {
        let levels: Set<TokenKind> = [
            .keyword(.open), .keyword(.public), .keyword(.package), .keyword(.internal), .keyword(.fileprivate),
            .keyword(.private),
        ]
        return first { levels.contains($0.name.tokenKind) && $0.detail == nil }
    }
}

extension AttributeSyntax {
    /// The attributes that exist only with the Objective-C runtime, which the rewrite removes.
    static let objectiveCOnlyNames: Set<String> = ["objc", "objcMembers", "nonobjc"]

    /// Whether this is `@objc`, `@objc(name)`, `@objcMembers` or `@nonobjc`.
    var isObjectiveCOnly: Bool {
        Self.objectiveCOnlyNames.contains(attributeName.trimmedDescription)
    }
}

extension Trivia {
    /// The number of line breaks in the trivia, comments' own breaks included.
    var newlineCount: Int {
        reduce(0) { count, piece in
            switch piece {
            case .newlines(let n), .carriageReturns(let n), .carriageReturnLineFeeds(let n): count + n
            case .blockComment(let text), .docBlockComment(let text):
                count + text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            default: count
            }
        }
    }

    /// The whitespace after the last line break: a line's indentation.
    var indentation: Trivia {
        Trivia(pieces: Array(pieces.reversed().prefix { $0.isSpaceOrTab }.reversed()))
    }
}
