#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The live streams open in this process, so the memory they held goes back to the system when
/// many close: glibc keeps freed memory in its per-thread arenas (1.8 GB still held after 100
/// streams closed, issue 33), so once the streams open have fallen to half their peak (or none),
/// `malloc_trim` hands it back, a second later (when the closed streams' buffers are freed).
final class OpenStreams: Sendable {
    /// Every stream of the process (``LiveSubscriber`` counts itself in and out).
    static let all = OpenStreams()

    private struct Counts {
        var open = 0
        /// The most open since memory was last given back.
        var peak = 0
        /// Whether a give-back is due.
        var pending = false
    }

    private let counts = Mutex(Counts())

    /// Counts a stream in.
    func opened() {
        counts.withLock { counts in
            counts.open += 1
            counts.peak = max(counts.peak, counts.open)
        }
    }

    /// Counts a stream out; gives memory back once half of the peak (at least 8) have closed.
    func closed() {
        let due: Bool = counts.withLock { counts in
            counts.open -= 1
            guard counts.peak >= 8, counts.open * 2 <= counts.peak, !counts.pending else { return false }
            counts.pending = true
            return true
        }
        guard due else { return }
        Task {
            try? await Task.sleep(for: .seconds(1))
            counts.withLock { counts in
                counts.pending = false
                counts.peak = counts.open
            }
            Self.giveBack()
        }
    }

    /// Returns the allocator's free memory to the system: glibc's `malloc_trim(0)`, looked up by
    /// name (the Glibc module leaves `malloc.h` out); nothing elsewhere.
    static func giveBack() {
        #if canImport(Glibc)
        // RTLD_DEFAULT is the null handle on glibc: search the process's libraries.
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        #endif
    }
}
