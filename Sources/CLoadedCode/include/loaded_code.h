// SPDX-License-Identifier: Apache-2.0
// The kernel maps a program's code as it runs, 64 KiB around each page touched, and keeps it
// mapped for the process's life: after start-up, a daemon's resident set still holds all the
// code its start ran once (reading the board, the font, the first frame). Advising the kernel
// that those pages are no longer needed (MADV_DONTNEED) unmaps them; they are clean copies of
// the program's files, so whatever runs again is mapped again from the page cache, as on the
// first run. Only segments that are never writable (code, and read-only data such as a
// library's symbol tables, which loading it and looking its functions up read) are advised, in
// whole pages within each segment, and never of an object with text relocations (its code
// pages were written): writable or relocated pages would lose their contents. Relocated
// read-only data (RELRO) lies in a writable segment and is left alone.
//
// What it costs: a page run again is a minor fault (64 KiB mapped around it) while the file
// stays in the page cache, as it does in an initramfs; from a disk under memory pressure it
// may be read again. A debugger's software breakpoints and uprobes (perf probe, bpftrace)
// live in private copies of code pages, which this drops: attach them after start-up, or run
// the daemon without it (a daemon assembled in a test or another program does not do it).
#ifndef HALO_LOADED_CODE_H
#define HALO_LOADED_CODE_H

#include <stddef.h>

/// Advises the kernel to unmap the code pages of the program and every library it has loaded;
/// returns the bytes advised (0 where the kernel refused).
size_t halo_release_loaded_code(void);

#endif
