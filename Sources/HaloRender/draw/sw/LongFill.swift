// SPDX-License-Identifier: Apache-2.0
/// Long runs of one 16-byte pattern (a clear, a wide fill), written a whole number of
/// kilobytes at a time.
///
/// HaloRender writes them with 16-byte stores, 1,024 bytes a pass in straight-line code: the
/// widest stores every 64-bit processor it runs on has. A platform may install a faster writer
/// at start (`halo` installs 32-byte AVX2 stores on x86-64 processors that have them, chosen at
/// run time); HaloRender itself stays standard Swift.
public enum LongFill {
    /// Writes the 16 bytes at `pattern` over and over from the first pointer on, for the given
    /// number of bytes, a whole number of kilobytes.
    public typealias Writer = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?) -> Void

    /// Set once at start, before anything is drawn, and only read after: the daemon and the
    /// mock draw on one thread, so neither the concurrency checks nor the run-time exclusivity
    /// checks (one per fill) have anything to catch.
    @exclusivity(unchecked) nonisolated(unsafe) public private(set) static var writer: Writer? = nil

    /// Runs shorter than this stay with the inlined 16-byte stores: calling out costs some
    /// thirty instructions, which a row of a few kilobytes does not win back.
    static let writerThreshold = 4096

    /// Installs `writer` for every long fill from now on; nil goes back to 16-byte stores.
    public static func install(_ writer: Writer?) { self.writer = writer }

    /// Writes the whole kilobytes of `bytes` from `q` with `pattern`, by the installed writer
    /// if there is one; returns how many bytes it wrote (a multiple of 1,024, at most `bytes`).
    @inline(__always)
    static func write(_ q: UnsafeMutableRawPointer, bytes: Int, _ pattern: SIMD16<UInt8>) -> Int {
        if bytes < 1024 { return 0 }
        return write(q, bytes: bytes, pattern, using: bytes >= writerThreshold ? writer : nil)
    }

    /// `write` by `writer`, or by 16-byte stores when it is nil.
    @inline(__always)
    static func write(_ q: UnsafeMutableRawPointer, bytes: Int, _ pattern: SIMD16<UInt8>, using writer: Writer?) -> Int {
        let long = bytes & ~1023
        if long <= 0 { return 0 }
        if let writer {
            withUnsafeBytes(of: pattern) { writer(q, long, $0.baseAddress) }
            return long
        }
        var at = q
        var left = long
        while left > 0 {
            store1024(at, pattern)
            at += 1024
            left &-= 1024
        }
        return long
    }
}

/// Writes `v` 64 times from `q` on: 1,024 bytes in straight-line stores, since the compiler
/// unrolls a loop of them only eight deep and a long fill then pays a count and a branch for
/// every eight stores rather than every sixty-four.
@inline(__always)
func store1024(_ q: UnsafeMutableRawPointer, _ v: SIMD16<UInt8>) {
    @inline(__always)
    func store128(_ o: Int) {
        q.storeBytes(of: v, toByteOffset: o, as: SIMD16<UInt8>.self)
        q.storeBytes(of: v, toByteOffset: o &+ 16, as: SIMD16<UInt8>.self)
        q.storeBytes(of: v, toByteOffset: o &+ 32, as: SIMD16<UInt8>.self)
        q.storeBytes(of: v, toByteOffset: o &+ 48, as: SIMD16<UInt8>.self)
        q.storeBytes(of: v, toByteOffset: o &+ 64, as: SIMD16<UInt8>.self)
        q.storeBytes(of: v, toByteOffset: o &+ 80, as: SIMD16<UInt8>.self)
        q.storeBytes(of: v, toByteOffset: o &+ 96, as: SIMD16<UInt8>.self)
        q.storeBytes(of: v, toByteOffset: o &+ 112, as: SIMD16<UInt8>.self)
    }
    store128(0)
    store128(128)
    store128(256)
    store128(384)
    store128(512)
    store128(640)
    store128(768)
    store128(896)
}
