// SPDX-License-Identifier: Apache-2.0

extension Engine {
    /// What went wrong drawing text since the last call (`TextRasterizer.newProblems`): a
    /// client's label with characters no font has, a fallback font that cannot be read.
    public func takeTextProblems() -> [String] { text.newProblems() }
}
