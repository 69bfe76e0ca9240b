/// Words the workload builds titles and descriptions from: mostly English, with Korean and
/// French as the apps' users wrote them.
enum WorkloadText {
    static let english = WordList([
        "fix", "login", "page", "write", "release", "notes", "review", "design", "update", "docs",
        "plan", "sprint", "meeting", "call", "client", "invoice", "backup", "server", "deploy", "test",
        "refactor", "search", "export", "report", "budget", "draft", "email", "follow", "up", "onboarding",
        "roadmap", "bug", "crash", "settings", "sync", "offline", "mode", "icons", "colours", "layout",
    ])
    static let korean = WordList([
        "회의", "준비", "보고서", "작성", "디자인", "검토", "배포", "테스트", "문서", "수정",
        "일정", "확인", "고객", "전화", "예산", "발표", "자료", "정리", "버그", "개선",
    ])
    static let french = WordList([
        "préparer", "réunion", "révision", "tâche", "équipe", "été", "déjà", "café", "rapport", "élève",
        "corriger", "déploiement", "à", "faire", "réécrire", "mise", "jour", "fenêtre", "reçu", "numéro",
    ])

    /// Words joined by spaces until about `length` characters, cut to exactly `length` at most
    /// (and then without a trailing space). Built as bytes: a character is one scalar here.
    static func text(length: Int, words: WordList, using generator: inout SeededGenerator) -> String {
        guard length > 0 else { return "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length * 2 + 24)
        var characters = 0
        while characters < length {
            if !bytes.isEmpty {
                bytes.append(UInt8(ascii: " "))
                characters += 1
            }
            let word = Int.random(in: 0..<words.count, using: &generator)
            bytes.append(contentsOf: words.utf8[word])
            characters += words.characters[word]
        }
        guard characters > length else { return String(decoding: bytes, as: UTF8.self) }
        // Cut after the `length`th scalar (a scalar starts at every byte but a continuation byte).
        var end = 0
        var scalars = 0
        while end < bytes.count {
            if bytes[end] & 0xC0 != 0x80 {
                if scalars == length { break }
                scalars += 1
            }
            end += 1
        }
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
