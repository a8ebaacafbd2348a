#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libraries.h"
#include "media.h"
#include "veil_library.h"

/* File names to try, the Debian/Ubuntu runtime package's first (its soname pins the ABI the
 * headers describe), then macOS names, Homebrew's prefixes included (dlopen does not search
 * them by itself). */
static const char *const gif_names[] = {
    "libgif.so.7", "libgif.7.dylib", "libgif.dylib", "/opt/homebrew/lib/libgif.dylib",
    "/usr/local/lib/libgif.dylib", NULL};
static const char *const webp_names[] = {
    "libwebp.so.7", "libwebp.7.dylib", "/opt/homebrew/lib/libwebp.7.dylib", "/usr/local/lib/libwebp.7.dylib", NULL};
static const char *const webpmux_names[] = {
    "libwebpmux.so.3", "libwebpmux.3.dylib", "/opt/homebrew/lib/libwebpmux.3.dylib",
    "/usr/local/lib/libwebpmux.3.dylib", NULL};
static const char *const webpdemux_names[] = {
    "libwebpdemux.so.2", "libwebpdemux.2.dylib", "/opt/homebrew/lib/libwebpdemux.2.dylib",
    "/usr/local/lib/libwebpdemux.2.dylib", NULL};

static veil_library gif_library = {.name = "giflib", .file_names = gif_names};
static veil_library webp_library = {.name = "libwebp", .file_names = webp_names};
static veil_library webpmux_library = {.name = "libwebpmux", .file_names = webpmux_names};
static veil_library webpdemux_library = {.name = "libwebpdemux", .file_names = webpdemux_names};

static struct veil_gif_api gif_table;
static struct veil_webp_api webp_table;
static int gif_loaded;  /* 1 when every symbol was found */
static int webp_loaded;
static char gif_error[320];
static char webp_error[320];
static pthread_once_t gif_once = PTHREAD_ONCE_INIT;
static pthread_once_t webp_once = PTHREAD_ONCE_INIT;

/* Looks `name` up into `*slot`; on a missing symbol records it in `error` and returns -1. */
static int find(veil_library *library, const char *name, void **slot, char *error, size_t size) {
    *slot = veil_library_symbol(library, name);
    if (*slot != NULL) return 0;
    snprintf(error, size, "%s has no symbol %s (too old a version?)", library->name, name);
    return -1;
}

#define FIND(library, table, name, error) \
    find(&(library), #name, (void **)&(table).name, error, sizeof error)

/* Debug builds: VEIL_TEST_HIDE_LIBRARIES=giflib,libwebp makes a library look missing, so the
 * tests can check what a machine without it does. Release builds have no such switch. */
int veil_media_hidden_for_tests(const char *name, char *error, size_t size) {
#ifdef VEIL_FAULT_INJECTION
    const char *hidden = getenv("VEIL_TEST_HIDE_LIBRARIES");
    if (hidden != NULL && strstr(hidden, name) != NULL) {
        snprintf(error, size, "%s: cannot open shared object file (hidden by VEIL_TEST_HIDE_LIBRARIES)", name);
        return 1;
    }
#else
    (void)name;
    (void)error;
    (void)size;
#endif
    return 0;
}

static void load_gif(void) {
    if (veil_media_hidden_for_tests("giflib", gif_error, sizeof gif_error)) return;
    if (veil_library_load(&gif_library) != 0) {
        veil_media_set_message(gif_error, sizeof gif_error, gif_library.error);
        return;
    }
    struct veil_gif_api *t = &gif_table;
    int failed = 0;
    failed |= FIND(gif_library, *t, EGifOpen, gif_error);
    failed |= FIND(gif_library, *t, EGifPutScreenDesc, gif_error);
    failed |= FIND(gif_library, *t, EGifSetGifVersion, gif_error);
    failed |= FIND(gif_library, *t, EGifPutExtensionLeader, gif_error);
    failed |= FIND(gif_library, *t, EGifPutExtensionBlock, gif_error);
    failed |= FIND(gif_library, *t, EGifPutExtensionTrailer, gif_error);
    failed |= FIND(gif_library, *t, EGifPutExtension, gif_error);
    failed |= FIND(gif_library, *t, EGifPutImageDesc, gif_error);
    failed |= FIND(gif_library, *t, EGifPutLine, gif_error);
    failed |= FIND(gif_library, *t, EGifPutCode, gif_error);
    failed |= FIND(gif_library, *t, EGifPutCodeNext, gif_error);
    failed |= FIND(gif_library, *t, EGifCloseFile, gif_error);
    failed |= FIND(gif_library, *t, EGifGCBToExtension, gif_error);
    failed |= FIND(gif_library, *t, DGifOpen, gif_error);
    failed |= FIND(gif_library, *t, DGifGetRecordType, gif_error);
    failed |= FIND(gif_library, *t, DGifGetImageDesc, gif_error);
    failed |= FIND(gif_library, *t, DGifGetLine, gif_error);
    failed |= FIND(gif_library, *t, DGifGetExtension, gif_error);
    failed |= FIND(gif_library, *t, DGifGetExtensionNext, gif_error);
    failed |= FIND(gif_library, *t, DGifExtensionToGCB, gif_error);
    failed |= FIND(gif_library, *t, DGifCloseFile, gif_error);
    failed |= FIND(gif_library, *t, GifMakeMapObject, gif_error);
    failed |= FIND(gif_library, *t, GifFreeMapObject, gif_error);
    failed |= FIND(gif_library, *t, GifErrorString, gif_error);
    gif_loaded = failed == 0;
}

static void load_webp(void) {
    if (veil_media_hidden_for_tests("libwebp", webp_error, sizeof webp_error)) return;
    veil_library *parts[] = {&webp_library, &webpmux_library, &webpdemux_library};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (veil_library_load(parts[i]) != 0) {
            snprintf(webp_error, sizeof webp_error, "%s: %s", parts[i]->name, parts[i]->error);
            return;
        }
    }
    struct veil_webp_api *t = &webp_table;
    int failed = 0;
    failed |= FIND(webp_library, *t, WebPConfigInitInternal, webp_error);
    failed |= FIND(webp_library, *t, WebPConfigLosslessPreset, webp_error);
    failed |= FIND(webp_library, *t, WebPValidateConfig, webp_error);
    failed |= FIND(webp_library, *t, WebPPictureInitInternal, webp_error);
    failed |= FIND(webp_library, *t, WebPPictureFree, webp_error);
    failed |= FIND(webp_library, *t, WebPGetFeaturesInternal, webp_error);
    failed |= FIND(webp_library, *t, WebPFree, webp_error);
    failed |= FIND(webpmux_library, *t, WebPAnimEncoderOptionsInitInternal, webp_error);
    failed |= FIND(webpmux_library, *t, WebPAnimEncoderNewInternal, webp_error);
    failed |= FIND(webpmux_library, *t, WebPAnimEncoderAdd, webp_error);
    failed |= FIND(webpmux_library, *t, WebPAnimEncoderAssemble, webp_error);
    failed |= FIND(webpmux_library, *t, WebPAnimEncoderGetError, webp_error);
    failed |= FIND(webpmux_library, *t, WebPAnimEncoderDelete, webp_error);
    failed |= FIND(webpdemux_library, *t, WebPAnimDecoderOptionsInitInternal, webp_error);
    failed |= FIND(webpdemux_library, *t, WebPAnimDecoderNewInternal, webp_error);
    failed |= FIND(webpdemux_library, *t, WebPAnimDecoderGetInfo, webp_error);
    failed |= FIND(webpdemux_library, *t, WebPAnimDecoderGetNext, webp_error);
    failed |= FIND(webpdemux_library, *t, WebPAnimDecoderDelete, webp_error);
    webp_loaded = failed == 0;
}

const struct veil_gif_api *veil_gif_api(void) {
    pthread_once(&gif_once, load_gif);
    return gif_loaded ? &gif_table : NULL;
}

const struct veil_webp_api *veil_webp_api(void) {
    pthread_once(&webp_once, load_webp);
    return webp_loaded ? &webp_table : NULL;
}

int veil_media_library_load(int library) {
    switch (library) {
    case VEIL_MEDIA_GIFLIB: return veil_gif_api() != NULL ? VEIL_MEDIA_OK : VEIL_MEDIA_ENOLIB;
    case VEIL_MEDIA_LIBWEBP: return veil_webp_api() != NULL ? VEIL_MEDIA_OK : VEIL_MEDIA_ENOLIB;
    default: return VEIL_MEDIA_EINVAL;
    }
}

const char *veil_media_library_error(int library) {
    switch (library) {
    case VEIL_MEDIA_GIFLIB: return veil_gif_api() != NULL ? "" : gif_error;
    case VEIL_MEDIA_LIBWEBP: return veil_webp_api() != NULL ? "" : webp_error;
    default: return "";
    }
}
