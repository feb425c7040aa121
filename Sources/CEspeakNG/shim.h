// eSpeak NG's classic API: synthesis and text-to-phoneme translation.
#include <espeak-ng/speak_lib.h>
