import ArgumentParser

/// No arguments: the `Change` of a ``CardDetailOptions`` whose subcommand's name says it all
/// (`check`, `remove`, `assign`).
struct NoArguments: ParsableArguments {}
