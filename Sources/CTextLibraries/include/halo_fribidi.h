// SPDX-License-Identifier: Apache-2.0
// FriBidi, the Unicode Bidirectional Algorithm, loaded the first time a label holds
// right-to-left text rather than linked: most boards never show any, and like HarfBuzz it is
// then neither a cost at start nor a build dependency. Its ABI has been stable since 1.0; the
// few types, values and functions Halo uses are declared here as fribidi.h declares them
// (BidiTests checks them against the installed headers) and resolved with dlopen and dlsym.
#ifndef HALO_FRIBIDI_H
#define HALO_FRIBIDI_H

#include <stdint.h>

typedef uint32_t FriBidiChar;
typedef int FriBidiStrIndex;
typedef uint32_t FriBidiCharType;
typedef uint32_t FriBidiParType;
typedef uint32_t FriBidiBracketType;
typedef int8_t FriBidiLevel;
typedef uint32_t FriBidiFlags;

// FriBidiParType's values: left to right, right to left, and "from the first strong letter".
enum { HALO_FRIBIDI_PAR_LTR = 0x110, HALO_FRIBIDI_PAR_RTL = 0x111, HALO_FRIBIDI_PAR_ON = 0x40 };

/// The functions Halo calls, each resolved from the library.
typedef struct halo_fribidi {
    void (*get_bidi_types)(const FriBidiChar *str, FriBidiStrIndex len, FriBidiCharType *btypes);
    void (*get_bracket_types)(const FriBidiChar *str, FriBidiStrIndex len, const FriBidiCharType *types, FriBidiBracketType *btypes);
    FriBidiLevel (*get_par_embedding_levels_ex)(const FriBidiCharType *bidi_types, const FriBidiBracketType *bracket_types,
        FriBidiStrIndex len, FriBidiParType *pbase_dir, FriBidiLevel *embedding_levels);
    FriBidiLevel (*reorder_line)(FriBidiFlags flags, const FriBidiCharType *bidi_types, FriBidiStrIndex len, FriBidiStrIndex off,
        FriBidiParType base_dir, FriBidiLevel *embedding_levels, FriBidiChar *visual_str, FriBidiStrIndex *map);
} halo_fribidi;

/// Loads the FriBidi library `name` (libfribidi.so.0) and resolves every function above into
/// `table`. Returns 0 when it cannot, with the reason in `error`.
int halo_fribidi_open(const char *name, halo_fribidi *table, char *error, unsigned long error_size);

#endif
