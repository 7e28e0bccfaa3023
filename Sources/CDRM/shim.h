// SPDX-License-Identifier: Apache-2.0
// libdrm (Debian libdrm-dev): the kernel's mode-setting interface, as kmscube and modetest use it.
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
