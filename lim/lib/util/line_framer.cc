// Header-only framer; this unit checks that the header stands alone.
#include "util/line_framer.h"
