import Patterns
import Testing

@Suite("Glob")
struct GlobTests {
    @Test("a glob matches the whole name: `*` any run (slashes too), `?` one scalar, anything else itself")
    func wholeNames() {
        #expect(Glob("frame.*").matches("frame.allocations"))
        #expect(!Glob("frame").matches("frame.allocations"))
        #expect(Glob("*/binary-search/*").matches("1000x1000/uniform/compact/binary-search/context"))
        #expect(Glob("a?c").matches("abc") && !Glob("a?c").matches("ac") && !Glob("a?c").matches("abbc"))
        #expect(Glob("*a*b*").matches("xxaxxbxx") && !Glob("*a*b*").matches("xxbxxaxx"))
        #expect(Glob("").matches("") && !Glob("").matches("a"))
        #expect(Glob("*").matches("") && Glob("**").matches("a/b"))
        #expect(Glob("Frame.*").matches("Frame.x") && !Glob("Frame.*").matches("frame.x"))
    }

    @Test("`?` is one Unicode scalar, not one UTF-8 byte", arguments: ["é", "€", "😀", "e"])
    func questionMarkIsOneScalar(scalar: String) {
        #expect(Glob("a?b").matches("a\(scalar)b"))
        #expect(!Glob("a??b").matches("a\(scalar)b"))
    }

    @Test("a `*` in the pattern is a wildcard even where the name has a `*`")
    func starIsAlwaysAWildcard() {
        #expect(Glob("a*").matches("a*b"))
        #expect(Glob("a*b").matches("a*b") && Glob("a*b").matches("ab"))
    }

    @Test("text with `*` or `?` is a glob; other text is not")
    func wildcards() {
        #expect(Glob.hasWildcard("a*") && Glob.hasWildcard("?") && !Glob.hasWildcard("a/b.c"))
    }
}

@Suite("NameFilter")
struct NameFilterTests {
    @Test("no patterns select everything; text matches as a substring; a wildcard makes a whole-name glob")
    func semantics() {
        #expect(NameFilter([]).matches("anything"))
        #expect(NameFilter(["binary-search"]).matches("300x300/uniform/binary-search/context"))
        #expect(!NameFilter(["binary-search"]).matches("300x300/uniform/linear-scan/context"))
        // A glob is over the whole name, so a pattern with a wildcard is not a substring match.
        #expect(!NameFilter(["binary-*"]).matches("300x300/binary-search"))
        #expect(NameFilter(["*binary-*"]).matches("300x300/binary-search"))
        #expect(NameFilter(["x", "*/context"]).matches("a/context"))
        // `[` is itself, not a character class as in SQLite's GLOB.
        #expect(NameFilter(["[ab]*"]).matches("[ab]/x"))
        #expect(!NameFilter(["[ab]*"]).matches("a/x"))
    }
}
