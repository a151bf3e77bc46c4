// Part of warplint: the libtorch stand-in (warplint_torch.h says what and why).
#include "../../warplint_torch.h"
