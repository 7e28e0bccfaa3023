// SPDX-License-Identifier: Apache-2.0
// dl_iterate_phdr and struct dl_phdr_info are GNU extensions (musl has them too).
#define _GNU_SOURCE
#include "build_info.h"

#include <elf.h>
#include <link.h>
#include <string.h>

#ifndef HALO_COMMIT
#define HALO_COMMIT "unknown"
#endif

const char *halo_build_commit(void) { return HALO_COMMIT; }

// The linker's build ID in hex: 20 bytes of SHA-1 at most, here up to 32.
static char build_id[65];

// Reads the main program's PT_NOTE segments for NT_GNU_BUILD_ID. Only the first object
// dl_iterate_phdr reports is looked at: that is always the program itself.
static int find_build_id(struct dl_phdr_info *info, size_t size, void *unused) {
    (void)size;
    (void)unused;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_NOTE) continue;
        const unsigned char *at = (const unsigned char *)(info->dlpi_addr + segment->p_vaddr);
        const unsigned char *end = at + segment->p_memsz;
        while (end - at >= (long)sizeof(ElfW(Nhdr))) {
            ElfW(Nhdr) note;
            memcpy(&note, at, sizeof note);
            size_t name = (note.n_namesz + 3) & ~(size_t)3, desc = (note.n_descsz + 3) & ~(size_t)3;
            const unsigned char *data = at + sizeof note + name;
            if ((size_t)(end - at) < sizeof note + name + desc) break;
            if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4 && memcmp(at + sizeof note, "GNU", 4) == 0) {
                static const char digits[] = "0123456789abcdef";
                size_t n = note.n_descsz < 32 ? note.n_descsz : 32;
                for (size_t k = 0; k < n; k++) {
                    build_id[2 * k] = digits[data[k] >> 4];
                    build_id[2 * k + 1] = digits[data[k] & 15];
                }
                build_id[2 * n] = 0;
                return 1;
            }
            at += sizeof note + name + desc;
        }
    }
    return 1;
}

const char *halo_build_id(void) {
    if (build_id[0] == 0) dl_iterate_phdr(find_build_id, 0);
    return build_id;
}
