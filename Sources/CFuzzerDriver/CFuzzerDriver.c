// The declaration in include/CFuzzerDriver.h is all this target provides; libFuzzer defines the function.
#include "CFuzzerDriver.h"
