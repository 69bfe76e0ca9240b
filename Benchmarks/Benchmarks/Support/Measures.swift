import Benchmark

/// Metrics and tolerances shared by the suites.
public enum Measures {
    /// Events per second of one sample (replay, scan, generate): a figure the standard workload asks for (`Benchmarks/README.md`).
    public static let eventsPerSecond = BenchmarkMetric.custom("eventsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    /// A size in bytes (the JSON file; the log's data scanned), to see what was measured on.
    public static let bytes = BenchmarkMetric.custom("bytes", polarity: .prefersSmaller, useScalingFactor: false)
    /// Events replayed after the snapshot when opening.
    public static let tailEvents = BenchmarkMetric.custom("tailEvents", polarity: .prefersSmaller, useScalingFactor: false)

    /// Wall clock, peak resident memory (the whole process, sampled every 10 ms) and mallocs.
    public static let standard: [BenchmarkMetric] = [.wallClock, .peakMemoryResident, .mallocCountTotal]

    /// How far a run may drift from the committed p90 (Thresholds/) before
    /// `thresholds check` calls it a regression or an improvement. Wide for time (a shared
    /// 2-core machine: only a large slowdown shows), tight for allocation counts (they barely
    /// vary: the steady signal), exact for sizes. `mallocSlack`: an absolute allowance instead
    /// of 5 % where the count is a few dozen.
    public static func tolerances(time: Double = 50, mallocSlack: Int? = nil, for metrics: [BenchmarkMetric]) -> [BenchmarkMetric: BenchmarkThresholds] {
        let timeTolerance = BenchmarkThresholds(relative: [.p50: time, .p90: time])
        let all: [BenchmarkMetric: BenchmarkThresholds] = [
            .wallClock: timeTolerance,
            eventsPerSecond: timeTolerance,
            .peakMemoryResident: BenchmarkThresholds(relative: [.p50: 20, .p90: 20]),
            .mallocCountTotal: mallocSlack.map { BenchmarkThresholds(absolute: [.p50: $0, .p90: $0]) }
                ?? BenchmarkThresholds(relative: [.p50: 5, .p90: 5]),
            bytes: BenchmarkThresholds(relative: [.p50: 1, .p90: 1]),
            tailEvents: BenchmarkThresholds(relative: [.p50: 1, .p90: 1]),
        ]
        return all.filter { metrics.contains($0.key) }
    }

    /// A configuration with the standard metrics plus `extra`, and modest time limits: the
    /// whole 100,000-event run stays within a few minutes on a 2-core machine.
    public static func configuration(
        _ extra: [BenchmarkMetric] = [],
        maxDuration: Duration = .seconds(3),
        maxIterations: Int = 1_000,
        warmupIterations: Int = 1,
        timeTolerance: Double = 50,
        mallocSlack: Int? = nil
    ) -> Benchmark.Configuration {
        .init(
            metrics: standard + extra,
            warmupIterations: warmupIterations,
            scalingFactor: .one,
            maxDuration: maxDuration,
            maxIterations: maxIterations,
            thresholds: tolerances(time: timeTolerance, mallocSlack: mallocSlack, for: standard + extra)
        )
    }
}

/// State a benchmark's setup makes and its closure uses. Each benchmark runs in a process of
/// its own, setup first and then the iterations on one thread: no locking needed.
public final class Slot<Value>: @unchecked Sendable {
    public var value: Value?
    public init() {}

    /// The value setup stored (a benchmark without its setup is a bug in the suite).
    public var get: Value {
        guard let value else { fatalError("the benchmark's setup did not run") }
        return value
    }
}
