#ifndef CVEILMEDIA_MEDIA_H
#define CVEILMEDIA_MEDIA_H
/* Private: what the codecs share (growable byte buffers, size checks) and the functions
 * each optional library provides, looked up once with dlsym. */

#include <stddef.h>
#include <stdint.h>
#include "cveilmedia.h"

/* A growable byte buffer. */
struct veil_media_buffer {
    uint8_t *bytes;
    size_t len;
    size_t cap;
};

/* Appends `len` bytes; 0 on success, -1 when memory ran out. */
int veil_media_buffer_append(struct veil_media_buffer *buffer, const void *bytes, size_t len);
void veil_media_buffer_free(struct veil_media_buffer *buffer);

/* Guard clauses on a canvas size: each side 1…VEIL_MEDIA_MAX_DIMENSION, the product at most
 * `max_pixels`; returns a status. */
int veil_media_check_size(uint32_t width, uint32_t height, uint32_t max_pixels);

/* Debug builds: whether VEIL_TEST_HIDE_LIBRARIES names `name` (giflib, libwebp, tesseract,
 * libjpeg), so the library looks missing; the loader's message is then in `error`. Always 0 in
 * release builds. */
int veil_media_hidden_for_tests(const char *name, char *error, size_t size);

/* Copies `message` into `out` (`size` bytes), truncated, always terminated. */
void veil_media_set_message(char *out, size_t size, const char *message);

#endif
