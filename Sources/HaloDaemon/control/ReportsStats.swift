// SPDX-License-Identifier: Apache-2.0
/// A source of the daemon's loop that adds its own words to `stats` (`key=value`, spaces
/// between), so that what a front end counts is said where the rest is, without the loop
/// knowing what the front end is.
protocol ReportsStats: AnyObject {
    var statsWords: String { get }
}
