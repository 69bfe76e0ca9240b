import KanbanCore
import Testing

struct LimitsTests {
    @Test("The documented limits")
    func limits() {
        #expect(Limits.titleLength == 200)
        #expect(Limits.descriptionLength == 1000)
        #expect(Limits.nameLength == 50)
    }

    @Test("Titles are trimmed of whitespace and newlines, then counted in characters")
    func titles() throws {
        #expect(try Limits.checkedTitle("  a b \n") == "a b")
        #expect(try Limits.checkedTitle("\t회의\u{3000}") == "회의")
        #expect(try Limits.checkedTitle(String(repeating: "👩‍👩‍👧‍👦", count: 200)).count == 200)
        #expect(throws: KanbanError.titleTooLong(length: 201)) { try Limits.checkedTitle(String(repeating: "👩‍👩‍👧‍👦", count: 201)) }
        #expect(throws: KanbanError.emptyTitle) { try Limits.checkedTitle("\n\n") }
    }

    @Test("Descriptions are kept as given, up to 1,000 characters")
    func descriptions() throws {
        #expect(try Limits.checkedDescription("") == "")
        #expect(try Limits.checkedDescription("  spaced  ") == "  spaced  ")
        #expect(throws: KanbanError.descriptionTooLong(length: 1001)) { try Limits.checkedDescription(String(repeating: " ", count: 1001)) }
    }

    @Test("Names are trimmed and hold 1–50 characters")
    func names() throws {
        #expect(try Limits.checkedName(" Review ") == "Review")
        #expect(try Limits.checkedName(String(repeating: "é", count: 50)).count == 50)
        #expect(throws: KanbanError.nameTooLong(length: 51)) { try Limits.checkedName(String(repeating: "é", count: 51)) }
        #expect(throws: KanbanError.emptyName) { try Limits.checkedName(" \t") }
    }
}
