#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "media.h"

int veil_media_buffer_append(struct veil_media_buffer *buffer, const void *bytes, size_t len) {
    if (len == 0) return 0;
    if (len > SIZE_MAX - buffer->len) return -1;
    size_t needed = buffer->len + len;
    if (needed > buffer->cap) {
        size_t cap = buffer->cap < 4096 ? 4096 : buffer->cap;
        while (cap < needed) {
            if (cap > SIZE_MAX / 2) {
                cap = needed;
                break;
            }
            cap *= 2;
        }
        uint8_t *grown = realloc(buffer->bytes, cap);
        if (grown == NULL) return -1;
        buffer->bytes = grown;
        buffer->cap = cap;
    }
    memcpy(buffer->bytes + buffer->len, bytes, len);
    buffer->len = needed;
    return 0;
}

void veil_media_buffer_free(struct veil_media_buffer *buffer) {
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->len = 0;
    buffer->cap = 0;
}

int veil_media_check_size(uint32_t width, uint32_t height, uint32_t max_pixels) {
    if (width == 0 || height == 0) return VEIL_MEDIA_ESIZE;
    if (width > VEIL_MEDIA_MAX_DIMENSION || height > VEIL_MEDIA_MAX_DIMENSION) return VEIL_MEDIA_ESIZE;
    if ((uint64_t)width * height > max_pixels) return VEIL_MEDIA_ESIZE;
    return VEIL_MEDIA_OK;
}

void veil_media_set_message(char *out, size_t size, const char *message) {
    if (size == 0) return;
    snprintf(out, size, "%s", message != NULL ? message : "");
}

const char *veil_media_strerror(int status) {
    switch (status) {
    case VEIL_MEDIA_OK: return "success";
    case VEIL_MEDIA_EINVAL: return "invalid argument";
    case VEIL_MEDIA_ENOLIB: return "the library could not be loaded";
    case VEIL_MEDIA_ESTATE: return "call out of order, or after an error";
    case VEIL_MEDIA_ESIZE: return "image size out of range";
    case VEIL_MEDIA_ERECT: return "frame rectangle outside the canvas";
    case VEIL_MEDIA_EPALETTE: return "palette size or index out of range";
    case VEIL_MEDIA_ENOMEM: return "out of memory";
    case VEIL_MEDIA_EFORMAT: return "not a valid file of this format";
    case VEIL_MEDIA_ELIMIT: return "decoding limit reached";
    case VEIL_MEDIA_ELIBRARY: return "the library reported an error";
    case VEIL_MEDIA_END: return "no more frames";
    default: return "unknown status";
    }
}
