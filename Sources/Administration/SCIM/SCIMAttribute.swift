import IdentityServerCore

/// One attribute of a schema as RFC 7643 §7 describes it.
package struct SCIMAttribute: Sendable {
    package let name: String
    package var type = "string"
    package var multiValued = false
    package var description = ""
    package var required = false
    package var caseExact = false
    package var mutability = "readWrite"
    package var returned = "default"
    package var uniqueness = "none"
    package var subAttributes: [SCIMAttribute] = []
    package var referenceTypes: [String] = []
    /// The values it takes, when they are few (RFC 7643 §7 `canonicalValues`).
    package var canonicalValues: [String] = []

    package var definition: [String: Any] {
        var definition: [String: Any] = [
            "name": name, "type": type, "multiValued": multiValued, "description": description, "required": required,
            "caseExact": caseExact, "mutability": mutability, "returned": returned, "uniqueness": uniqueness,
        ]
        if !subAttributes.isEmpty { definition["subAttributes"] = subAttributes.map(\.definition) }
        if !referenceTypes.isEmpty { definition["referenceTypes"] = referenceTypes }
        if !canonicalValues.isEmpty { definition["canonicalValues"] = canonicalValues }
        return definition
    }
}
