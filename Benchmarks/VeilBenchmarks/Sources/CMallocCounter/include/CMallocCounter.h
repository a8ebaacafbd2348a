#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H
#include <stdint.h>
/// Allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by
/// the whole process so far. 0 forever when the interposition did not take (not glibc).
uint64_t veil_bench_allocations(void);
#endif
