import ArgumentParser
import Foundation
import KanbanCore

extension HistoryLanguage: ExpressibleByArgument {
    /// The language the environment's locale asks for (`LC_ALL`, `LC_MESSAGES`, then `LANG`).
    static var fromEnvironment: HistoryLanguage {
        let environment = ProcessInfo.processInfo.environment
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return HistoryLanguage(locale: locale)
    }
}
