// SPDX-License-Identifier: Apache-2.0
// Long fills with 32-byte stores on x86-64 processors that have AVX2, chosen at run time.
// Headers only: nothing to link. Elsewhere (other processors, other architectures) the
// functions say no AVX2, and the renderer keeps its 16-byte stores. SwiftPM does not track
// this header: after changing it, touch a Swift file that imports it (halo's main.swift,
// LongFillTests.swift) so they are compiled again.
#include <stddef.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

// AVX2 needs the processor to have it (CPUID leaf 7) and the kernel to save the 256-bit
// registers on a switch (OSXSAVE, then XCR0's SSE and AVX state bits).
static inline int halo_cpu_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 5)) != 0;
}

#define HALO_STORE8(o)                                         \
    _mm256_storeu_si256((__m256i *)(q + (o)), w);              \
    _mm256_storeu_si256((__m256i *)(q + (o) + 32), w);         \
    _mm256_storeu_si256((__m256i *)(q + (o) + 64), w);         \
    _mm256_storeu_si256((__m256i *)(q + (o) + 96), w);         \
    _mm256_storeu_si256((__m256i *)(q + (o) + 128), w);        \
    _mm256_storeu_si256((__m256i *)(q + (o) + 160), w);        \
    _mm256_storeu_si256((__m256i *)(q + (o) + 192), w);        \
    _mm256_storeu_si256((__m256i *)(q + (o) + 224), w);

// Writes the 16-byte `pattern` over and over from `p` on, `bytes` bytes (a whole number of
// 1,024) in all, 1,024 bytes a pass in straight-line 32-byte stores. Only for a processor
// halo_cpu_has_avx2 accepts.
__attribute__((target("avx2"))) static inline void halo_fill_avx2(void *p, size_t bytes, const void *pattern) {
    const __m256i w = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)pattern));
    char *q = (char *)p;
    for (; bytes >= 1024; bytes -= 1024, q += 1024) {
        HALO_STORE8(0)
        HALO_STORE8(256)
        HALO_STORE8(512)
        HALO_STORE8(768)
    }
}
#undef HALO_STORE8

#else
static inline int halo_cpu_has_avx2(void) { return 0; }
static inline void halo_fill_avx2(void *p, size_t bytes, const void *pattern) {
    (void)p;
    (void)bytes;
    (void)pattern;
}
#endif
