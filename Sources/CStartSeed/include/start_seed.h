// SPDX-License-Identifier: Apache-2.0
// The Swift runtime seeds its hash tables before `main`, with a getrandom() that waits until the
// kernel's random pool is initialised. Early in boot, on a board with no hardware random source
// the kernel trusts, that wait is the splash's whole first second (measured under QEMU: 1.0 s of
// the 1.26 s to Halo's first frame). A hash seed has to be unpredictable to a client, not a
// cryptographic key, so until `main` starts a getrandom() that would wait takes the kernel's
// best-effort bytes instead (GRND_INSECURE, as systemd's random_bytes() does for its own hash
// tables in early boot). From `main` on, every call waits as it asked.
//
// Every link of this module passes `--wrap=syscall`, so the statically linked runtime's
// syscall(SYS_getrandom, ...) reaches `__wrap_syscall` first. .ci/package-test checks the
// shipped binary with strace: no getrandom() before `main` may wait.
#ifndef HALO_START_SEED_H
#define HALO_START_SEED_H

/// Ends the start phase: from now on getrandom() waits for the kernel's pool as asked.
void halo_start_seed_end(void);

#endif
