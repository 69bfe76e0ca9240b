#if canImport(Glibc)
import Glibc

/// Asks Linux for 2 MB pages for the first stretch of the heap, as glibc's
/// `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` does (a setting read only when a process starts).
///
/// A command that reads a large board makes a few hundred thousand small allocations; on 4 KB
/// pages, the first touch of each page is a fault, and at 250,000 cards those faults were a
/// fifth of `kanban board --json`. With transparent huge pages in `madvise` mode (the usual
/// default), the heap's first 256 MB — only reserved, touched as needed — fault a 2 MB page at
/// a time. Where the kernel has them off, a limit on data or address space is set (`ulimit -d`,
/// `ulimit -v`: the stretch would count against it), or anything fails, nothing changes.
enum HugePageHeap {
    /// The heap stretch asked for: reserved address space, not memory.
    static let reserved = 256 << 20

    /// `M_TOP_PAD` and `M_TRIM_THRESHOLD` of glibc's `<malloc.h>`, which Swift's Glibc module
    /// leaves out (as it does `mallopt`, looked up by name).
    private static let topPad: Int32 = -2
    private static let trimThreshold: Int32 = -1

    /// glibc's `mallopt(option, value)`; false when it is missing or refuses.
    private static func setMallocOption(_ option: Int32, _ value: Int32) -> Bool {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        return unsafeBitCast(symbol, to: MallocOption.self)(option, value) == 1
    }

    /// glibc's own top pad (128 KB), put back once the stretch is there.
    private static let defaultTopPad: Int32 = 128 << 10

    /// Whether `resource` has no limit: under a limit on data or address space, a reserved
    /// stretch would count against it and fail allocations that fit without it.
    private static func isUnlimited(_ resource: __rlimit_resource_t) -> Bool {
        var limit = rlimit()
        return getrlimit(resource, &limit) == 0 && limit.rlim_cur == rlim_t.max // RLIM_INFINITY, which Swift does not import
    }

    static func request() {
        let hugePage = 2 << 20
        guard isUnlimited(__rlimit_resource_t(RLIMIT_DATA.rawValue)), isUnlimited(__rlimit_resource_t(RLIMIT_AS.rawValue)) else { return }
        // Grow the heap by the stretch at its next extension (and once only: the pad goes back
        // to glibc's own below), and never give it back early.
        guard setMallocOption(topPad, Int32(reserved)) else { return }
        defer { _ = setMallocOption(topPad, defaultTopPad) }
        guard setMallocOption(trimThreshold, Int32(2 * reserved)) else { return }
        // Allocations the heap's top cannot hold extend it (each below the mmap threshold): the
        // stretch is what lies between the heap's end before and after.
        guard let before = sbrk(0), before != UnsafeMutableRawPointer(bitPattern: -1) else { return }
        var blocks: [UnsafeMutableRawPointer] = []
        while blocks.count < 64, sbrk(0) == before, let block = malloc(64 << 10) { blocks.append(block) }
        blocks.forEach { free($0) }
        guard let after = sbrk(0), after != UnsafeMutableRawPointer(bitPattern: -1) else { return }
        let start = (UInt(bitPattern: before) &+ UInt(hugePage - 1)) & ~UInt(hugePage - 1)
        let end = UInt(bitPattern: after)
        guard end > start, end - start >= UInt(hugePage), let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, Int(end - start), MADV_HUGEPAGE)
    }
}
#else
/// Huge pages are a Linux request; elsewhere, nothing.
enum HugePageHeap {
    static func request() {}
}
#endif
