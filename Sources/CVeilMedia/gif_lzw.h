#ifndef CVEILMEDIA_GIF_LZW_H
#define CVEILMEDIA_GIF_LZW_H
/* Private: the LZW coder of the GIF encoder. It writes the code stream giflib's EGifPutLine
 * writes (the same codes, widths, clear codes and sub-blocks, byte for byte), looking each
 * (prefix code, pixel) pair up in a table indexed by both instead of giflib's hash table,
 * which took a third of a GIF's CPU time. giflib still writes every other byte of the file
 * and takes these sub-blocks through EGifPutCode. */

#include <stddef.h>
#include <stdint.h>

/* A coder's table, kept between images (all zero between them). */
struct veil_gif_lzw {
    uint16_t *child;    /* (code << min_code_size | pixel) -> the code of that string, 0 = none */
    size_t child_count;
};

void veil_gif_lzw_free(struct veil_gif_lzw *lzw);

/* The most bytes veil_gif_lzw_encode writes for `count` pixels. */
size_t veil_gif_lzw_bound(size_t count);

/* Compresses `count` (≥ 1) pixels, each below `palette_count` (≤ 1 << min_code_size), into
 * `out` (veil_gif_lzw_bound(count) bytes): data sub-blocks (a length byte, then 1…255 bytes),
 * without the minimum code size before them or the terminator after. Returns the bytes
 * written; -1 for a pixel out of range (or no pixels), -2 when memory ran out. */
ptrdiff_t veil_gif_lzw_encode(struct veil_gif_lzw *lzw, int min_code_size, const uint8_t *pixels, size_t count,
                              uint32_t palette_count, uint8_t *out);

#endif
