/// Which functions of an instruction profile are shown as one: the copies the compiler makes of one function of the
/// source.
///
/// Folded, after demangling with `swift demangle --simplified`:
/// - **Specialisations**: a generic function's copy for given types and a function-signature specialisation are
///   both `specialized f` in simplified form; they fold into `f`, with the unspecialised generic when it also ran.
///   `Array.append(_:)` is then one function whichever element types it was specialised for: a reader asks which
///   function of the source cost more, and a change that makes the compiler specialise for other types (a new
///   element type) is then a change of that function rather than one function vanishing and another appearing.
/// - **Merged functions**: `merged f` (identical code the compiler kept once) folds into `f`.
/// - **Recursion levels**: callgrind's `f'2` (the parser already counts it as `f`).
///
/// Not folded, since each is code of its own: closures (`closure #1 in f`), thunks (`reabstraction thunk…`,
/// `partial apply for…`, `protocol witness for…`) and outlined copies (`outlined copy of…`). Overloads whose simplified
/// names are equal (`f(_:)` taking an `Int` and `f(_:)` taking a `Double`) are one function too, since the simplified
/// form leaves out parameter types.
public enum FunctionFolding {
    /// What is folded, one phrase each, for the profile's record.
    public static let folded = ["specializations", "merged functions", "recursion levels"]

    /// The words a name folds away, wherever they start the name or follow a space (`closure #1 in specialized f`).
    static let prefixes = ["specialized ", "merged "]

    /// The name a demangled (or C) name is shown and matched as.
    ///
    /// - Complexity: O(n) in the length of `name`.
    public static func fold(_ name: String) -> String {
        var result = ""
        result.reserveCapacity(name.utf8.count)
        var rest = Substring(name)
        var atWordStart = true
        while !rest.isEmpty {
            if atWordStart, let prefix = prefixes.first(where: { rest.hasPrefix($0) }) {
                rest = rest.dropFirst(prefix.count)
                continue
            }
            let character = rest.removeFirst()
            result.append(character)
            atWordStart = character == " "
        }
        return result.isEmpty ? name : result
    }
}
