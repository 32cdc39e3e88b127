import IdentityServerCore

/// One attribute of a schema as RFC 7643 §7 describes it.
struct SCIMAttribute: Sendable {
    let name: String
    var type = "string"
    var multiValued = false
    var description = ""
    var required = false
    var caseExact = false
    var mutability = "readWrite"
    var returned = "default"
    var uniqueness = "none"
    var subAttributes: [SCIMAttribute] = []
    var referenceTypes: [String] = []
    /// The values it takes, when they are few (RFC 7643 §7 `canonicalValues`).
    var canonicalValues: [String] = []

    var definition: [String: Any] {
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
