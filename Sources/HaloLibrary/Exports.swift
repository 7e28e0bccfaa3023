// SPDX-License-Identifier: Apache-2.0
import CHalo
import HaloEngine
import HaloRender

// The C functions of halo.h, each a thin check of its arguments around LibraryEngine. Their
// Swift names differ from the C ones, which Swift also sees through the header.

@_cdecl("halo_abi_version")
public func abiVersion() -> Int32 { HALO_ABI_VERSION }

@_cdecl("halo_create")
public func create(
    _ config: UnsafePointer<halo_config>?, _ engine: UnsafeMutablePointer<OpaquePointer?>?, _ message: UnsafeMutablePointer<CChar>?,
    _ messageSize: Int
) -> halo_result {
    engine?.pointee = nil
    do throws(LibraryError) {
        guard let engine else { throw .argument("engine is NULL: pass the address of a halo_engine pointer") }
        let made = try EngineCreation.make(config)
        engine.pointee = OpaquePointer(Unmanaged.passRetained(made).toOpaque())
        CString.write("", to: message, size: messageSize)
        return HALO_SUCCESS
    } catch {
        CString.write(error.message, to: message, size: messageSize)
        return error.status
    }
}

@_cdecl("halo_destroy")
public func destroy(_ engine: OpaquePointer?) {
    guard let engine else { return }
    Unmanaged<LibraryEngine>.fromOpaque(UnsafeRawPointer(engine)).release()
}

@_cdecl("halo_command")
public func command(
    _ engine: OpaquePointer?, _ line: UnsafePointer<CChar>?, _ nowMs: UInt64, _ reply: UnsafeMutablePointer<CChar>?, _ replySize: Int
) -> halo_result {
    CString.write("", to: reply, size: replySize)
    return withEngine(engine) { e throws(LibraryError) in
        guard let line else { throw .argument("line is NULL: pass a control line such as \"show up circular\"") }
        guard let text = CString.read(line, limit: CommandParser.maximumLineBytes) else {
            throw LibraryError(
                HALO_ERROR_COMMAND, "the line is longer than \(CommandParser.maximumLineBytes) bytes: send a shorter label")
        }
        let answer = e.engine.reply(to: text, at: e.clock(nowMs))
        CString.write(answer.text, to: reply, size: replySize)
        if answer.applied == nil { throw LibraryError(HALO_ERROR_COMMAND, answer.text) }
    }
}

@_cdecl("halo_prepare")
public func prepare(
    _ engine: OpaquePointer?, _ nowMs: UInt64, _ repaint: UnsafeMutablePointer<halo_rect>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> halo_result {
    count?.pointee = 0
    return withEngine(engine) { e throws(LibraryError) in
        let out = try output(repaint, capacity, count)
        e.prepare(at: e.clock(nowMs))
        out.count.pointee = RectList.write(e.repaint, to: out.rects, capacity: capacity)
    }
}

@_cdecl("halo_draw_over")
public func drawOver(
    _ engine: OpaquePointer?, _ frame: UnsafePointer<halo_frame>?, _ damage: UnsafePointer<halo_rect>?, _ damageCount: Int,
    _ drawn: UnsafeMutablePointer<halo_rect>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> halo_result {
    count?.pointee = 0
    return withEngine(engine) { e throws(LibraryError) in
        let out = try output(drawn, capacity, count)
        guard let frame else { throw .argument("frame is NULL: pass the app's frame to draw over") }
        guard damageCount >= 0, damage != nil || damageCount == 0 else {
            throw .argument("damage is NULL with damage_count \(damageCount): pass the app's rectangles, or NULL and 0")
        }
        let target = try FrameMemory.target(frame.pointee, width: e.engine.screenWidth, height: e.engine.screenHeight)
        try e.drawOver(target, damage: UnsafeBufferPointer(start: damage, count: damageCount))
        out.count.pointee = RectList.write(e.drawn, to: out.rects, capacity: capacity)
    }
}

@_cdecl("halo_draw_layer")
public func drawLayer(
    _ engine: OpaquePointer?, _ layer: UnsafePointer<halo_frame>?, _ drawn: UnsafeMutablePointer<halo_rect>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> halo_result {
    count?.pointee = 0
    return withEngine(engine) { e throws(LibraryError) in
        let out = try output(drawn, capacity, count)
        guard let layer else { throw .argument("layer is NULL: pass the app's layer to draw into") }
        let target = try FrameMemory.target(layer.pointee, width: e.engine.screenWidth, height: e.engine.screenHeight)
        guard target.format == .premultipliedARGB8888 else {
            throw LibraryError(
                HALO_ERROR_FRAME,
                "a layer is drawn only in HALO_FORMAT_ARGB8888_PREMULTIPLIED, where a clear pixel lets the app show through; draw over the frame in \(target.format.rawValue) with halo_draw_over()"
            )
        }
        let damage = try e.drawLayer(target)
        out.count.pointee = RectList.write(damage, to: out.rects, capacity: capacity)
    }
}

@_cdecl("halo_next_change")
public func nextChange(_ engine: OpaquePointer?, _ nowMs: UInt64) -> Int64 {
    guard let engine else { return -1 }
    let e = Unmanaged<LibraryEngine>.fromOpaque(UnsafeRawPointer(engine)).takeUnretainedValue()
    let now = e.clock(nowMs)
    guard let next = e.engine.nextChange(after: now) else { return -1 }
    // Rounded up: an app that sleeps this long wakes when the change is due, not just before.
    let us = next.microseconds(since: now)
    return us / 1000 + (us % 1000 == 0 ? 0 : 1)
}

@_cdecl("halo_input_region")
public func inputRegion(
    _ engine: OpaquePointer?, _ region: UnsafeMutablePointer<halo_rect>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> halo_result {
    count?.pointee = 0
    return withEngine(engine) { e throws(LibraryError) in
        let out = try output(region, capacity, count)
        var list = DamageList()
        for r in e.inputRegion() { list.add(r) }
        out.count.pointee = RectList.write(list, to: out.rects, capacity: capacity)
    }
}

@_cdecl("halo_touch")
public func touch(
    _ engine: OpaquePointer?, _ finger: Int32, _ x: Int32, _ y: Int32, _ phase: UInt32, _ nowMs: UInt64,
    _ event: UnsafeMutablePointer<CChar>?, _ eventSize: Int
) -> halo_result {
    CString.write("", to: event, size: eventSize)
    return withEngine(engine) { e throws(LibraryError) in
        if let request = try e.touch(finger, x: x, y: y, phase: phase, at: e.clock(nowMs)) {
            CString.write(request.event, to: event, size: eventSize)
        }
    }
}

@_cdecl("halo_key")
public func key(
    _ engine: OpaquePointer?, _ role: UInt32, _ nowMs: UInt64, _ event: UnsafeMutablePointer<CChar>?, _ eventSize: Int
) -> halo_result {
    CString.write("", to: event, size: eventSize)
    return withEngine(engine) { e throws(LibraryError) in
        if let request = try e.key(role, at: e.clock(nowMs)) { CString.write(request.event, to: event, size: eventSize) }
    }
}

@_cdecl("halo_forget")
public func forget(_ engine: OpaquePointer?) {
    guard let engine else { return }
    Unmanaged<LibraryEngine>.fromOpaque(UnsafeRawPointer(engine)).takeUnretainedValue().forget()
}

@_cdecl("halo_last_error")
public func lastError(_ engine: OpaquePointer?) -> UnsafePointer<CChar> {
    guard let engine else { return UnsafeRawPointer(("" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self) }
    return UnsafePointer(Unmanaged<LibraryEngine>.fromOpaque(UnsafeRawPointer(engine)).takeUnretainedValue().lastError)
}

/// Runs `body` on the engine behind `pointer`, keeping its error for `halo_last_error`.
func withEngine(_ pointer: OpaquePointer?, _ body: (LibraryEngine) throws(LibraryError) -> Void) -> halo_result {
    guard let pointer else { return HALO_ERROR_ARGUMENT }
    let e = Unmanaged<LibraryEngine>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    do {
        try body(e)
        e.succeed()
        return HALO_SUCCESS
    } catch {
        e.fail(error.message)
        return error.status
    }
}

/// The caller's array for rectangles, checked.
func output(
    _ rects: UnsafeMutablePointer<halo_rect>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) throws(LibraryError) -> (rects: UnsafeMutablePointer<halo_rect>, count: UnsafeMutablePointer<Int>) {
    guard let rects, let count, capacity >= 1 else {
        throw .argument("the rectangles' array or count is NULL, or its capacity is 0: pass room for HALO_RECTS_MAX rectangles")
    }
    return (rects, count)
}
