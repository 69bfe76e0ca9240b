import Synchronization

/// Gathers the results of one push's mutations as the writer decides them, and hands them over
/// once all are in (or the first failure, when a batch failed).
final class PushAnswers: Sendable {
    private struct Gathered {
        var results: [MutationResult?]
        var remaining: Int
        var failure: (any Error)?
        var continuation: CheckedContinuation<[MutationResult], any Error>?
    }

    private let gathered: Mutex<Gathered>

    init(count: Int, continuation: CheckedContinuation<[MutationResult], any Error>) {
        gathered = Mutex(Gathered(results: Array(repeating: nil, count: count), remaining: count, failure: nil, continuation: continuation))
    }

    /// Takes the result of mutation `index`; the last one in resumes the push.
    func give(_ result: Result<MutationResult, any Error>, at index: Int) {
        let finished: (CheckedContinuation<[MutationResult], any Error>, Result<[MutationResult], any Error>)? = gathered.withLock { gathered in
            switch result {
            case .success(let done): gathered.results[index] = done
            case .failure(let error): gathered.failure = gathered.failure ?? error
            }
            gathered.remaining -= 1
            guard gathered.remaining == 0, let continuation = gathered.continuation else { return nil }
            gathered.continuation = nil
            if let failure = gathered.failure { return (continuation, .failure(failure)) }
            return (continuation, .success(gathered.results.map { $0 ?? .duplicate }))
        }
        if let (continuation, outcome) = finished { continuation.resume(with: outcome) }
    }
}
