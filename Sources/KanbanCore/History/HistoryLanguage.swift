/// The languages history lines and dates come in, as the apps had them.
public enum HistoryLanguage: String, CaseIterable, Sendable {
    case english = "en"
    case korean = "ko"
    case french = "fr"

    /// The language a POSIX locale name such as `ko_KR.UTF-8` asks for; English otherwise.
    public init(locale: String?) {
        let code = (locale ?? "").prefix(2).lowercased()
        self = HistoryLanguage(rawValue: code) ?? .english
    }

    /// The wording for this language.
    public var phrasebook: Phrasebook {
        switch self {
        case .english: .english
        case .korean: .korean
        case .french: .french
        }
    }
}
