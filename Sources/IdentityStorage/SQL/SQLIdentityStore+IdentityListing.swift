import Foundation
import SQLKit

/// The console's and admin API's identity listing: filtered, ordered, and paged both ways by
/// keyset (the cursor holds the sort key of the page's edge), so a page costs the same at the
/// end of a large realm as at its start.
extension SQLIdentityStore {
    public func findIdentities(realmID: String, _ query: IdentityQuery, _ page: PageRequest) async throws -> Page<IdentityRecord> {
        let cursor = page.cursor.flatMap(IdentityCursor.init(text:))
        // Forward: in the listing's own direction (a first page, or after a cursor); a page before
        // a cursor is read the other way from it, then turned round.
        let forward = !(cursor?.before ?? false)
        let ascending = (query.order == .username || query.order == .created) == forward
        let (comparison, direction): (SQLQueryString, SQLQueryString) = ascending ? (">", "ASC") : ("<", "DESC")
        let username: SQLQueryString = engine.kind == .postgres ? #"username COLLATE "C""# : "username"
        var statement: SQLQueryString = "SELECT * FROM identities WHERE realm_id = \(bind: realmID) \(filter(query))"
        switch (query.order, cursor) {
        case (.username, let cursor?), (.usernameDescending, let cursor?):
            statement.appendInterpolation(" AND \(username) \(comparison) \(bind: cursor.key)" as SQLQueryString)
        case (.created, let cursor?), (.createdDescending, let cursor?):
            let (milliseconds, id) = cursor.createdKey
            statement.appendInterpolation("""
                 AND (created_at \(comparison) \(bind: milliseconds) OR (created_at = \(bind: milliseconds) AND id \(comparison) \(bind: id)))
                """ as SQLQueryString)
        default:
            break
        }
        statement.appendInterpolation(query.order == .username || query.order == .usernameDescending
            ? " ORDER BY \(username) \(direction) LIMIT \(bind: page.size + 1)" as SQLQueryString
            : " ORDER BY created_at \(direction), id \(direction) LIMIT \(bind: page.size + 1)" as SQLQueryString)
        let rows = try await engine.run { [statement] db in try await db.raw(statement).all().map(IdentityRecord.init(row:)) }
        let more = rows.count > page.size
        let items = forward ? Array(rows.prefix(page.size)) : Array(rows.prefix(page.size).reversed())
        let key = { (identity: IdentityRecord) in IdentityCursor.key(of: identity, in: query.order) }
        guard let first = items.first, let last = items.last else { return Page(items: [], nextCursor: nil) }
        return forward
            ? Page(items: items, nextCursor: more ? IdentityCursor(after: key(last)).text : nil,
                   previousCursor: cursor == nil ? nil : IdentityCursor(before: key(first)).text)
            : Page(items: items, nextCursor: IdentityCursor(after: key(last)).text,
                   previousCursor: more ? IdentityCursor(before: key(first)).text : nil)
    }

    public func countIdentities(realmID: String, _ query: IdentityQuery) async throws -> Int {
        let statement: SQLQueryString = "SELECT COUNT(*) AS count FROM identities WHERE realm_id = \(bind: realmID) \(filter(query))"
        return try await engine.run { db in try await db.raw(statement).first()?.decode(column: "count", as: Int.self) ?? 0 }
    }

    public func identities(username: String, tenantID: String?, limit: Int) async throws -> [IdentityRecord] {
        let tenant: SQLQueryString = tenantID.map { " AND tenant_id = \(bind: $0)" } ?? ""
        let statement: SQLQueryString = "SELECT * FROM identities WHERE username = \(bind: username)\(tenant) ORDER BY id LIMIT \(bind: limit)"
        return try await engine.run { db in try await db.raw(statement).all().map(IdentityRecord.init(row:)) }
    }

    /// The conditions of `query` beyond the realm: its status and its text (`\` escapes LIKE's
    /// wildcards, and itself).
    private func filter(_ query: IdentityQuery) -> SQLQueryString {
        var filter: SQLQueryString = ""
        if let status = query.status { filter.appendInterpolation("AND status = \(bind: status.rawValue) " as SQLQueryString) }
        if !query.text.isEmpty {
            let escaped = query.text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
            let pattern = "%\(escaped)%"
            filter.appendInterpolation("""
                AND (lower(username) LIKE lower(\(bind: pattern)) ESCAPE '\\' OR lower(email) LIKE lower(\(bind: pattern)) ESCAPE '\\')
                """ as SQLQueryString)
        }
        return filter
    }
}
