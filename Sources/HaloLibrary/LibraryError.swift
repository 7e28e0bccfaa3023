// SPDX-License-Identifier: Apache-2.0
import CHalo

/// A call the library refused: the status the caller tests and the sentence it can show.
struct LibraryError: Error {
    var status: halo_result
    var message: String

    init(_ status: halo_result, _ message: String) {
        self.status = status
        self.message = message
    }

    static let unprepared = LibraryError(
        HALO_ERROR_ORDER, "nothing is prepared to draw: call halo_prepare() with the frame's time before drawing")

    static func argument(_ message: String) -> LibraryError { LibraryError(HALO_ERROR_ARGUMENT, message) }
}
