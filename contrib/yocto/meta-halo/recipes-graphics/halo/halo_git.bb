# SPDX-License-Identifier: Apache-2.0
SUMMARY = "Feedback indicators for embedded Linux screens and LED rings"
DESCRIPTION = "Halo draws progress circles and bars, spinners, toasts and checkout overlays on \
DRM/KMS and fbdev screens and shows the same states on LED rings (SPI, GPIO, LED class). \
Apps drive its daemon over a Unix socket; it can take psplash's place at boot."
LICENSE = "Apache-2.0"
LIC_FILES_CHKSUM = "file://LICENSE;md5=3b83ef96387f14655fc854ddc3c6bd57"

# Where the repository is: a clone on the build host by default; set HALO_GIT (and
# HALO_GIT_PROTOCOL) in local.conf, and SRCREV to a release commit.
HALO_GIT ?= "/srv/git/halo.git"
HALO_GIT_PROTOCOL ?= "file"
SRC_URI = "git://${HALO_GIT};protocol=${HALO_GIT_PROTOCOL};branch=main"
SRCREV ?= "${AUTOREV}"
PV = "0.9.0+git"
S = "${WORKDIR}/git"

# The C libraries Halo links (pkg-config names freetype2, yaml-0.1, zlib, libdrm, libgpiod).
DEPENDS += "freetype libyaml zlib libdrm libgpiod"
# HarfBuzz and FriBidi are opened at run time, when a label first needs them: not linked, so
# listed here.
RDEPENDS:${PN} += "ttf-dejavu-sans harfbuzz fribidi"

# meta-swift's class: builds the package with SwiftPM for the target. Halo has no package
# dependencies, so nothing is fetched at build time.
inherit swift systemd useradd

EXTRA_OESWIFT += "--product halo"

USERADD_PACKAGES = "${PN}"
GROUPADD_PARAM:${PN} = "--system halo"
USERADD_PARAM:${PN} = "--system --no-create-home --home-dir /nonexistent --shell /bin/false --gid halo --groups video,input halo"

SYSTEMD_SERVICE:${PN} = "halo@.service halo-splash.service"
SYSTEMD_AUTO_ENABLE = "disable"

do_install() {
    install -d ${D}${bindir}
    install -m 0755 ${BUILD_DIR}/halo ${D}${bindir}/halo
    install -d ${D}${datadir}/halo/boards
    install -m 0644 ${S}/Boards/*.yaml ${D}${datadir}/halo/boards/
    install -d ${D}${systemd_system_unitdir}
    for unit in ${S}/Sources/halo/install/halo@.service ${S}/Sources/halo/install/splash/*.service; do
        sed 's|/usr/local/bin/halo|${bindir}/halo|g' $unit > ${D}${systemd_system_unitdir}/$(basename $unit)
    done
    install -d ${D}${nonarch_base_libdir}/udev/rules.d
    install -m 0644 ${S}/Sources/halo/install/70-halo.rules ${D}${nonarch_base_libdir}/udev/rules.d/
}

FILES:${PN} += "${datadir}/halo ${nonarch_base_libdir}/udev/rules.d"
