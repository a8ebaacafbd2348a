#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "context.h"
#include "deflate.h"

veil_png_ctx *veil_png_ctx_new(void) {
    return calloc(1, sizeof(veil_png_ctx));
}

void veil_png_ctx_free(veil_png_ctx *ctx) {
    if (ctx == NULL) return;
    free(ctx->out);
    free(ctx);
}

void veil_png_ctx_reset(veil_png_ctx *ctx) {
    ctx->out_len = 0;
    ctx->width = 0;
    ctx->height = 0;
    ctx->message[0] = '\0';
    ctx->status = VEIL_PNG_OK;
}

int veil_png_ctx_reserve(veil_png_ctx *ctx, size_t extra) {
    if (extra > SIZE_MAX - ctx->out_len) return -1;
    size_t needed = ctx->out_len + extra;
    if (needed <= ctx->out_cap) return 0;
    size_t cap = ctx->out_cap < 4096 ? 4096 : ctx->out_cap;
    while (cap < needed) {
        if (cap > SIZE_MAX / 2) { cap = needed; break; }
        cap *= 2;
    }
    uint8_t *grown = realloc(ctx->out, cap);
    if (grown == NULL) return -1;
    ctx->out = grown;
    ctx->out_cap = cap;
    return 0;
}

int veil_png_ctx_set_libdeflate_level(veil_png_ctx *ctx, int level) {
    if (ctx == NULL) return VEIL_PNG_EINVAL;
    if (level != VEIL_PNG_LIBDEFLATE_OFF && (level < VEIL_DEFLATE_MIN_LEVEL || level > VEIL_DEFLATE_MAX_LEVEL)) {
        return VEIL_PNG_ELEVEL;
    }
    ctx->libdeflate_level = level;
    return VEIL_PNG_OK;
}

const uint8_t *veil_png_ctx_output(const veil_png_ctx *ctx, size_t *len) {
    if (ctx == NULL) {
        if (len != NULL) *len = 0;
        return NULL;
    }
    if (len != NULL) *len = ctx->out_len;
    return ctx->out;
}

uint32_t veil_png_ctx_width(const veil_png_ctx *ctx) { return ctx == NULL ? 0 : ctx->width; }

uint32_t veil_png_ctx_height(const veil_png_ctx *ctx) { return ctx == NULL ? 0 : ctx->height; }

const char *veil_png_ctx_message(const veil_png_ctx *ctx) {
    return ctx == NULL ? "" : ctx->message;
}

_Noreturn void veil_png_error_fn(png_structp png, png_const_charp message) {
    struct veil_png_call *call = png_get_error_ptr(png);
    if (call->ctx->status == VEIL_PNG_OK) {
        call->ctx->status = VEIL_PNG_ELIBPNG;
        /* Bounded copy; snprintf always terminates. */
        snprintf(call->ctx->message, sizeof call->ctx->message, "%s", message ? message : "");
    }
    longjmp(call->jump, 1);
}

void veil_png_warning_fn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; /* warnings (e.g. a bad ancillary chunk CRC) do not stop a decode */
}

int veil_png_zlib_strategy(int level, int strategy) {
    if (level < 0 || level > 9) return -1;
    switch (strategy) {
    case VEIL_PNG_STRATEGY_DEFAULT: return Z_DEFAULT_STRATEGY;
    case VEIL_PNG_STRATEGY_FILTERED: return Z_FILTERED;
    case VEIL_PNG_STRATEGY_HUFFMAN_ONLY: return Z_HUFFMAN_ONLY;
    case VEIL_PNG_STRATEGY_RLE: return Z_RLE;
    case VEIL_PNG_STRATEGY_FIXED: return Z_FIXED;
    default: return -1;
    }
}

const char *veil_png_strerror(int status) {
    switch (status) {
    case VEIL_PNG_OK: return "success";
    case VEIL_PNG_EINVAL: return "a required argument is NULL";
    case VEIL_PNG_EWIDTH: return "invalid image width";
    case VEIL_PNG_EHEIGHT: return "invalid image height";
    case VEIL_PNG_EOVERFLOW: return "image size overflows or exceeds the pixel limit";
    case VEIL_PNG_EBUFSIZ: return "pixel buffer is shorter than the image";
    case VEIL_PNG_EPALETTE: return "palette must have 1 to 256 colours";
    case VEIL_PNG_EINDEX: return "pixel palette index out of range";
    case VEIL_PNG_ELEVEL: return "invalid compression level or strategy";
    case VEIL_PNG_ENOMEM: return "out of memory";
    case VEIL_PNG_ESIGNATURE: return "not a PNG signature";
    case VEIL_PNG_ETRUNCATED: return "PNG data is truncated";
    case VEIL_PNG_ELIBPNG: return "libpng error";
    default: return "unknown status";
    }
}

int veil_png_check_size(uint32_t width, uint32_t height, size_t bytes_per_pixel) {
    if (width == 0 || width > VEIL_PNG_MAX_DIMENSION) return VEIL_PNG_EWIDTH;
    if (height == 0 || height > VEIL_PNG_MAX_DIMENSION) return VEIL_PNG_EHEIGHT;
    if ((size_t)width > SIZE_MAX / height) return VEIL_PNG_EOVERFLOW;
    size_t pixels = (size_t)width * height;
    if (pixels > VEIL_PNG_MAX_PIXELS) return VEIL_PNG_EOVERFLOW;
    if (pixels > SIZE_MAX / bytes_per_pixel) return VEIL_PNG_EOVERFLOW;
    return VEIL_PNG_OK;
}
