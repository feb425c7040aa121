// libsoxr: the SoX resampler.
#include <soxr.h>
