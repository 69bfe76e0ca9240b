import ArgumentParser

/// The new text of a checklist item or a comment: the `Change` of a ``CardDetailOptions``.
struct NewTextArgument: ParsableArguments {
    @Argument(help: "Its new text.")
    var text: String
}
