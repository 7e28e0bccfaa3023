// SPDX-License-Identifier: Apache-2.0
#include "build_info.h"

#ifndef HALO_COMMIT
#define HALO_COMMIT "unknown"
#endif

const char *halo_build_commit(void) { return HALO_COMMIT; }
