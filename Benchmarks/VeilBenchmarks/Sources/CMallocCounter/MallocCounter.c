// Interposes the allocation functions of glibc in the executable that links this file and
// counts the calls; the memory itself comes from glibc's own __libc_* entry points.
#include "CMallocCounter.h"
#include <stddef.h>
#include <errno.h>

#if defined(__GLIBC__) || defined(__linux__)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static uint64_t count;

void *malloc(size_t size) { __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED); return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    void *p = memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
uint64_t veil_bench_allocations(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }
#else
uint64_t veil_bench_allocations(void) { return 0; }
#endif
