// The module's one function is `static inline` in its header; SwiftPM needs a source file to build a C target.
#include "CPrefetch.h"
