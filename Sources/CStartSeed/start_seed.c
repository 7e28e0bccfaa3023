// SPDX-License-Identifier: Apache-2.0
#define _GNU_SOURCE
#include "start_seed.h"

#include <errno.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef GRND_NONBLOCK
#define GRND_NONBLOCK 0x0001
#endif
#ifndef GRND_INSECURE
#define GRND_INSECURE 0x0004
#endif

// glibc's syscall(), which `--wrap=syscall` leaves under this name.
long __real_syscall(long number, ...);
long __wrap_syscall(long number, ...);

// Written once, by `main`, before any second thread exists.
static int start_phase = 1;

void halo_start_seed_end(void) { start_phase = 0; }

// A getrandom() that does not wait: the pool's bytes when it is ready, else the kernel's
// best-effort ones. Kernels before 5.6 have no GRND_INSECURE (EINVAL): those wait as asked.
static long start_getrandom(long buffer, long length, long flags) {
    long got = __real_syscall(SYS_getrandom, buffer, length, flags | GRND_NONBLOCK);
    if (got != -1 || errno != EAGAIN) return got;
    got = __real_syscall(SYS_getrandom, buffer, length, GRND_INSECURE);
    if (got != -1 || errno != EINVAL) return got;
    return __real_syscall(SYS_getrandom, buffer, length, flags);
}

// Six arguments are always passed on, as glibc's own syscall() always loads six: the kernel
// ignores those a call does not use.
long __wrap_syscall(long number, ...) {
    va_list list;
    va_start(list, number);
    long a = va_arg(list, long), b = va_arg(list, long), c = va_arg(list, long);
    long d = va_arg(list, long), e = va_arg(list, long), f = va_arg(list, long);
    va_end(list);
    if (number == SYS_getrandom && start_phase && (c & (GRND_NONBLOCK | GRND_INSECURE)) == 0) {
        return start_getrandom(a, b, c);
    }
    return __real_syscall(number, a, b, c, d, e, f);
}
