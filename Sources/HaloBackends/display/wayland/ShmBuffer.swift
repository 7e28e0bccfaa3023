// SPDX-License-Identifier: Apache-2.0
#if canImport(CWaylandProtocols)
    import CWayland
    import CWaylandProtocols
    import HaloHAL
    import HaloPOSIX

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// One ARGB8888 `wl_buffer` in shared memory (an anonymous file both sides map). The
    /// compositor reads it from when it is attached until it sends `release`; until then Halo
    /// must not draw into it.
    final class ShmBuffer {
        let buffer: OpaquePointer
        let memory: UnsafeMutableRawPointer
        let width: Int32
        let height: Int32
        let stride: Int
        let byteCount: Int
        /// Attached and not yet released by the compositor.
        var busy = false

        /// The largest side Halo accepts from a compositor: a configure event is input like
        /// any other, and 16384² × 4 bytes is already 1 GiB.
        static let largestSide: Int32 = 16384

        init(shm: OpaquePointer, width: Int32, height: Int32) throws(DisplayError) {
            guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height) else {
                throw DisplayError(
                    "the compositor asked for a \(width)x\(height) overlay; Halo draws from 1x1 to \(Self.largestSide)x\(Self.largestSide)")
            }
            self.width = width
            self.height = height
            stride = Int(width) * 4
            byteCount = stride * Int(height)
            let fd = halo_shm_file("halo-overlay", off_t(byteCount))
            guard fd >= 0 else {
                throw DisplayError("cannot make \(byteCount) bytes of shared memory for the overlay: \(SystemError.reason(errno))")
            }
            defer { close(fd) }
            guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
                throw DisplayError("cannot map the overlay's \(byteCount) bytes: \(SystemError.reason(errno))")
            }
            memory = mapped
            guard let pool = wl_shm_create_pool(shm, fd, Int32(byteCount)) else {
                munmap(mapped, byteCount)
                throw DisplayError("the compositor refused a shared-memory pool: \(SystemError.reason(errno))")
            }
            defer { wl_shm_pool_destroy(pool) }
            let format = UInt32(WL_SHM_FORMAT_ARGB8888.rawValue)
            guard let made = wl_shm_pool_create_buffer(pool, 0, width, height, Int32(stride), format) else {
                munmap(mapped, byteCount)
                throw DisplayError("the compositor refused a \(width)x\(height) buffer: \(SystemError.reason(errno))")
            }
            buffer = made
        }

        deinit {
            wl_buffer_destroy(buffer)
            munmap(memory, byteCount)
        }
    }
#endif
