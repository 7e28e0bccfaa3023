#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# dracut module: Halo as the boot splash in the initramfs, in Plymouth's place (Fedora and the
# other dracut systems). Included where the owner made Halo the splash (halo-splash.service
# enabled), or asked for with add_dracutmodules+=" halo ". The board is /etc/halo/board.yaml,
# or halo_board=PATH in /etc/dracut.conf.d/ for an image built for another device.

check() {
    require_binaries halo || return 1
    [[ -e /etc/systemd/system/sysinit.target.wants/halo-splash.service ]] && return 0
    return 255
}

depends() {
    # The display's drivers.
    echo drm
    return 0
}

install() {
    local board="${halo_board:-/etc/halo/board.yaml}" files file saved
    if ! files=$(halo boards --files "$board"); then
        dwarn "halo: the board $board cannot be used; the initramfs has no Halo splash"
        return 1
    fi
    inst_binary "$(command -v halo)" /usr/bin/halo
    # HarfBuzz and FriBidi, which Halo opens when a label first needs them.
    inst_libdir_file "libharfbuzz.so.0*" "libfribidi.so.0*"
    inst_simple "$board" /etc/halo/board.yaml
    # A picture beside the board goes beside /etc/halo/board.yaml, so its relative name still
    # finds it; the font and shared pictures keep their paths.
    local board_dir
    board_dir=$(dirname "$board")
    for file in $files; do
        if [[ $file == "$board" ]]; then
            continue
        elif [[ $file == "$board_dir"/*.png ]]; then
            inst_simple "$file" "/etc/halo/${file#"$board_dir"/}"
        else
            inst_simple "$file"
        fi
    done
    # The splash's first frame, drawn now with the options the splash starts with: at boot
    # Halo shows it before it reads the board. Only for a board on DRM; otherwise it is drawn
    # at boot.
    if ! saved=$(halo run --plymouth --board "$board" --save-first-frame "$initdir/etc/halo/board.frame" 2>&1); then
        dinfo "halo: no first frame saved ahead (${saved#halo run: }); Halo draws it at boot"
    fi
    # Scripts and cryptsetup ask `plymouth`: without Plymouth, Halo answers under its name.
    if ! dracut_module_included plymouth && [[ ! -e $initdir/usr/bin/plymouth ]]; then
        ln_r /usr/bin/halo /usr/bin/plymouth
    fi
    if dracut_module_included systemd; then
        # sd-bus, for the boot's progress from systemd (Halo looks it up at run time).
        inst_libdir_file "libsystemd.so.0*"
        local unit
        for unit in halo-splash.service halo-splash-switch-root.service; do
            sed 's|/usr/local/bin/halo|/usr/bin/halo|g' "$moddir/$unit" >"$initdir$systemdsystemunitdir/$unit"
        done
        mkdir -p "$initdir$systemdsystemunitdir/sysinit.target.wants" "$initdir$systemdsystemunitdir/initrd-switch-root.target.wants"
        ln_r "$systemdsystemunitdir/halo-splash.service" "$systemdsystemunitdir/sysinit.target.wants/halo-splash.service"
        ln_r "$systemdsystemunitdir/halo-splash-switch-root.service" \
            "$systemdsystemunitdir/initrd-switch-root.target.wants/halo-splash-switch-root.service"
    else
        inst_hook pre-trigger 10 "$moddir/halo-start.sh"
        inst_hook pre-pivot 90 "$moddir/halo-newroot.sh"
    fi
}
