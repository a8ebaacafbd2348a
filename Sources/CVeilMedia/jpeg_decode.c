/* JPEG decoding through libjpeg (libjpeg-turbo's libjpeg.so.62 on Debian), opened at run time.
 *
 * The struct layouts come from libjpeg's header when it is there at build time (Debian:
 * libjpeg-dev); without it Veil still builds, and JPEG images are reported as not readable.
 * The library whose ABI matches the header's JPEG_LIB_VERSION is opened with dlopen through
 * CVeilLibraries the first time a JPEG is read. Errors leave through setjmp/longjmp, as
 * libjpeg requires; the size is checked on the header before any pixel is decoded. */

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cveilmedia.h"
#include "veil_ocr.h"
#include "media.h"
#include "veil_library.h"

#if __has_include(<jpeglib.h>)
#include <jpeglib.h>

#define VEIL_API(name) __typeof__(name) *name
struct veil_jpeg_api {
    VEIL_API(jpeg_std_error);
    VEIL_API(jpeg_CreateDecompress);
    VEIL_API(jpeg_mem_src);
    VEIL_API(jpeg_read_header);
    VEIL_API(jpeg_start_decompress);
    VEIL_API(jpeg_read_scanlines);
    VEIL_API(jpeg_finish_decompress);
    VEIL_API(jpeg_destroy_decompress);
};
#undef VEIL_API

/* The soname of the ABI the header describes: 62 (libjpeg-turbo's default), 70, 80. */
#if JPEG_LIB_VERSION >= 80
static const char *const jpeg_names[] = {"libjpeg.so.8", "libjpeg.8.dylib", "/opt/homebrew/lib/libjpeg.8.dylib",
                                         "/usr/local/lib/libjpeg.8.dylib", NULL};
#elif JPEG_LIB_VERSION >= 70
static const char *const jpeg_names[] = {"libjpeg.so.7", "libjpeg.7.dylib", NULL};
#else
static const char *const jpeg_names[] = {"libjpeg.so.62", "libjpeg.62.dylib", "/opt/homebrew/lib/libjpeg.62.dylib",
                                         "/usr/local/lib/libjpeg.62.dylib", NULL};
#endif
static veil_library jpeg_library = {.name = "libjpeg", .file_names = jpeg_names};
static struct veil_jpeg_api jpeg;
static int jpeg_loaded;
static char jpeg_error[320];
static pthread_once_t jpeg_once = PTHREAD_ONCE_INIT;

static int find(const char *name, void **slot) {
    *slot = veil_library_symbol(&jpeg_library, name);
    if (*slot != NULL) return 0;
    snprintf(jpeg_error, sizeof jpeg_error, "libjpeg has no symbol %s", name);
    return -1;
}
#define FIND(name) find(#name, (void **)&jpeg.name)

static void load_jpeg(void) {
    if (veil_media_hidden_for_tests("libjpeg", jpeg_error, sizeof jpeg_error)) return;
    if (veil_library_load(&jpeg_library) != 0) {
        veil_media_set_message(jpeg_error, sizeof jpeg_error, jpeg_library.error);
        return;
    }
    int failed = 0;
    failed |= FIND(jpeg_std_error);
    failed |= FIND(jpeg_CreateDecompress);
    failed |= FIND(jpeg_mem_src);
    failed |= FIND(jpeg_read_header);
    failed |= FIND(jpeg_start_decompress);
    failed |= FIND(jpeg_read_scanlines);
    failed |= FIND(jpeg_finish_decompress);
    failed |= FIND(jpeg_destroy_decompress);
    jpeg_loaded = failed == 0;
}

int veil_jpeg_load(void) {
    pthread_once(&jpeg_once, load_jpeg);
    return jpeg_loaded ? VEIL_MEDIA_OK : VEIL_MEDIA_ENOLIB;
}

const char *veil_jpeg_library_error(void) { return veil_jpeg_load() == VEIL_MEDIA_OK ? "" : jpeg_error; }

/* libjpeg's error manager, extended with the place to jump back to and the message. */
struct veil_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char message[JMSG_LENGTH_MAX];
};

static void veil_jpeg_error_exit(j_common_ptr info) {
    struct veil_jpeg_error *error = (struct veil_jpeg_error *)info->err;
    error->manager.format_message(info, error->message);
    longjmp(error->back, 1);
}

static void veil_jpeg_quiet(j_common_ptr info, int level) {
    (void)info;
    (void)level; /* warnings (a truncated file's) are not printed */
}

int veil_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_pixels, uint8_t **rgba, uint32_t *width,
                     uint32_t *height, char *message, size_t message_size) {
    if (data == NULL || rgba == NULL || width == NULL || height == NULL) return VEIL_MEDIA_EINVAL;
    *rgba = NULL;
    if (veil_jpeg_load() != VEIL_MEDIA_OK) {
        veil_media_set_message(message, message_size, jpeg_error);
        return VEIL_MEDIA_ENOLIB;
    }
    struct jpeg_decompress_struct info;
    struct veil_jpeg_error error;
    memset(&info, 0, sizeof info);
    memset(&error, 0, sizeof error);
    info.err = jpeg.jpeg_std_error(&error.manager);
    error.manager.error_exit = veil_jpeg_error_exit;
    error.manager.emit_message = veil_jpeg_quiet;
    uint8_t *volatile pixels = NULL;
    JSAMPLE *volatile row = NULL;
    if (setjmp(error.back) != 0) {
        free(pixels);
        free(row);
        jpeg.jpeg_destroy_decompress(&info);
        veil_media_set_message(message, message_size, error.message);
        return VEIL_MEDIA_EFORMAT;
    }
    jpeg.jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, sizeof info);
    jpeg.jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg.jpeg_read_header(&info, TRUE);
    int status = veil_media_check_size(info.image_width, info.image_height, max_pixels);
    if (status != VEIL_MEDIA_OK) {
        snprintf(message, message_size, "%ux%u pixels is too large", info.image_width, info.image_height);
        jpeg.jpeg_destroy_decompress(&info);
        return status;
    }
    info.out_color_space = JCS_RGB;
    jpeg.jpeg_start_decompress(&info);
    uint32_t w = info.output_width, h = info.output_height;
    if (info.output_components != 3 || veil_media_check_size(w, h, max_pixels) != VEIL_MEDIA_OK) {
        snprintf(message, message_size, "unexpected output (%d components, %ux%u)", info.output_components, w, h);
        jpeg.jpeg_destroy_decompress(&info);
        return VEIL_MEDIA_EFORMAT;
    }
    pixels = malloc((size_t)w * h * 4);
    row = malloc((size_t)w * 3);
    if (pixels == NULL || row == NULL) {
        free(pixels);
        free(row);
        jpeg.jpeg_destroy_decompress(&info);
        veil_media_set_message(message, message_size, "out of memory");
        return VEIL_MEDIA_ENOMEM;
    }
    while (info.output_scanline < h) {
        JSAMPROW rows[1] = {row};
        uint32_t y = info.output_scanline;
        if (jpeg.jpeg_read_scanlines(&info, rows, 1) != 1) break;
        uint8_t *out = pixels + (size_t)y * w * 4;
        for (uint32_t x = 0; x < w; x++) {
            out[x * 4] = row[x * 3];
            out[x * 4 + 1] = row[x * 3 + 1];
            out[x * 4 + 2] = row[x * 3 + 2];
            out[x * 4 + 3] = 255;
        }
    }
    jpeg.jpeg_finish_decompress(&info);
    jpeg.jpeg_destroy_decompress(&info);
    free(row);
    *rgba = pixels;
    *width = w;
    *height = h;
    return VEIL_MEDIA_OK;
}

#else /* no jpeglib.h at build time */

int veil_jpeg_load(void) { return VEIL_MEDIA_ENOLIB; }
const char *veil_jpeg_library_error(void) {
    return "this build of Veil has no JPEG support (libjpeg's header, libjpeg-dev, was missing when it was built)";
}
int veil_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_pixels, uint8_t **rgba, uint32_t *width,
                     uint32_t *height, char *message, size_t message_size) {
    (void)data;
    (void)size;
    (void)max_pixels;
    (void)width;
    (void)height;
    if (rgba != NULL) *rgba = NULL;
    veil_media_set_message(message, message_size, veil_jpeg_library_error());
    return VEIL_MEDIA_ENOLIB;
}

#endif

void veil_jpeg_free(uint8_t *rgba) { free(rgba); }
