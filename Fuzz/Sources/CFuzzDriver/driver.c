// The declaration in include/cfuzzdriver.h is all this target provides; libFuzzer itself
// comes from the toolchain (-sanitize=fuzzer).
#include "cfuzzdriver.h"
