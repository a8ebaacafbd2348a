#ifndef VEIL_LIBRARY_H
#define VEIL_LIBRARY_H
/* Shared libraries Veil loads only when a format needs them (libdeflate for PNG's image data,
 * giflib for GIF, libwebp for WebP, Tesseract for OCR, libjpeg for JPEG): `veil snap` and
 * `veil audit` run on a machine without them, and a command that needs one says which library
 * is missing and how to get it, instead of the dynamic loader refusing to start the program.
 * (Without libdeflate, PNGs are compressed by zlib instead: nothing is missing.) */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One optional library: the file names to try in order (the first is the one the Debian
 * package installs), filled in by the caller; the rest is the loader's. */
typedef struct veil_library {
    /* Short name for messages ("giflib"). */
    const char *name;
    /* NULL-terminated list of file names or paths for dlopen. */
    const char *const *file_names;
    /* Set by veil_library_load: the handle (NULL until loaded or when loading failed). */
    void *handle;
    /* 0 not tried yet, 1 loaded, -1 failed (the failure is remembered: no retry). */
    int state;
    /* The loader's last error for the last file name tried, when loading failed. */
    char error[256];
} veil_library;

/* Loads `library` once (thread-safe; later calls return the first result): 0 when loaded,
 * -1 when no file name could be opened (library->error says why). */
int veil_library_load(veil_library *library);

/* The address of `symbol` in a loaded library, or NULL (not loaded, or no such symbol). */
void *veil_library_symbol(veil_library *library, const char *symbol);

#ifdef __cplusplus
}
#endif
#endif
