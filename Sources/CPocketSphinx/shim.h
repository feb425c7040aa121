// PocketSphinx 5prealpha (sphinxbase API) for Swift. Include sphinxbase's err.h by its full
// path: glibc ships an unrelated <err.h> that would shadow it.
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/cmn.h>
