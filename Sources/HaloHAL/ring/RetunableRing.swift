// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// A ring whose colour pipeline (gamma, correction, brightness, current budget) can change
/// while it runs, as a reloaded board asks; its chip, order, wiring and bus stay. Every driver
/// Halo ships is one: the pipeline is a table worked out again, nothing on the bus changes.
public protocol RetunableRing: RingOutput {
    func retune(_ pipeline: LedColorPipeline)
}
