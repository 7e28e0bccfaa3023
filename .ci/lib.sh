# SPDX-License-Identifier: Apache-2.0
# What the CI scripts share: sourced, never run. The machine's Debian mirror, a chroot runner,
# /proc and /dev mounted into a chroot (and taken down again), the packages each lane needs,
# and `step`, which times what it runs for docs/testing.md's table.

# The machine's own Debian mirror, from its deb822 sources or its one-line list, for a private
# apt list with another suite: no mirror's host name lives in this repository.
debian_mirror() {
    local mirror
    mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | tr ' ' '\n' | grep -v -- '-security' | head -n 1)
    [ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $2 !~ /security/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
    [ -n "$mirror" ] || { echo "no Debian mirror in /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list" >&2; return 1; }
    echo "$mirror"
}

# in_chroot ROOT COMMAND...: runs COMMAND in ROOT with a clean environment (extra VAR=VALUE
# words may lead COMMAND).
in_chroot() {
    local root=$1
    shift
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"
}

# chroot_mounts ROOT [dev]: mounts /proc (and the host's /dev, for tests that open a
# pseudo-terminal) into ROOT until the script exits.
chroot_mounts() {
    local root=$1
    mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
    if [ "${2:-}" = dev ]; then mountpoint -q "$root/dev/pts" || mount --rbind /dev "$root/dev"; fi
    # shellcheck disable=SC2064 # the root is meant to be fixed now
    trap "umount '$root/proc' 2>/dev/null || true; umount -R '$root/dev' 2>/dev/null || true" EXIT
}

# What `.ci/run` needs: the build, the host tests, the QEMU guests and the real peers.
ci_packages=(
    pkg-config libfreetype-dev fonts-dejavu-core zlib1g-dev libyaml-dev libdrm-dev libgpiod-dev linux-libc-dev binutils
    qemu-system-x86 busybox-static xz-utils gcc make linux-headers-amd64
    dpkg-dev lintian systemd initramfs-tools dracut-core e2fsprogs netpbm strace
    libwayland-dev libwayland-bin wayland-protocols sway grim foot cage xwayland pv rsync curl python3 python3-pip python3-setuptools
    g++ libsdl2-dev
    libharfbuzz0b libharfbuzz-dev libharfbuzz-bin libfribidi0 libfribidi-dev unicode-data fonts-noto-core fonts-droid-fallback
)
# And what only `.ci/full`'s lanes need besides: chroots of other suites and architectures.
full_packages=(debootstrap qemu-user-static binfmt-support)

# install_packages NAME...: apt-get update, then installs the named packages, quietly.
install_packages() {
    command -v apt-get >/dev/null || return 0
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# The one release configuration: `halo` (.ci/release-build) and libhalo (.ci/libhalo) are built
# with the same flags in the same folder, so the modules they share compile once. Each function
# gets a section of its own, the Swift runtime is linked in, and gold lays out the functions a
# boot splash runs side by side (Sources/halo/link/start-order.txt, written by .ci/start-order).
release_flags=(-c release --static-swift-stdlib -Xswiftc -static-stdlib -Xswiftc -no-toolchain-stdlib-rpath --scratch-path .build-release
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections)
release_order=(-Xlinker "--section-ordering-file=$PWD/Sources/halo/link/start-order.txt")

# release_swift_build ARGUMENT...: `swift build` in the release configuration, with the
# layout when the linker takes it (Debian's own swiftlang links with ld.bfd, which does not:
# the same program is built without it, and that is said).
release_swift_build() {
    local log
    log=$(mktemp)
    if swift build "${release_flags[@]}" "${release_order[@]}" "$@" >"$log" 2>&1; then
        tail -n 1 "$log"
    elif grep -q -e 'section-ordering-file' -e 'start-order.txt' "$log"; then
        echo "release: this linker does not take gold's --section-ordering-file; laid out as compiled (more resident memory)"
        swift build "${release_flags[@]}" "$@" 2>&1 | tail -n 1
    else
        cat "$log"
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
}

# release_bin_path: where the release configuration's products are.
release_bin_path() { swift build "${release_flags[@]}" --show-bin-path; }

# step NAME COMMAND...: runs COMMAND and says how long it took, for docs/testing.md's table.
step() {
    local name=$1 started=$SECONDS
    shift
    echo "== $name"
    "$@"
    echo "== $name: $((SECONDS - started)) s"
}
