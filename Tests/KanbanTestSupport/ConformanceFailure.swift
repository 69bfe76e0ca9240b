/// A store that does not behave as ``LogStoreConformance`` expects: what differed, where.
public struct ConformanceFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String, line: Int = #line) {
        self.description = "LogStoreConformance.swift:\(line): \(description)"
    }
}
