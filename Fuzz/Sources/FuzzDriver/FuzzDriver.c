// The declaration in include/FuzzDriver.h is all this module provides.
#include "FuzzDriver.h"
