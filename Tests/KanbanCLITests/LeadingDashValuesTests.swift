@testable import KanbanCLI
import Testing

/// How command lines are rewritten before argument-parser reads them: only dash-leading
/// positional values (behind a `--`) and dash-leading values of text options (joined with `=`).
struct LeadingDashValuesTests {
    static func protect(_ arguments: [String]) -> [String] {
        LeadingDashValues.protect(arguments, root: KanbanCommand.self)
    }

    @Test("Command lines without a dash-leading value are left exactly as they are", arguments: [
        ["add", "Write the README", "--due", "2026-12-01", "--db", "x"],
        ["add", "--help"], ["add", "-h"], ["add", "-help"], ["-h"], ["--help"], [],
        ["move", "3f2a", "doing", "--at", "-1"],
        ["add", "--", "-h"], ["add", "t", "--bogus"], ["log", "--limit=-1"],
        ["boards", "add", "X", "--columns", "A,B"], ["history", "--lang", "ko", "--json"],
    ])
    func unchanged(arguments: [String]) {
        #expect(Self.protect(arguments) == arguments)
    }

    @Test("Dash-leading positional values go behind a --, in order with the others", arguments: [
        (["add", "-high priority", "--column", "DOING"], ["add", "--column", "DOING", "--", "-high priority"]),
        (["columns", "rename", "-a", "b", "--board", "x"], ["columns", "rename", "--board", "x", "--", "-a", "b"]),
        (["columns", "rename", "a", "-b"], ["columns", "rename", "--", "a", "-b"]),
        (["add", "-x", "--db", "d", "--", "-y"], ["add", "--db", "d", "--", "-x", "-y"]),
        (["add", "-t", "-h"], ["add", "-h", "--", "-t"]),
    ] as [([String], [String])])
    func positionals(arguments: [String], expected: [String]) {
        #expect(Self.protect(arguments) == expected)
    }

    @Test("Dash-leading values of text options are joined to them; numbers are not", arguments: [
        (["edit", "c", "--description", "- Need diagram"], ["edit", "--description=- Need diagram", "c"]),
        (["history", "--actor", "-bot", "--limit", "3"], ["history", "--actor=-bot", "--limit", "3"]),
        (["add", "t", "--at", "-1", "--column", "-x"], ["add", "--at", "-1", "--column=-x", "t"]),
    ] as [([String], [String])])
    func optionValues(arguments: [String], expected: [String]) {
        #expect(Self.protect(arguments) == expected)
    }
}
