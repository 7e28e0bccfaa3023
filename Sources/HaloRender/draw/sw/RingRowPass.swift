// SPDX-License-Identifier: Apache-2.0
/// One row of a ring being drawn: its place and the columns to draw (the clip).
struct RowPass {
    let y: Int32, py: Int64
    let x0: Int32, x1: Int32
    /// No end of the arc comes near this row (see `RingRaster.settled`).
    let settled: Bool
}

/// Which way a half row is walked from the centre outwards: the step is a constant of each
/// specialisation, so the walk's index arithmetic folds away.
protocol RowDirection {
    static var step: Int32 { get }
}

/// The right half of a row: columns increase away from the centre.
enum Rightward: RowDirection {
    static var step: Int32 { 1 }
}

/// The left half of a row: columns decrease away from the centre.
enum Leftward: RowDirection {
    static var step: Int32 { -1 }
}
