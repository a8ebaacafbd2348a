#include <png.h>
#include "cveilpng.h"

const char *veil_png_libpng_version(void) {
    return png_get_libpng_ver(NULL);
}
