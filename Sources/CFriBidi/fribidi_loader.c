// SPDX-License-Identifier: Apache-2.0
#include "halo_fribidi.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define ENTRY(field, symbol) {offsetof(halo_fribidi, field), symbol}
static const struct {
    size_t offset;
    const char *symbol;
} entries[] = {
    ENTRY(get_bidi_types, "fribidi_get_bidi_types"),
    ENTRY(get_bracket_types, "fribidi_get_bracket_types"),
    ENTRY(get_par_embedding_levels_ex, "fribidi_get_par_embedding_levels_ex"),
    ENTRY(reorder_line, "fribidi_reorder_line"),
};

int halo_fribidi_open(const char *name, halo_fribidi *table, char *error, unsigned long error_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s", why ? why : "dlopen failed");
        return 0;
    }
    halo_fribidi found;
    for (unsigned long i = 0; i < sizeof entries / sizeof entries[0]; i++) {
        void *symbol = dlsym(library, entries[i].symbol);
        if (!symbol) {
            snprintf(error, error_size, "%s has no %s (FriBidi older than 1.0?)", name, entries[i].symbol);
            dlclose(library);
            return 0;
        }
        // Every field of the table is a function pointer.
        memcpy((char *)&found + entries[i].offset, &symbol, sizeof symbol);
    }
    *table = found;
    return 1;
}
