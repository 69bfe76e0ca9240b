import ArgumentParser
import Foundation

/// Positional values that start with a dash, such as the title in
/// `kanban add "-high priority: fix login"` or `kanban add "- Need diagram"`.
///
/// swift-argument-parser reads any word starting with `-` as options (`-high…` as `-h`, `-i`, …,
/// so a title holding an `h` printed the help and added nothing). Before parsing, a single-dash
/// word that is not one of the subcommand's own option names, and is not the value of one of its
/// options, is taken for what it is — a positional value: the subcommand's positional values
/// move, in order, behind a `--`. Words after a `--` the user typed, and words starting with
/// `--` (a mistyped option stays an error), are left alone; so are `-h` and `-help`, which
/// still ask for help.
///
/// The options that take text parse unconditionally (`@Option(parsing: .unconditional)`), so
/// `--description "- Need diagram"` is taken as given. Such a value is joined to its option
/// (`--description=- Need diagram`) all the same, or a `-h…` value would still read as a
/// request for help when some other argument is missing.
enum LeadingDashValues {
    /// `arguments` (without the program name) with dash-leading positional values put behind
    /// a `--` and dash-leading values of unconditional options joined to them; unchanged when
    /// there are none.
    static func protect(_ arguments: [String], root: ParsableCommand.Type) -> [String] {
        var command = root
        var index = 0
        while index < arguments.count, let sub = subcommand(named: arguments[index], of: command) {
            command = sub
            index += 1
        }
        let rest = arguments[index...].prefix { $0 != "--" }
        guard rest.contains(where: isSingleDashWord), let signature = Signature(of: command) else {
            return arguments
        }
        var options: [String] = []
        var positionals: [String] = []
        var joined = false
        var dashedPositional = false
        var position = rest.startIndex
        while position < rest.endIndex {
            let word = rest[position]
            let name = String(word.prefix { $0 != "=" })
            if let unconditional = signature.valueOptions[name] {
                if !word.contains("="), position + 1 < rest.endIndex {
                    position += 1
                    let value = rest[position]
                    if unconditional && isSingleDashWord(value) {
                        options.append(word + "=" + value)
                        joined = true
                    } else {
                        options.append(contentsOf: [word, value])
                    }
                } else {
                    options.append(word)
                }
            } else if signature.flags.contains(name) || word.hasPrefix("--") {
                options.append(word)
            } else {
                dashedPositional = dashedPositional || isSingleDashWord(word)
                positionals.append(word)
            }
            position += 1
        }
        if dashedPositional && signature.takesPositionals {
            let terminated = arguments[rest.endIndex...].dropFirst() // what followed the user's own "--"
            return Array(arguments[..<index]) + options + ["--"] + positionals + terminated
        }
        guard joined else { return arguments }
        return Array(arguments[..<index]) + options + positionals + arguments[rest.endIndex...]
    }

    /// For a usage error: how to pass the first `--word` that is none of the subcommand's
    /// options as a value (`put -- before it`), when the subcommand takes positional values.
    static func hint(for arguments: [String], root: ParsableCommand.Type) -> String? {
        var command = root
        var index = 0
        while index < arguments.count, let sub = subcommand(named: arguments[index], of: command) {
            command = sub
            index += 1
        }
        let rest = arguments[index...].prefix { $0 != "--" }
        guard rest.contains(where: { $0.hasPrefix("--") }), let signature = Signature(of: command), signature.takesPositionals else { return nil }
        var position = rest.startIndex
        while position < rest.endIndex {
            let word = rest[position]
            let name = String(word.prefix { $0 != "=" })
            if signature.valueOptions[name] != nil {
                if !word.contains("=") { position += 1 }
            } else if word.hasPrefix("--") && !signature.flags.contains(name) {
                return "to give '\(word)' as a value, put -- before it"
            }
            position += 1
        }
        return nil
    }

    /// A word argument-parser would take for short options or a single-dash long option.
    private static func isSingleDashWord(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && !word.hasPrefix("--")
    }

    private static func subcommand(named name: String, of command: ParsableCommand.Type) -> ParsableCommand.Type? {
        command.configuration.subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
    }

    /// The option and flag names of one subcommand, as its help dump lists them.
    private struct Signature {
        /// Options that take a value, and whether they take it unconditionally.
        var valueOptions: [String: Bool] = [:]
        var flags: Set<String> = ["-h", "--help", "-help"]
        var takesPositionals = false

        init?(of command: ParsableCommand.Type) {
            guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else { return nil }
            for argument in dump.command.arguments ?? [] {
                let names = (argument.names ?? []).map { name in
                    switch name.kind {
                    case "long": "--" + name.name
                    default: "-" + name.name // short, longWithSingleDash
                    }
                }
                switch argument.kind {
                case "positional": takesPositionals = true
                case "option": for name in names { valueOptions[name] = argument.parsingStrategy == "unconditional" }
                default: flags.formUnion(names)
                }
            }
        }

        /// The part of argument-parser's help dump (`ToolInfoV0`) read here.
        private struct Dump: Decodable {
            var command: Command

            struct Command: Decodable {
                var arguments: [Argument]?
            }

            struct Argument: Decodable {
                var kind: String
                var names: [Name]?
                var parsingStrategy: String?
            }

            struct Name: Decodable {
                var kind: String
                var name: String
            }
        }
    }
}
