// SPDX-License-Identifier: Apache-2.0
#include <ft2build.h>
#include FT_FREETYPE_H
