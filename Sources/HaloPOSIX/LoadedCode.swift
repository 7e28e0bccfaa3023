// SPDX-License-Identifier: Apache-2.0
import CLoadedCode

/// The code the process has mapped: the program's and its libraries'.
public enum LoadedCode {
    /// Unmaps the code pages start-up ran and the read-only data it read, once it is over; they
    /// are mapped again from the page cache if they are used again (see `loaded_code.h` for
    /// which pages, and why that is safe).
    /// Returns the bytes advised.
    @discardableResult
    public static func releasePages() -> Int { Int(halo_release_loaded_code()) }
}
