#ifndef CVEILPNG_DEFLATE_H
#define CVEILPNG_DEFLATE_H
/* Private: the image data's zlib stream made by libdeflate, which is opened with dlopen the
 * first time a PNG is written, so Veil builds and runs without it (libpng + zlib then). */

#include <stddef.h>
#include <stdint.h>

/* The libdeflate levels this writer accepts: 1 (fastest) ... 12 (smallest). */
#define VEIL_DEFLATE_MIN_LEVEL 1
#define VEIL_DEFLATE_MAX_LEVEL 12

/* Compresses `in` into a zlib stream (RFC 1950) with this thread's compressor for `level`.
 * On success returns VEIL_PNG_OK and a malloc'd buffer in *out (the caller frees it) of
 * *out_len bytes. Returns VEIL_PNG_ENOMEM when an allocation fails, and -1 when libdeflate
 * is not there or could not compress (nothing allocated: the caller takes the zlib path). */
int veil_deflate_zlib(int level, const uint8_t *in, size_t in_len, uint8_t **out, size_t *out_len);

#endif
