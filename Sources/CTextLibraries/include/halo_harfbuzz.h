// SPDX-License-Identifier: Apache-2.0
// HarfBuzz, loaded when the first label is shaped rather than linked: Debian's libharfbuzz0b
// brings GLib, PCRE2 and Graphite with it, about 2 MB resident and 0.8 M instructions of
// relocation before main, which a boot splash would pay before its first frame. HarfBuzz's
// ABI has been stable since 1.0 (symbols are only added), so the few types and functions Halo
// calls are declared here as hb.h declares them, and resolved with dlopen and dlsym.
// ShapingTests checks the structures' layout against the installed hb.h.
#ifndef HALO_HARFBUZZ_H
#define HALO_HARFBUZZ_H

#include <stdint.h>

typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_font_t hb_font_t;
typedef struct hb_buffer_t hb_buffer_t;
typedef const struct hb_language_impl_t *hb_language_t;
typedef uint32_t hb_codepoint_t;
typedef int32_t hb_position_t;
typedef uint32_t hb_mask_t;
typedef uint32_t hb_tag_t;

typedef union _hb_var_int_t {
    uint32_t u32;
    int32_t i32;
    uint16_t u16[2];
    int16_t i16[2];
    uint8_t u8[4];
    int8_t i8[4];
} hb_var_int_t;

typedef struct hb_glyph_info_t {
    hb_codepoint_t codepoint;
    hb_mask_t mask;
    uint32_t cluster;
    hb_var_int_t var1;
    hb_var_int_t var2;
} hb_glyph_info_t;

typedef struct hb_glyph_position_t {
    hb_position_t x_advance;
    hb_position_t y_advance;
    hb_position_t x_offset;
    hb_position_t y_offset;
    hb_var_int_t var;
} hb_glyph_position_t;

// hb_direction_t's values.
enum { HALO_HB_DIRECTION_LTR = 4, HALO_HB_DIRECTION_RTL = 5 };
// hb_memory_mode_t's HB_MEMORY_MODE_READONLY.
enum { HALO_HB_MEMORY_MODE_READONLY = 1 };

/// The functions Halo calls, each resolved from the library.
typedef struct halo_harfbuzz {
    hb_blob_t *(*blob_create)(const char *data, unsigned int length, int mode, void *user_data, void (*destroy)(void *));
    void (*blob_destroy)(hb_blob_t *blob);
    hb_face_t *(*face_create)(hb_blob_t *blob, unsigned int index);
    void (*face_destroy)(hb_face_t *face);
    unsigned int (*face_get_glyph_count)(const hb_face_t *face);
    hb_font_t *(*font_create)(hb_face_t *face);
    void (*font_destroy)(hb_font_t *font);
    void (*font_set_scale)(hb_font_t *font, int x_scale, int y_scale);
    void (*font_set_ppem)(hb_font_t *font, unsigned int x_ppem, unsigned int y_ppem);
    hb_buffer_t *(*buffer_create)(void);
    void (*buffer_destroy)(hb_buffer_t *buffer);
    void (*buffer_clear_contents)(hb_buffer_t *buffer);
    int (*buffer_allocation_successful)(hb_buffer_t *buffer);
    void (*buffer_add_utf32)(hb_buffer_t *buffer, const uint32_t *text, int text_length, unsigned int item_offset, int item_length);
    void (*buffer_set_direction)(hb_buffer_t *buffer, int direction);
    void (*buffer_set_language)(hb_buffer_t *buffer, hb_language_t language);
    void (*buffer_guess_segment_properties)(hb_buffer_t *buffer);
    hb_language_t (*language_from_string)(const char *str, int len);
    void (*shape)(hb_font_t *font, hb_buffer_t *buffer, const void *features, unsigned int num_features);
    hb_glyph_info_t *(*buffer_get_glyph_infos)(hb_buffer_t *buffer, unsigned int *length);
    hb_glyph_position_t *(*buffer_get_glyph_positions)(hb_buffer_t *buffer, unsigned int *length);
    const char *(*version_string)(void);
} halo_harfbuzz;

/// Loads the HarfBuzz library `name` (libharfbuzz.so.0) and resolves every function above into
/// `table`. Returns 0 when it cannot, with the reason (dlopen's, or the missing symbol) in
/// `error`; the library then stays unloaded.
int halo_harfbuzz_open(const char *name, halo_harfbuzz *table, char *error, unsigned long error_size);

#endif
