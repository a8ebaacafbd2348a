#ifndef CVEILPNG_CONTEXT_H
#define CVEILPNG_CONTEXT_H
/* Private: the context's layout and the state one libpng call sequence shares with its
 * callbacks. */

#include <png.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include "cveilpng.h"

struct veil_png_ctx {
    uint8_t *out;       /* PNG bytes (encode) or RGB pixels (decode) */
    size_t out_len;
    size_t out_cap;
    uint32_t width;     /* decoded size */
    uint32_t height;
    char message[256];  /* libpng's last error message */
    int status;         /* the running call's status; callbacks set it before a longjmp */
    int libdeflate_level; /* 1...12, or VEIL_PNG_LIBDEFLATE_OFF; kept across calls */
};

/* Lives on the stack of the one function that calls libpng; the callbacks reach it through
 * libpng's error/io pointers and leave through `jump`. Whatever the error path reads (the
 * status) lives in the heap context, so no local changes between setjmp and longjmp. */
struct veil_png_call {
    jmp_buf jump;
    veil_png_ctx *ctx;
    const uint8_t *input; /* decode: the PNG bytes */
    size_t input_len;
    size_t input_pos;
};

/* Forgets any previous output and message (keeps the buffer for reuse). */
void veil_png_ctx_reset(veil_png_ctx *ctx);
/* Makes room for `extra` more bytes of output; returns 0 on success. */
int veil_png_ctx_reserve(veil_png_ctx *ctx, size_t extra);
/* libpng's error and warning callbacks (the error pointer is a struct veil_png_call). The
 * error callback copies the message into the context and longjmps to the call's setjmp. */
_Noreturn void veil_png_error_fn(png_structp png, png_const_charp message);
void veil_png_warning_fn(png_structp png, png_const_charp message);
/* Guard clauses on an image size: width, height, pixel limit, overflow of width x height x
 * bytes_per_pixel; returns a status. */
int veil_png_check_size(uint32_t width, uint32_t height, size_t bytes_per_pixel);
/* Checks a compression request and returns the zlib strategy, or -1. */
int veil_png_zlib_strategy(int level, int strategy);

#endif
