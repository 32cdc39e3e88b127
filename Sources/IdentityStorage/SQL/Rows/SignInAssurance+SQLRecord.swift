import Foundation
import SQLKit

extension SignInAssurance {
    /// The `amr` and `acr` columns of a code or session row.
    init(row: any SQLRow) throws {
        self.init(methods: try row.strings("amr"), level: try row.string("acr"))
    }
}
