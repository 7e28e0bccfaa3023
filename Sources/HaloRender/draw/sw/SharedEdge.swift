// SPDX-License-Identifier: Apache-2.0
/// Paints a pixel shared by a track and the indicator lying on it. `total` is the coverage of
/// the whole shape (track and indicator together) and `share` the indicator's part of it,
/// both Q8. Computing the outer edge once and splitting it keeps the track from showing
/// through the indicator's anti-aliased rim, as two separate blends would.
func paintShared<Layout>(
    _ p: UnsafeMutableRawPointer, total: Int32, share: Int32, track: Paint<Layout>, indicator: Paint<Layout>
) {
    if share >= total {
        indicator.cover(p, share)
    } else if share <= 0 {
        track.cover(p, total)
    } else {
        // Weight the track so that, once the indicator is blended over it, the track keeps
        // exactly `total - share` of the pixel and the background `256 - total`.
        if track.visible { track.cover(p, Int32(((total - share) << 8) / (256 - share))) }
        indicator.cover(p, share)
    }
}
