import LayoutBenchCLI

// The command tree over the built-in layout catalog. A package that benchmarks its own layouts writes the same line
// with its catalog: `LayoutBench.main(catalog: .builtIn.adding(MyFamily.self))`.
LayoutBench.main()
