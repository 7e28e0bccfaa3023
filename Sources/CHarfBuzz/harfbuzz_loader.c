// SPDX-License-Identifier: Apache-2.0
#include "halo_harfbuzz.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

// Each entry of the table, in order, with the symbol it comes from.
#define ENTRY(field, symbol) {offsetof(halo_harfbuzz, field), symbol}
static const struct {
    size_t offset;
    const char *symbol;
} entries[] = {
    ENTRY(blob_create, "hb_blob_create"),
    ENTRY(blob_destroy, "hb_blob_destroy"),
    ENTRY(face_create, "hb_face_create"),
    ENTRY(face_destroy, "hb_face_destroy"),
    ENTRY(face_get_glyph_count, "hb_face_get_glyph_count"),
    ENTRY(font_create, "hb_font_create"),
    ENTRY(font_destroy, "hb_font_destroy"),
    ENTRY(font_set_scale, "hb_font_set_scale"),
    ENTRY(font_set_ppem, "hb_font_set_ppem"),
    ENTRY(buffer_create, "hb_buffer_create"),
    ENTRY(buffer_destroy, "hb_buffer_destroy"),
    ENTRY(buffer_clear_contents, "hb_buffer_clear_contents"),
    ENTRY(buffer_allocation_successful, "hb_buffer_allocation_successful"),
    ENTRY(buffer_add_utf32, "hb_buffer_add_utf32"),
    ENTRY(buffer_set_direction, "hb_buffer_set_direction"),
    ENTRY(buffer_set_language, "hb_buffer_set_language"),
    ENTRY(buffer_guess_segment_properties, "hb_buffer_guess_segment_properties"),
    ENTRY(language_from_string, "hb_language_from_string"),
    ENTRY(shape, "hb_shape"),
    ENTRY(buffer_get_glyph_infos, "hb_buffer_get_glyph_infos"),
    ENTRY(buffer_get_glyph_positions, "hb_buffer_get_glyph_positions"),
    ENTRY(version_string, "hb_version_string"),
};

int halo_harfbuzz_open(const char *name, halo_harfbuzz *table, char *error, unsigned long error_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s", why ? why : "dlopen failed");
        return 0;
    }
    halo_harfbuzz found;
    for (unsigned long i = 0; i < sizeof entries / sizeof entries[0]; i++) {
        void *symbol = dlsym(library, entries[i].symbol);
        if (!symbol) {
            snprintf(error, error_size, "%s has no %s (HarfBuzz older than 1.0?)", name, entries[i].symbol);
            dlclose(library);
            return 0;
        }
        // The table's field at the entry's offset: every field is a function pointer.
        memcpy((char *)&found + entries[i].offset, &symbol, sizeof symbol);
    }
    *table = found;
    return 1;
}
