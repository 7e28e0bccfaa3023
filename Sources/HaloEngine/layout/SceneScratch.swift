// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Lists a frame's layout fills and empties again, kept in the engine between frames so that
/// their room is allocated once rather than every frame.
struct SceneScratch {
    /// The pictures that keep apart (`SceneBuilder.giveWay`), and the boxes of those kept.
    var movers: [SceneBuilder.Mover] = []
    var boxes: [IntRect] = []
}
