import ArgumentParser

/// The argument that names one detail of a card in a ``CardDetailOptions``: a checklist item,
/// a comment, a link, a person.
protocol CardDetailArgument {
    /// Its help, with the `valueName` that the usage and errors show (`item`, `person`, …).
    static var help: ArgumentHelp { get }
}
