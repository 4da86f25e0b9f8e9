// libpng and zlib, for PNGBench's reference figures only (Debian libpng-dev, zlib1g-dev).
#include <png.h>
#include <zlib.h>
