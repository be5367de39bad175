#pragma once
#include <tesseract/capi.h>

/// Leptonica's message threshold (leptonica/allheaders.h declares it; that header is large, so only
/// this prototype is repeated here). 6 is L_SEVERITY_NONE: leptonica prints nothing on stderr.
int setMsgSeverity(int newsev);
