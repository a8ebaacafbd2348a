#include <stdlib.h>
#include <string.h>
#include "gif_lzw.h"

/* The codes of the GIF LZW variant giflib writes (gif_lib_private.h: LZ_MAX_CODE). */
enum { LZW_MAX_CODE = 4095, LZW_CODE_LIMIT = 4096 };

/* Grows the table for codes of `min_code_size` (2…8) bits; 0, or -1 out of memory. */
static int reserve(struct veil_gif_lzw *lzw, int min_code_size) {
    size_t entries = (size_t)LZW_CODE_LIMIT << min_code_size;
    if (entries > lzw->child_count) {
        /* Zeroed, and kept zero between images: each image clears the entries it set. */
        uint16_t *child = calloc(entries, sizeof *child);
        if (child == NULL) return -1;
        free(lzw->child);
        lzw->child = child;
        lzw->child_count = entries;
    }
    return 0;
}

void veil_gif_lzw_free(struct veil_gif_lzw *lzw) {
    free(lzw->child);
    lzw->child = NULL;
    lzw->child_count = 0;
}

/* The bit writer and the running state of one image's code stream. */
struct coder {
    uint8_t *out;      /* the packed codes, least significant bit first */
    size_t len;
    uint64_t bits;     /* pending bits, least significant first */
    int pending;       /* how many (below 32 between codes) */
    int running_bits;  /* the current code width */
    int running_code;  /* the next code to assign */
    int max_code1;     /* 1 << running_bits */
};

/* giflib's EGifCompressOutput: the code at the current width, then a wider code once the
 * next code to assign no longer fits. Whole bytes leave four at a time. */
static inline void put_code(struct coder *c, int code) {
    c->bits |= (uint64_t)code << c->pending;
    c->pending += c->running_bits;
    if (c->pending >= 32) {
        const uint32_t word = (uint32_t)c->bits;
        c->out[c->len] = (uint8_t)word;
        c->out[c->len + 1] = (uint8_t)(word >> 8);
        c->out[c->len + 2] = (uint8_t)(word >> 16);
        c->out[c->len + 3] = (uint8_t)(word >> 24);
        c->len += 4;
        c->bits >>= 32;
        c->pending -= 32;
    }
    if (c->running_code >= c->max_code1) c->max_code1 = 1 << ++c->running_bits;
}

/* The packed bytes of at most `count` pixels: at most one code per pixel plus the clear
 * codes (one per 4,093 codes), the end code and the first clear, 12 bits each, and 4 bytes
 * of a last partial word. */
static size_t packed_bound(size_t count) {
    size_t codes = count + count / 4000 + 4;
    return (codes * 12 + 7) / 8 + 4;
}

size_t veil_gif_lzw_bound(size_t count) {
    /* The packed bytes, each 255 of them behind a length byte. */
    size_t bytes = packed_bound(count);
    return bytes + bytes / 255 + 2;
}

ptrdiff_t veil_gif_lzw_encode(struct veil_gif_lzw *lzw, int min_code_size, const uint8_t *pixels, size_t count,
                              uint32_t palette_count, uint8_t *out) {
    if (count == 0 || min_code_size < 2 || min_code_size > 8) return -1;
    /* Every pixel must index a row entry of its code: the palette fits the minimum code size. */
    if (palette_count == 0 || palette_count > (1u << min_code_size)) return -1;
    if (reserve(lzw, min_code_size) != 0) return -2;
    const int clear_code = 1 << min_code_size;
    const int eof_code = clear_code + 1;
    uint16_t *const child = lzw->child;
    struct coder c = {
        .out = out, .len = 0, .running_bits = min_code_size + 1, .running_code = eof_code + 1,
        .max_code1 = 1 << (min_code_size + 1)};
    /* Every index checked first, in one pass the compiler vectorises: the table is only ever
     * indexed inside its rows. */
    uint8_t largest = 0;
    for (size_t i = 0; i < count; i++) largest = pixels[i] > largest ? pixels[i] : largest;
    if (largest >= palette_count) return -1;
    /* The codes this image set, to clear again at a clear code and at the end: far fewer
     * than the table's entries. */
    uint32_t set[LZW_CODE_LIMIT];
    int set_count = 0;

    put_code(&c, clear_code);
    uint32_t current = pixels[0];
    for (size_t i = 1; i < count; i++) {
        const uint32_t pixel = pixels[i];
        /* The table is indexed by (prefix code, next pixel): one load where giflib hashes. */
        const uint32_t slot = (current << min_code_size) | pixel;
        const uint16_t next = child[slot];
        if (next != 0) {
            current = next;
            continue;
        }
        put_code(&c, (int)current);
        current = pixel;
        if (c.running_code >= LZW_MAX_CODE) {
            put_code(&c, clear_code);
            c.running_code = eof_code + 1;
            c.running_bits = min_code_size + 1;
            c.max_code1 = 1 << c.running_bits;
            for (int k = 0; k < set_count; k++) child[set[k]] = 0;
            set_count = 0;
        } else {
            child[slot] = (uint16_t)c.running_code++;
            set[set_count++] = slot;
        }
    }
    for (int k = 0; k < set_count; k++) child[set[k]] = 0;

    put_code(&c, (int)current);
    put_code(&c, eof_code);
    for (; c.pending > 0; c.pending -= 8) {
        c.out[c.len++] = (uint8_t)c.bits;
        c.bits >>= 8;
    }
    /* giflib's EGifBufferedOutput: sub-blocks of 255 bytes, the last one shorter, made in
     * place from the last: block b's bytes move b + 1 places right, behind their length. */
    const size_t blocks = (c.len + 254) / 255;
    for (size_t b = blocks; b-- > 0;) {
        const size_t at = b * 255;
        const size_t size = c.len - at < 255 ? c.len - at : 255;
        memmove(out + at + b + 1, out + at, size);
        out[at + b] = (uint8_t)size;
    }
    return (ptrdiff_t)(c.len + blocks);
}
