#ifndef CVEILPNG_H
#define CVEILPNG_H
/* CVeilPNG: the libpng call sequences, each inside one C function behind setjmp, so that
 * no longjmp ever crosses a Swift frame.
 *
 * Shape (after libspng): an opaque context created by veil_png_ctx_new, one call per
 * operation, every call returns an int status (VEIL_PNG_OK = 0) and veil_png_strerror
 * gives its text. When the status is VEIL_PNG_ELIBPNG, veil_png_ctx_message holds libpng's
 * own message. The output of the last successful call stays in the context until the next
 * call or veil_png_ctx_free. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest width or height accepted for writing or reading (libpng's own default). */
#define VEIL_PNG_MAX_DIMENSION 1000000u
/* The largest number of pixels accepted for writing or reading (2^28, 768 MiB as RGB). */
#define VEIL_PNG_MAX_PIXELS (1u << 28)
/* Reading: the most ancillary chunks kept, the largest one, and the deflate expansion above
 * which declared image data cannot come from a file of the given size. */
#define VEIL_PNG_MAX_CHUNKS 1000u
#define VEIL_PNG_MAX_CHUNK_BYTES (8u << 20)
#define VEIL_PNG_MAX_DEFLATE_RATIO 1032u

enum veil_png_status {
    VEIL_PNG_OK = 0,
    VEIL_PNG_EINVAL = 1,       /* a required pointer is NULL */
    VEIL_PNG_EWIDTH = 2,       /* width is 0 or above VEIL_PNG_MAX_DIMENSION */
    VEIL_PNG_EHEIGHT = 3,      /* height is 0 or above VEIL_PNG_MAX_DIMENSION */
    VEIL_PNG_EOVERFLOW = 4,    /* width x height overflows or exceeds VEIL_PNG_MAX_PIXELS */
    VEIL_PNG_EBUFSIZ = 5,      /* the pixel buffer is shorter than the image */
    VEIL_PNG_EPALETTE = 6,     /* palette has 0 or more than 256 colours */
    VEIL_PNG_EINDEX = 7,       /* a pixel's palette index is not below the palette count */
    VEIL_PNG_ELEVEL = 8,       /* compression level not 0...9 or unknown strategy */
    VEIL_PNG_ENOMEM = 9,       /* an allocation failed */
    VEIL_PNG_ESIGNATURE = 10,  /* the data does not start with the PNG signature */
    VEIL_PNG_ETRUNCATED = 11,  /* the data ended before the image did */
    VEIL_PNG_ELIBPNG = 12      /* libpng reported an error; see veil_png_ctx_message */
};

/* Compression settings: zlib level 0...9 and a zlib strategy constant (Z_DEFAULT_STRATEGY,
 * Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE or Z_FIXED). */
#define VEIL_PNG_STRATEGY_DEFAULT 0
#define VEIL_PNG_STRATEGY_FILTERED 1
#define VEIL_PNG_STRATEGY_HUFFMAN_ONLY 2
#define VEIL_PNG_STRATEGY_RLE 3
#define VEIL_PNG_STRATEGY_FIXED 4

/* The image data's deflate stream: made by libdeflate when it is installed (opened with
 * dlopen the first time a PNG is written; Debian/Ubuntu: libdeflate0, Homebrew: libdeflate)
 * at the context's libdeflate level, else by libpng's zlib with the call's level and
 * strategy. libpng writes every chunk either way; the pixels are the same, libdeflate's
 * stream is smaller. Images whose unpacked rows exceed VEIL_PNG_LIBDEFLATE_MAX_BYTES always
 * go through zlib, which streams (libdeflate needs the whole input and output in memory). */
#define VEIL_PNG_LIBDEFLATE_OFF 0
#define VEIL_PNG_LIBDEFLATE_MAX_BYTES (64u << 20)

typedef struct veil_png_ctx veil_png_ctx;

/* A new context, or NULL when memory is exhausted. */
veil_png_ctx *veil_png_ctx_new(void);
/* Frees the context and any output it still holds. NULL is allowed. */
void veil_png_ctx_free(veil_png_ctx *ctx);

/* Sets the libdeflate level (1...12) of the context's later encodes, or
 * VEIL_PNG_LIBDEFLATE_OFF (the default) for zlib only. VEIL_PNG_ELEVEL for another value. */
int veil_png_ctx_set_libdeflate_level(veil_png_ctx *ctx, int level);

/* Opens libdeflate if not tried yet: VEIL_PNG_OK when it is there, -1 when not (then
 * veil_png_libdeflate_error says why). Thread-safe; tried once per process. */
int veil_png_libdeflate_load(void);
/* Why libdeflate could not be opened (empty when it was); never NULL. Tries to open it. */
const char *veil_png_libdeflate_error(void);

/* Encodes an indexed image: one byte per pixel (row-major, no padding), `palette_count`
 * RGB triples. Writes a palette PNG with the smallest bit depth that holds the palette
 * (<=2 colours: 1 bit, <=4: 2, <=16: 4, else 8), filter NONE, no ancillary chunks. */
int veil_png_encode_indexed(veil_png_ctx *ctx, const uint8_t *pixels, size_t pixels_len,
                            uint32_t width, uint32_t height,
                            const uint8_t *palette_rgb, uint32_t palette_count,
                            int level, int strategy);

/* Encodes an RGB image, 3 bytes per pixel, as an 8-bit truecolour PNG, filter NONE. */
int veil_png_encode_rgb(veil_png_ctx *ctx, const uint8_t *pixels, size_t pixels_len,
                        uint32_t width, uint32_t height, int level, int strategy);

/* Decodes any PNG libpng can read into 8-bit RGB (palette, grey and 16-bit expanded,
 * alpha stripped, interlacing undone). */
int veil_png_decode_rgb(veil_png_ctx *ctx, const uint8_t *png, size_t png_len);

/* The output of the last successful call: PNG bytes after an encode, RGB pixels after a
 * decode. Valid until the next call on the context or its free. */
const uint8_t *veil_png_ctx_output(const veil_png_ctx *ctx, size_t *len);
/* The decoded image's size (0 before a successful decode). */
uint32_t veil_png_ctx_width(const veil_png_ctx *ctx);
uint32_t veil_png_ctx_height(const veil_png_ctx *ctx);
/* libpng's message for the last VEIL_PNG_ELIBPNG (empty otherwise); never NULL. */
const char *veil_png_ctx_message(const veil_png_ctx *ctx);

/* A static description of a status code; never NULL. */
const char *veil_png_strerror(int status);

/* The version of the libpng that is linked, e.g. "1.6.39". */
const char *veil_png_libpng_version(void);

#ifdef __cplusplus
}
#endif

#endif
