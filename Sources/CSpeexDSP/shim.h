// libspeexdsp: Speex's preprocessor (noise suppression).
#include <speex/speex_preprocess.h>
