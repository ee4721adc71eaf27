// The one translation unit that compiles stb's implementations (headers from Debian's libstb-dev).
// Compiled for both targets: the web build has no libstb to link against.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
