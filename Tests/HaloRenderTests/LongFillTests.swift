// SPDX-License-Identifier: Apache-2.0
import CWideStores
import Testing

@testable import HaloRender

@Suite("Long fills")
struct LongFillTests {
    /// Fills `bytes` bytes at `offset` into a buffer of 0x5A with `writer` (nil: 16-byte stores)
    /// and returns the whole buffer and how many bytes the fill said it wrote.
    func fill(_ pattern: SIMD16<UInt8>, offset: Int, bytes: Int, writer: LongFill.Writer?) -> ([UInt8], Int) {
        let size = offset + bytes + 64
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0x5A, count: size)
        let written = LongFill.write(memory + offset, bytes: bytes, pattern, using: writer)
        return ((0..<size).map { memory.load(fromByteOffset: $0, as: UInt8.self) }, written)
    }

    @Test("16-byte stores write the whole kilobytes of a run with the pattern and nothing else")
    func sixteenByteStores() {
        let pattern = SIMD16<UInt8>((0..<16).map { UInt8(truncatingIfNeeded: $0 &* 17 &+ 3) })
        for (offset, bytes) in [(0, 1024), (3, 1023), (16, 5000), (7, 921_600), (2, 0)] {
            let (memory, written) = fill(pattern, offset: offset, bytes: bytes, writer: nil)
            #expect(written == bytes / 1024 * 1024)
            for (i, byte) in memory.enumerated() {
                let inside = i >= offset && i < offset + written
                #expect(byte == (inside ? pattern[(i - offset) % 16] : 0x5A), "offset \(offset), bytes \(bytes), at \(i)")
                if byte != (inside ? pattern[(i - offset) % 16] : 0x5A) { break }
            }
        }
    }

    @Test(
        "AVX2's 32-byte stores write exactly what 16-byte stores write, at any alignment",
        .enabled(if: halo_cpu_has_avx2() != 0, "this processor has no AVX2"))
    func avx2AsSixteenByte() {
        for seed in 0..<12 {
            let pattern = SIMD16<UInt8>((0..<16).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 7) })
            let offset = seed * 5 % 33, bytes = 1024 * (1 + seed % 5) + seed * 37
            let wide = fill(pattern, offset: offset, bytes: bytes, writer: halo_fill_avx2)
            let narrow = fill(pattern, offset: offset, bytes: bytes, writer: nil)
            #expect(wide.1 == narrow.1)
            #expect(wide.0 == narrow.0, "seed \(seed)")
        }
    }
}
