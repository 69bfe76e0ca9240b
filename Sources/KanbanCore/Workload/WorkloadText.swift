/// Words the workload builds titles and descriptions from: mostly English, with Korean and
/// French as the apps' users wrote them.
enum WorkloadText {
    static let english = [
        "fix", "login", "page", "write", "release", "notes", "review", "design", "update", "docs",
        "plan", "sprint", "meeting", "call", "client", "invoice", "backup", "server", "deploy", "test",
        "refactor", "search", "export", "report", "budget", "draft", "email", "follow", "up", "onboarding",
        "roadmap", "bug", "crash", "settings", "sync", "offline", "mode", "icons", "colours", "layout",
    ]
    static let korean = [
        "회의", "준비", "보고서", "작성", "디자인", "검토", "배포", "테스트", "문서", "수정",
        "일정", "확인", "고객", "전화", "예산", "발표", "자료", "정리", "버그", "개선",
    ]
    static let french = [
        "préparer", "réunion", "révision", "tâche", "équipe", "été", "déjà", "café", "rapport", "élève",
        "corriger", "déploiement", "à", "faire", "réécrire", "mise", "jour", "fenêtre", "reçu", "numéro",
    ]

    /// Words joined by spaces until about `length` characters, cut to exactly `length` at most.
    static func text(length: Int, words: [String], using generator: inout SeededGenerator) -> String {
        guard length > 0 else { return "" }
        var text = ""
        var characters = 0 // counted as words are added: String.count walks the whole string
        while characters < length {
            if !text.isEmpty {
                text += " "
                characters += 1
            }
            let word = words[Int.random(in: 0..<words.count, using: &generator)]
            text += word
            characters += word.count
        }
        return characters == length ? text : String(text.prefix(length)).trimmingWhitespace()
    }
}
