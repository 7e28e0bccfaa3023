// SPDX-License-Identifier: Apache-2.0
// dl_iterate_phdr and struct dl_phdr_info are GNU extensions (musl has them too).
#define _GNU_SOURCE
#include "loaded_code.h"

#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// Whether the object's dynamic section asks for text relocations: its code was written to.
static int has_text_relocations(const struct dl_phdr_info *info) {
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_DYNAMIC) continue;
        const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + segment->p_vaddr);
        for (; entry->d_tag != DT_NULL; entry++) {
            if (entry->d_tag == DT_TEXTREL) return 1;
            if (entry->d_tag == DT_FLAGS && (entry->d_un.d_val & DF_TEXTREL)) return 1;
        }
    }
    return 0;
}

static int release_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    size_t *released = data;
    // The vDSO is the kernel's own mapping, not a file's (named so by glibc; musl leaves its
    // name empty, and advising it is harmless: the kernel maps it again).
    if (info->dlpi_name && (strstr(info->dlpi_name, "linux-vdso") || strstr(info->dlpi_name, "linux-gate"))) return 0;
    if (has_text_relocations(info)) return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        // Code and read-only data (a library's symbol tables, read while it was loaded and
        // looked up, and its constants): pages no one ever writes.
        if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W)) continue;
        // Whole pages inside the segment only: a page it shares with a neighbour may be written.
        uintptr_t start = info->dlpi_addr + segment->p_vaddr, end = start + segment->p_memsz;
        start = (start + page - 1) & ~(page - 1);
        end &= ~(page - 1);
        if (end > start && madvise((void *)start, end - start, MADV_DONTNEED) == 0) *released += end - start;
    }
    return 0;
}

size_t halo_release_loaded_code(void) {
    size_t released = 0;
    dl_iterate_phdr(release_object, &released);
    return released;
}
