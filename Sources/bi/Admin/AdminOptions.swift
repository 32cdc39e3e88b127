import ArgumentParser
import Foundation
import IdentityProtocol

/// How to reach the admin API, and how to print.
struct AdminOptions: ParsableArguments {
    @Option(help: ArgumentHelp(ServerAddress.help))
    var server: String?

    @Option(help: "The admin token (BI_ADMIN_TOKEN; bi-server prints it on first start and writes data/admin-token). Visible to other users in `ps`: prefer BI_ADMIN_TOKEN or --token-file.")
    var token: String?

    @Option(help: "Read the admin token from this file, or from standard input with '-' (e.g. --token-file data/admin-token).")
    var tokenFile: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(help: "Print only this field of the answer, for scripts (e.g. T=$(bi admin tenants create --name Acme --field id)).")
    var field: String?

    /// An authenticated admin client.
    func client() throws -> JSONHTTP {
        let environment = ProcessInfo.processInfo.environment
        guard let token = try token ?? tokenFile.map(Self.read) ?? environment["BI_ADMIN_TOKEN"], !token.isEmpty else {
            throw CLIError("no admin token: set BI_ADMIN_TOKEN, or pass --token-file FILE (or - for standard input)")
        }
        return JSONHTTP(baseURL: try ServerAddress.resolve(server, environment: environment), authorization: "Bearer \(token)")
    }

    /// A secret from a file, or from standard input for `-`, without its surrounding whitespace.
    static func read(_ path: String) throws -> String {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        guard let data else { throw CLIError("cannot read \(path)") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Calls the admin API at `path` (an ``AdminAPI`` path) and prints what comes back.
    func call<Response: Codable>(
        _ method: String, _ path: String, body: (any Encodable)? = nil, as: Response.Type
    ) async throws {
        try await Output.run {
            let response = try await client().send(method, path, json: body, as: Response.self)
            if let field { return print(try AdminText.field(field, of: response)) }
            try Output.emit(response, json: json, lines: try AdminText.lines(response))
        }
    }

    /// Deletes what an ``AdminAPI`` path names (the API answers `204 No Content`) and prints
    /// that path below ``AdminAPI/root``.
    func delete(_ path: String) async throws {
        try await Output.run {
            try await client().send("DELETE", path)
            let deleted = path.hasPrefix(AdminAPI.root) ? String(path.dropFirst(AdminAPI.root.count)) : path
            try Output.emit(["deleted": deleted], json: json, lines: ["deleted \(deleted)"])
        }
    }
}

/// Paging of list commands.
struct PagingOptions: ParsableArguments {
    @Option(help: "Items per page (1–1000).") var pageSize = 100
    @Option(help: "The next_cursor of the previous page.") var cursor: String?

    /// The list at `path` (an ``AdminAPI`` path), this page of it, with the list's own `parameters`.
    func page(of path: String, _ parameters: [(String, String?)] = []) -> String {
        AdminAPI.page(path, size: pageSize, cursor: cursor, parameters)
    }
}

/// `--tenant`.
struct TenantPath: ParsableArguments {
    @Option(help: "The tenant id.") var tenant: String
    var path: String { AdminAPI.tenant(tenant) }
}

/// `--tenant --realm`.
struct RealmPath: ParsableArguments {
    @Option(help: "The tenant id.") var tenant: String
    @Option(help: "The realm id.") var realm: String
    var path: String { AdminAPI.realm(tenant: tenant, realm: realm) }
    /// One of the realm's applications, by its id.
    func application(_ id: String) -> String { AdminAPI.application(tenant: tenant, realm: realm, application: id) }
}

/// `--tenant --realm --identity`.
struct IdentityPath: ParsableArguments {
    @OptionGroup var realm: RealmPath
    @Option(help: "The identity id.") var identity: String
    var path: String { AdminAPI.identity(tenant: realm.tenant, realm: realm.realm, identity: identity) }
    /// The identity's credentials.
    var credentials: String { AdminAPI.credentials(tenant: realm.tenant, realm: realm.realm, identity: identity) }
    /// One of its credentials.
    func credential(_ id: String) -> String { AdminAPI.credential(tenant: realm.tenant, realm: realm.realm, identity: identity, credential: id) }
    /// The path that revokes one of its credentials.
    func revokeCredential(_ id: String) -> String {
        AdminAPI.revokeCredential(tenant: realm.tenant, realm: realm.realm, identity: identity, credential: id)
    }
    /// Its sessions.
    var sessions: String { AdminAPI.sessions(tenant: realm.tenant, realm: realm.realm, identity: identity) }
    /// The path that ends one of its sessions.
    func revokeSession(_ id: String) -> String { AdminAPI.revokeSession(tenant: realm.tenant, realm: realm.realm, identity: identity, session: id) }
    /// Its binding jobs.
    var bindingJobs: String { AdminAPI.bindingJobs(tenant: realm.tenant, realm: realm.realm, identity: identity) }
    /// One of its binding jobs.
    func bindingJob(_ id: String) -> String { AdminAPI.bindingJob(tenant: realm.tenant, realm: realm.realm, identity: identity, job: id) }
}

/// Resources as text: one `key: value` line per field, lists item by item.
enum AdminText {
    static func lines(_ value: some Encodable) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder.identityWire.encode(value))
        if let page = object as? [String: Any], let items = page["items"] as? [[String: Any]] {
            let rows = items.flatMap { fields($0) + [""] }
            let more = (page["next_cursor"] as? String).map { ["more: --cursor \($0)"] } ?? []
            return (items.isEmpty ? ["(none)"] : rows) + more
        }
        return (object as? [String: Any]).map(fields) ?? ["\(object)"]
    }

    /// One field of an answer, as text; an error naming the fields there are when it has none of that name.
    static func field(_ name: String, of value: some Encodable) throws -> String {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder.identityWire.encode(value)) as? [String: Any] ?? [:]
        guard let found = object[name], !(found is NSNull) else {
            throw CLIError("the answer has no field '\(name)'; it has: \(object.keys.sorted().joined(separator: ", "))")
        }
        return text(found)
    }

    /// A JSON value as text: booleans as `true`/`false`, lists joined by commas, an object as
    /// its fields on lines of their own, indented.
    static func text(_ value: Any) -> String {
        switch value {
        case let number as NSNumber where String(cString: number.objCType) == "c": number.boolValue ? "true" : "false"
        case let list as [Any]: list.map(text).joined(separator: ", ")
        case let object as [String: Any]: fields(object).map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }.joined(separator: "\n")
        case is NSNull: ""
        default: "\(value)"
        }
    }

    private static func fields(_ object: [String: Any]) -> [String] {
        object.keys.sorted().map { key in
            let value = object[key].map(text) ?? ""
            return value.contains("\n") || object[key] is [String: Any] ? "\(key):\n\(value)" : "\(key): \(value)"
        }
    }
}
