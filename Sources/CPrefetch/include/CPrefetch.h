#ifndef KANBAN_CPREFETCH_H
#define KANBAN_CPREFETCH_H

/// Asks the processor to start loading the cache line at `address` for a write, keeping it
/// close: a hint with no effect on what the program computes, which never faults, whatever
/// the address. Swift has no spelling of its own for it.
static inline void kanban_prefetch_for_write(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

/// Asks the processor to start loading the cache line at `address` for a read, keeping it
/// close; the same kind of hint.
static inline void kanban_prefetch_for_read(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
