import ArgumentParser

/// What `gate` prints on stdout.
enum GateFormat: String, CaseIterable, ExpressibleByArgument {
    case text, html
}
