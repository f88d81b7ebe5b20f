// The module's functions are `static inline` in its header; SwiftPM needs a source file to build a C target.
#include "CProcessTree.h"
