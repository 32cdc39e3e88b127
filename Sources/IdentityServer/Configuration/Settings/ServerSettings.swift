import IdentityServerCore

/// Every setting of the server, in the order `check-config` and docs/operating.md list them.
public enum ServerSettings {
    /// All of them.
    public static let all: [Setting] = listening + storage + lifetimes + signingKeys + mail + credentialExtension + crossDeviceSignIn + emailCodes
        + connections
        + caches + housekeeping + console + publicClientProofs + webhooks

    /// The settings as a Markdown table: key, environment variable, default and meaning (the
    /// table in docs/operating.md is this text, and a test keeps it so).
    public static var markdownTable: String {
        let defaults = ServerConfiguration()
        let rows = all.map { setting in
            let value = setting.value(in: defaults)
            return "| `\(setting.key)` | `\(setting.environmentVariable)` | \(value.isEmpty ? "—" : "`\(value)`") | \(setting.help) |"
        }
        return (["| key | environment variable | default | meaning |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    private static let listening: [Setting] = [
        Setting("host", \.host, .text, help: "Interface to listen on."),
        Setting("port", \.port, .integer(0...65_535), help: "Port to listen on; 0 picks a free one."),
        Setting(
            "public_base_url", \.publicBaseURL, .optionalBaseURL,
            help: "The URL clients and devices reach the server at; default http://HOST:PORT. Routes are served under its path."),
        Setting(
            "trusted_proxies", \.trustedProxies, .networks,
            help: "Reverse proxies (addresses or CIDR networks) whose X-Forwarded-For names the client."),
        Setting("log.level", \.logger.logLevel, .logLevel, help: "Least severe log level written."),
        Setting("log.format", \.logFormat, .logFormat, help: "text, or json: one object per line with stable keys."),
        Setting(
            "metrics.address", \.metricsAddress, .optionalListenAddress,
            help: "host:port to serve /metrics on, and not on the main port; default: the main port."),
    ]

    private static let storage: [Setting] = [
        Setting(
            "data_directory", \.dataDirectory, .directory,
            help: "SQLite database, master key, bootstrap admin token and outbox."),
        Setting(
            "database.url", \.databaseURL, .optionalText, secret: true,
            help: "postgres://user:password@host:port/database to use PostgreSQL instead of SQLite."),
        Setting(
            "database.schema", \.databaseSchema, .optionalText,
            help: "PostgreSQL schema of the tables (created if missing); servers on one database share it."),
        Setting(
            "database.sqlite_synchronous", \.sqliteSynchronous, .sqliteSynchronous,
            help: "full: each SQLite commit synced, surviving power loss; normal: faster, a power loss may undo the last commits."),
        Setting(
            "master_key", \.masterKey, .optionalText, secret: true,
            help: "The master key, 64 hex digits or base64 of 32 bytes; default: master.key in the data directory."),
    ]

    private static let lifetimes: [Setting] = [
        Setting(
            "lifetimes.transaction", \.lifetimes.transaction, .seconds(10...3600),
            help: "A sign-in, from /authorize to the device's answer."),
        Setting(
            "lifetimes.authorization_code", \.lifetimes.authorizationCode, .seconds(1...600),
            help: "An authorization code (RFC 6749 §4.1.2: at most 10 minutes)."),
        Setting("lifetimes.token", \.lifetimes.token, .seconds(60...86_400), help: "Access and ID tokens."),
        Setting(
            "lifetimes.binding_job", \.lifetimes.bindingJob, .seconds(60...30 * 86_400),
            help: "An enrollment link, unless its binding job says otherwise."),
    ]

    private static let signingKeys: [Setting] = [
        Setting(
            "signing_keys.lifetime", \.signingKeys.lifetime, .secondsOrForever(86_400...10 * 365 * 86_400),
            help: "How long a token-signing key signs before its successor takes over; 0 never rotates on a schedule."),
        Setting(
            "signing_keys.prepublication", \.signingKeys.prepublication, .seconds(600...30 * 86_400),
            help: "How long a successor is published in JWKS before it signs (longer than relying parties cache JWKS)."),
    ]

    private static let caches: [Setting] = [
        Setting(
            "cache.realms", \.realmCacheSize, .integer(1...10_000_000),
            help: "Realms whose signing keys, root certificate and discovery document stay in memory (least recently used go first); others are reloaded on use."),
    ]

    private static let mail: [Setting] = [
        Setting("mail.from", \.mail.from, .optionalMailAddress, help: "From address of enrollment emails; default no-reply@ the public host."),
        Setting(
            "mail.smtp.host", \.mail.smtpHost, .optionalText,
            help: "SMTP relay for enrollment emails; default: none, emails go to the outbox directory."),
        Setting("mail.smtp.port", \.mail.smtpPort, .integer(1...65_535), help: "The relay's port: 587 (STARTTLS), 465 (TLS) or 25."),
        Setting(
            "mail.smtp.security", \.mail.smtpSecurity, .smtpSecurity,
            help: "starttls (required, not opportunistic), tls (from the first byte), or none (a local relay only)."),
        Setting("mail.smtp.username", \.mail.smtpUsername, .optionalText, help: "User for AUTH PLAIN; default: no AUTH."),
        Setting("mail.smtp.password", \.mail.smtpPassword, .optionalText, secret: true, help: "Its password."),
        Setting(
            "mail.smtp.trusted_certificates", \.mail.smtpTrustedCertificates, .optionalText,
            help: "PEM file of the certificates to trust for the relay's TLS; default: the system's."),
        Setting("mail.smtp.timeout", \.mail.smtpTimeout, .duration(1...600), help: "How long each step of a delivery may take."),
        Setting(
            "mail.sendmail.path", \.mail.sendmailPath, .optionalExecutable,
            help: "A sendmail-compatible command to deliver through instead of SMTP (run as: PATH -i -f FROM -- TO)."),
        Setting(
            "mail.retry_delays", \.mail.retryDelays, .durations(1...86_400),
            help: "The waits before each retry of an enrollment mail the relay did not take (±20 % jitter); given up once spent."),
    ]

    private static let credentialExtension: [Setting] = [
        Setting(
            "extension.code_lifetime", \.credentialExtension.codeLifetime, .seconds(30...600),
            help: "How long a second-device code works before the first device replaces it."),
        Setting(
            "extension.session_lifetime", \.credentialExtension.sessionLifetime, .seconds(60...3600),
            help: "How long a second-device session lives at most."),
        Setting(
            "extension.holder_timeout", \.credentialExtension.holderTimeout, .seconds(10...600),
            help: "The first device counts as gone when it has not polled for this long."),
        Setting(
            "extension.claims_per_address_per_minute", \.credentialExtension.claimsPerAddressPerMinute, .integer(1...10_000),
            help: "Code claims one client network may attempt per minute."),
        Setting(
            "extension.claims_per_minute", \.credentialExtension.claimsPerMinute, .integer(1...1_000_000),
            help: "Code claims all clients together may attempt per minute (docs/protocol.md: Guessing a code)."),
    ]

    private static let crossDeviceSignIn: [Setting] = [
        Setting(
            "cross_device.lifetime", \.crossDeviceSignIn.lifetime, .seconds(30...900),
            help: "How long a browser sign-in waits for another device's approval."),
        Setting(
            "cross_device.continue_within", \.crossDeviceSignIn.continueWithin, .seconds(10...600),
            help: "How long the browser may take to continue once the sign-in is approved."),
        Setting(
            "cross_device.starts_per_address_per_minute", \.crossDeviceSignIn.startsPerAddressPerMinute, .integer(1...100_000),
            help: "Cross-device sign-ins one client network may start per minute."),
        Setting(
            "cross_device.requests_per_address_per_minute", \.crossDeviceSignIn.requestsPerAddressPerMinute, .integer(1...100_000),
            help: "Sign-in codes one client network may look up, approve or decline per minute."),
        Setting(
            "cross_device.requests_per_minute", \.crossDeviceSignIn.requestsPerMinute, .integer(1...10_000_000),
            help: "Sign-in codes all clients together may look up, approve or decline per minute (docs/protocol.md: Cross-device sign-in)."),
        Setting(
            "cross_device.geolocation_header", \.crossDeviceSignIn.geolocationHeader, .optionalText,
            help: "A header in which a trusted proxy names the client's coarse place, shown on the approving device."),
    ]

    private static let emailCodes: [Setting] = [
        Setting("email_codes.lifetime", \.emailCodes.lifetime, .seconds(60...3600), help: "How long an emailed sign-in code works."),
        Setting("email_codes.attempts", \.emailCodes.attempts, .integer(1...20), help: "Wrong codes allowed per emailed code."),
        Setting(
            "email_codes.requests_per_address_per_minute", \.emailCodes.requestsPerAddressPerMinute, .integer(1...100_000),
            help: "Emailed codes one client network may ask for, and redemptions it may try, per minute."),
        Setting(
            "email_codes.codes_per_recipient_per_day", \.emailCodes.codesPerRecipientPerDay, .integer(1...1000),
            help: "Codes one email address may be sent per day at the request of one client network."),
        Setting(
            "email_codes.codes_per_recipient_per_day_all_networks", \.emailCodes.codesPerRecipientPerDayAllNetworks,
            .integer(1...10_000),
            help: "Codes one email address may be sent per day from all networks together (with the attempts per code, the guesses at one identity's codes)."),
        Setting(
            "email_codes.subject", \.emailCodes.subject, .text,
            help: "The code mail's subject; {application} is replaced by the application's name."),
        Setting(
            "email_codes.body", \.emailCodes.body, .text,
            help: "The code mail's text; {code}, {application} and {minutes} are replaced."),
    ]

    private static let connections: [Setting] = [
        Setting(
            "connections.head_timeout", \.connections.headTimeout, .duration(1...600),
            help: "How long a connection may take to send a request head (also the keep-alive idle time)."),
        Setting(
            "connections.body_timeout", \.connections.bodyTimeout, .duration(1...600),
            help: "How long a request body may take to arrive once its head is in."),
        Setting("connections.max", \.connections.maxConnections, .integer(1...1_000_000), help: "Open connections at most."),
        Setting(
            "connections.max_header_bytes", \.connections.maxHeaderBytes, .integer(1024...1_048_576),
            help: "Bytes of a request's header fields together, at most."),
        Setting(
            "connections.max_header_fields", \.connections.maxHeaderFields, .integer(10...10_000),
            help: "Header fields of a request, at most."),
    ]

    private static let housekeeping: [Setting] = [
        Setting(
            "housekeeping.interval", \.housekeeping.interval, .duration(1...86_400),
            help: "How often expired rows and old audit events are purged."),
        Setting(
            "housekeeping.expired_retention", \.housekeeping.expiredRetention, .seconds(0...365 * 86_400),
            help: "How long expired rows are kept (replay detection and investigation look back this far)."),
        Setting(
            "housekeeping.audit_retention", \.housekeeping.auditRetention, .secondsOrForever(86_400...100 * 365 * 86_400),
            help: "How long audit events are kept; 0 keeps them forever."),
        Setting(
            "housekeeping.batch_size", \.housekeeping.batchSize, .integer(1...100_000),
            help: "Rows deleted per statement, so a purge never holds the database for long."),
    ]

    private static let console: [Setting] = [
        Setting("console.enabled", \.console.enabled, .boolean, help: "Whether the operators' web console is served at /console."),
        Setting(
            "console.idle_timeout", \.console.idleTimeout, .seconds(60...86_400),
            help: "A console session ends after this long without a request."),
        Setting(
            "console.session_lifetime", \.console.sessionLifetime, .seconds(300...7 * 86_400),
            help: "A console session ends this long after sign-in, however active."),
        Setting(
            "console.sign_ins_per_address_per_minute", \.console.signInsPerAddressPerMinute, .integer(1...10_000),
            help: "Console sign-in attempts one client network may make per minute."),
    ]

    private static let publicClientProofs: [Setting] = [
        Setting(
            "dpop.public_client_proofs_per_address_per_minute", \.publicClientProofs.perAddressPerMinute, .integer(1...1_000_000),
            help: "DPoP proofs one client network may have recorded per minute at a public client's token requests."),
        Setting(
            "dpop.public_client_proofs_per_minute", \.publicClientProofs.perClientPerMinute, .integer(1...100_000_000),
            help: "DPoP proofs all networks together may have recorded per minute at one public client's token requests."),
    ]
}
