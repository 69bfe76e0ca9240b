// The header's inline function is all there is; SwiftPM wants a source file in a C target.
#include "CPrefetch.h"
