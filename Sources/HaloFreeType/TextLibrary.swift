// SPDX-License-Identifier: Apache-2.0

/// Why a library the text opens itself (HarfBuzz, FriBidi: `CTextLibraries`) cannot be used.
struct TextLibraryUnavailable: Error, CustomStringConvertible {
    var description: String
}

/// Opening those libraries: the table of functions lives as long as the process.
enum TextLibrary {
    typealias Opener<Table> = (UnsafePointer<CChar>, UnsafeMutablePointer<Table>, UnsafeMutablePointer<CChar>, UInt) -> Int32

    /// Opens the library `name` with `opener`; a failure says what to install (`package`).
    static func open<Table>(_ name: String, _ what: String, install package: String, _ opener: Opener<Table>) -> Result<
        UnsafePointer<Table>, TextLibraryUnavailable
    > {
        var error = [CChar](repeating: 0, count: 256)
        let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        guard opener(name, table, &error, UInt(error.count)) != 0 else {
            table.deallocate()
            let why = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(TextLibraryUnavailable(description: "\(what) could not be loaded (\(why)); install \(package)"))
        }
        return .success(UnsafePointer(table))
    }
}
