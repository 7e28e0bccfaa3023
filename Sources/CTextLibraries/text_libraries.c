// SPDX-License-Identifier: Apache-2.0
// HarfBuzz and FriBidi, opened with dlopen and their functions resolved into Halo's tables
// (halo_harfbuzz.h and halo_fribidi.h say why they are not linked).
#include "halo_fribidi.h"
#include "halo_harfbuzz.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

// A table's field (every one a function pointer) and the symbol it comes from.
struct entry {
    size_t offset;
    const char *symbol;
};

// Opens `name` and resolves every entry into `table`, whole or not at all.
static int open_table(const char *name, const char *library, const struct entry *entries, size_t count, void *table,
    char *error, unsigned long error_size) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s", why ? why : "dlopen failed");
        return 0;
    }
    void *found[32];
    if (count > sizeof found / sizeof found[0]) count = 0;
    for (size_t i = 0; i < count; i++) {
        found[i] = dlsym(handle, entries[i].symbol);
        if (!found[i]) {
            snprintf(error, error_size, "%s has no %s (%s older than 1.0?)", name, entries[i].symbol, library);
            dlclose(handle);
            return 0;
        }
    }
    for (size_t i = 0; i < count; i++) memcpy((char *)table + entries[i].offset, &found[i], sizeof found[i]);
    return 1;
}

#define HB(field, symbol) {offsetof(halo_harfbuzz, field), symbol}
static const struct entry harfbuzz[] = {
    HB(blob_create, "hb_blob_create"),
    HB(blob_destroy, "hb_blob_destroy"),
    HB(face_create, "hb_face_create"),
    HB(face_destroy, "hb_face_destroy"),
    HB(face_get_glyph_count, "hb_face_get_glyph_count"),
    HB(font_create, "hb_font_create"),
    HB(font_destroy, "hb_font_destroy"),
    HB(font_set_scale, "hb_font_set_scale"),
    HB(font_set_ppem, "hb_font_set_ppem"),
    HB(buffer_create, "hb_buffer_create"),
    HB(buffer_destroy, "hb_buffer_destroy"),
    HB(buffer_clear_contents, "hb_buffer_clear_contents"),
    HB(buffer_allocation_successful, "hb_buffer_allocation_successful"),
    HB(buffer_add_utf32, "hb_buffer_add_utf32"),
    HB(buffer_set_direction, "hb_buffer_set_direction"),
    HB(buffer_set_language, "hb_buffer_set_language"),
    HB(buffer_guess_segment_properties, "hb_buffer_guess_segment_properties"),
    HB(language_from_string, "hb_language_from_string"),
    HB(shape, "hb_shape"),
    HB(buffer_get_glyph_infos, "hb_buffer_get_glyph_infos"),
    HB(buffer_get_glyph_positions, "hb_buffer_get_glyph_positions"),
    HB(version_string, "hb_version_string"),
};

int halo_harfbuzz_open(const char *name, halo_harfbuzz *table, char *error, unsigned long error_size) {
    return open_table(name, "HarfBuzz", harfbuzz, sizeof harfbuzz / sizeof harfbuzz[0], table, error, error_size);
}

#define FRIBIDI(field, symbol) {offsetof(halo_fribidi, field), symbol}
static const struct entry fribidi[] = {
    FRIBIDI(get_bidi_types, "fribidi_get_bidi_types"),
    FRIBIDI(get_bracket_types, "fribidi_get_bracket_types"),
    FRIBIDI(get_par_embedding_levels_ex, "fribidi_get_par_embedding_levels_ex"),
    FRIBIDI(reorder_line, "fribidi_reorder_line"),
};

int halo_fribidi_open(const char *name, halo_fribidi *table, char *error, unsigned long error_size) {
    return open_table(name, "FriBidi", fribidi, sizeof fribidi / sizeof fribidi[0], table, error, error_size);
}
