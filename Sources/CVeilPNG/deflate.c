#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cveilpng.h"
#include "deflate.h"
#include "veil_library.h"

/* libdeflate's C API, the four functions used, declared here (libdeflate.h, unchanged since
 * libdeflate 1.0), so building needs no -dev package. Where the header is installed, the
 * declarations are checked against it at compile time. */
struct libdeflate_compressor;
typedef struct libdeflate_compressor *alloc_compressor_fn(int compression_level);
typedef size_t zlib_compress_fn(struct libdeflate_compressor *compressor, const void *in, size_t in_nbytes,
                                void *out, size_t out_nbytes_avail);
typedef size_t zlib_compress_bound_fn(struct libdeflate_compressor *compressor, size_t in_nbytes);
typedef void free_compressor_fn(struct libdeflate_compressor *compressor);

#if defined(__has_include)
#if __has_include(<libdeflate.h>)
#include <libdeflate.h>
_Static_assert(__builtin_types_compatible_p(__typeof__(libdeflate_alloc_compressor), alloc_compressor_fn),
               "libdeflate_alloc_compressor");
_Static_assert(__builtin_types_compatible_p(__typeof__(libdeflate_zlib_compress), zlib_compress_fn),
               "libdeflate_zlib_compress");
_Static_assert(__builtin_types_compatible_p(__typeof__(libdeflate_zlib_compress_bound), zlib_compress_bound_fn),
               "libdeflate_zlib_compress_bound");
_Static_assert(__builtin_types_compatible_p(__typeof__(libdeflate_free_compressor), free_compressor_fn),
               "libdeflate_free_compressor");
#endif
#endif

/* The Debian/Ubuntu runtime package's soname first (libdeflate0), then macOS names,
 * Homebrew's prefixes included (dlopen does not search them by itself). */
static const char *const libdeflate_names[] = {
    "libdeflate.so.0", "libdeflate.0.dylib", "libdeflate.dylib", "/opt/homebrew/lib/libdeflate.0.dylib",
    "/usr/local/lib/libdeflate.0.dylib", NULL};
static veil_library libdeflate_library = {.name = "libdeflate", .file_names = libdeflate_names};

static struct {
    alloc_compressor_fn *alloc_compressor;
    zlib_compress_fn *zlib_compress;
    zlib_compress_bound_fn *zlib_compress_bound;
    free_compressor_fn *free_compressor;
} api;
static int api_loaded; /* 1 when every symbol was found */
static char api_error[320];
static pthread_once_t api_once = PTHREAD_ONCE_INIT;

/* Each thread keeps its compressor for the next image: allocating one costs tens of
 * microseconds and several hundred kilobytes at the high levels. Freed when the thread ends. */
struct thread_compressor {
    int level;
    struct libdeflate_compressor *compressor;
};
static pthread_key_t compressor_key; /* created before api_loaded is set */

static void free_thread_compressor(void *value) {
    struct thread_compressor *slot = value;
    if (slot == NULL) return;
    if (slot->compressor != NULL) api.free_compressor(slot->compressor);
    free(slot);
}

static void *find(const char *name) {
    void *symbol = veil_library_symbol(&libdeflate_library, name);
    if (symbol == NULL && api_error[0] == '\0') {
        snprintf(api_error, sizeof api_error, "libdeflate has no symbol %s (too old a version?)", name);
    }
    return symbol;
}

/* Debug builds: VEIL_TEST_HIDE_LIBRARIES=libdeflate makes libdeflate look missing, so the
 * process-level tests can check a machine without it. Release builds have no such switch. */
static int hidden_for_tests(void) {
#ifdef VEIL_FAULT_INJECTION
    const char *hidden = getenv("VEIL_TEST_HIDE_LIBRARIES");
    if (hidden != NULL && strstr(hidden, "libdeflate") != NULL) {
        snprintf(api_error, sizeof api_error, "libdeflate: hidden by VEIL_TEST_HIDE_LIBRARIES");
        return 1;
    }
#endif
    return 0;
}

static void load_libdeflate(void) {
    if (hidden_for_tests()) return;
    if (veil_library_load(&libdeflate_library) != 0) {
        snprintf(api_error, sizeof api_error, "%s", libdeflate_library.error);
        return;
    }
    api.alloc_compressor = (alloc_compressor_fn *)find("libdeflate_alloc_compressor");
    api.zlib_compress = (zlib_compress_fn *)find("libdeflate_zlib_compress");
    api.zlib_compress_bound = (zlib_compress_bound_fn *)find("libdeflate_zlib_compress_bound");
    api.free_compressor = (free_compressor_fn *)find("libdeflate_free_compressor");
    if (api.alloc_compressor == NULL || api.zlib_compress == NULL || api.zlib_compress_bound == NULL
        || api.free_compressor == NULL) {
        return;
    }
    if (pthread_key_create(&compressor_key, free_thread_compressor) != 0) {
        snprintf(api_error, sizeof api_error, "libdeflate: no thread-specific key left for its compressor");
        return;
    }
    api_loaded = 1;
}

int veil_png_libdeflate_load(void) {
    pthread_once(&api_once, load_libdeflate);
    return api_loaded ? VEIL_PNG_OK : -1;
}

const char *veil_png_libdeflate_error(void) {
    return veil_png_libdeflate_load() == VEIL_PNG_OK ? "" : api_error;
}

/* This thread's compressor for `level`, allocated (or replaced) when needed; NULL when out of
 * memory. */
static struct libdeflate_compressor *thread_compressor(int level) {
    struct thread_compressor *slot = pthread_getspecific(compressor_key);
    if (slot != NULL && slot->level == level) return slot->compressor;
    struct libdeflate_compressor *compressor = api.alloc_compressor(level);
    if (compressor == NULL) return NULL;
    if (slot == NULL) {
        slot = calloc(1, sizeof *slot);
        if (slot == NULL || pthread_setspecific(compressor_key, slot) != 0) {
            free(slot);
            api.free_compressor(compressor);
            return NULL;
        }
    } else {
        api.free_compressor(slot->compressor);
    }
    slot->level = level;
    slot->compressor = compressor;
    return compressor;
}

int veil_deflate_zlib(int level, const uint8_t *in, size_t in_len, uint8_t **out, size_t *out_len) {
    *out = NULL;
    *out_len = 0;
    if (veil_png_libdeflate_load() != VEIL_PNG_OK) return -1;
    struct libdeflate_compressor *compressor = thread_compressor(level);
    if (compressor == NULL) return VEIL_PNG_ENOMEM;
    size_t bound = api.zlib_compress_bound(compressor, in_len);
    uint8_t *buffer = malloc(bound);
    if (buffer == NULL) return VEIL_PNG_ENOMEM;
    /* With the bound's room the stream always fits; 0 would mean it did not, and zlib
     * writes the image instead. */
    size_t written = api.zlib_compress(compressor, in, in_len, buffer, bound);
    if (written == 0) {
        free(buffer);
        return -1;
    }
    *out = buffer;
    *out_len = written;
    return VEIL_PNG_OK;
}
