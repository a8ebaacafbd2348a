#ifndef VEIL_MEMORY_H
#define VEIL_MEMORY_H
/* How the veil executable's allocator returns freed memory to the system. A streamed scan
 * allocates and frees batches of the same sizes thousands of times, on two threads; with
 * glibc's defaults each round trip can hand the pages back and fault fresh ones in (10 to
 * 30 % of a scan's time, Docs/performance.md). Called once, first thing in main. */

#ifdef __cplusplus
extern "C" {
#endif

/* Keeps up to 64 MB of freed memory for reuse and maps only blocks of 16 MB and more on
 * their own (glibc's M_TRIM_THRESHOLD and M_MMAP_THRESHOLD, which otherwise adjust themselves
 * and hand pages back at each trim). Does nothing on other C libraries. */
void veil_keep_freed_memory(void);

#ifdef __cplusplus
}
#endif
#endif
