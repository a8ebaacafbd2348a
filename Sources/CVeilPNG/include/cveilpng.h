#ifndef CVEILPNG_H
#define CVEILPNG_H
/* CVeilPNG: the libpng call sequences, each inside one C function behind setjmp, so that
 * no longjmp ever crosses a Swift frame. Every call returns an int status (0 = OK). */

/* The version of the libpng that is linked, e.g. "1.6.39". */
const char *veil_png_libpng_version(void);

#endif
