import Foundation
import IdentityProtocol

/// What the benchmark does to the server, phase by phase, each measured by the load generator.
struct BenchScript {
    let load: LoadGenerator
    let realm: BenchRealm
    let concurrency: Int

    /// A script for `process`, a server of its own: a realm, `devices` enrolled devices, and
    /// `logins` sign-ins over them, warmed up.
    static func prepared(on process: ServerProcess, devices: Int, logins: Int, concurrency: Int) throws -> (BenchScript, [BenchDevice]) {
        guard let adminToken = process.adminToken else { throw BenchError("the server wrote no admin token") }
        let load = LoadGenerator(servers: [process.loadTarget], databaseProcessName: nil)
        let script = BenchScript(load: load, realm: try realm(on: process, adminToken: adminToken), concurrency: concurrency)
        let enrolled = try script.enroll(devices, adminToken: adminToken).1
        return (script, try script.warmedUp(logins, over: enrolled))
    }

    /// A new tenant, realm and application on `process`, made through its admin API.
    static func realm(on process: ServerProcess, adminToken: String) throws -> BenchRealm {
        try BenchRealm.create(
            admin: AdminClient(connection: try HTTPConnection(host: process.loadTarget.host, port: process.loadTarget.port), token: adminToken))
    }

    /// `count` sign-ins spread over `enrolled`, the first 300 of them run first to warm the
    /// server up.
    func warmedUp(_ count: Int, over enrolled: [BenchDevice]) throws -> [BenchDevice] {
        let signIns = Array(0..<count).map { enrolled[$0 % enrolled.count] }
        _ = try self.signIns(Array(signIns.prefix(300)), name: "warm-up")
        return signIns
    }

    /// Enrolls `count` devices (an identity, a registration link, a bound credential each).
    func enroll(_ count: Int, adminToken: String) throws -> (PhaseResult, [BenchDevice]) {
        try load.run("enroll", Array(0..<count), workers: concurrency) { [realm] connection, index in
            try realm.enroll(index, admin: AdminClient(connection: connection, token: adminToken))
        }
    }

    /// Registers `count` passkeys (an identity, a registration link, options and the credential each).
    func registerPasskeys(_ count: Int, adminToken: String) throws -> (PhaseResult, [BenchPasskey]) {
        try load.run("passkey registration", Array(0..<count), workers: concurrency) { [realm] connection, index in
            try BenchPasskey.register(index, realm: realm, admin: AdminClient(connection: connection, token: adminToken))
        }
    }

    /// A passkey sign-in on the hosted page for each of `passkeys`, each from its own address
    /// (the page's starts are limited per network); returns the access tokens.
    func passkeySignIns(_ passkeys: [BenchPasskey], name: String) throws -> (PhaseResult, [String]) {
        try load.run(name, Array(passkeys.enumerated()), workers: concurrency) { [realm] connection, pair in
            let (index, passkey) = pair
            return try PasskeyLoginSteps(connection: connection, realm: realm)
                .login(passkey, from: "10.\(index >> 16 & 255).\(index >> 8 & 255).\(index & 255)")
        }
    }

    /// Adds a second device to each of `devices` (distinct credentials: a credential has one
    /// extension session at a time); each claim comes from its own address.
    func secondDevices(_ devices: [BenchDevice]) throws -> PhaseResult {
        try load.run("second device", Array(devices.enumerated()), workers: concurrency) { connection, pair in
            let (index, device) = pair
            let claimant = "10.\(index >> 16 & 255).\(index >> 8 & 255).\(index & 255)"
            return try ExtensionSteps(connection: connection).extend(device, claimant: claimant)
        }.0
    }

    /// A full sign-in for each device (a device may appear several times); returns the access tokens.
    func signIns(_ devices: [BenchDevice], name: String, workers: Int? = nil) throws -> (PhaseResult, [String]) {
        try load.run(name, devices, workers: workers ?? concurrency) { [realm] connection, device in
            try LoginSteps(connection: connection, realm: realm).login(device)
        }
    }

    /// The four steps of a sign-in, each measured alone: every authorize first, then every
    /// challenge of the transactions they created, and so on; half the codes are then exchanged
    /// as they were, the other half with DPoP proofs (`token (DPoP)`). Also returns the DPoP
    /// key with a token bound to it.
    func steps(_ devices: [BenchDevice]) throws -> ([PhaseResult], BenchDPoPAccess) {
        let (authorize, started) = try load.run("authorize", devices, workers: concurrency) { [realm] connection, _ in
            try LoginSteps(connection: connection, realm: realm).authorize()
        }
        let (challenge, challenged) = try load.run("challenge", started, workers: concurrency) { [realm] connection, started in
            try LoginSteps(connection: connection, realm: realm).challenge(started)
        }
        let pairs = zip(challenged, devices).map { ($0, $1) }
        let (authenticate, answered) = try load.run("authenticate", pairs, workers: concurrency) { [realm] connection, pair in
            try LoginSteps(connection: connection, realm: realm).authenticate(pair.0, device: pair.1)
        }
        let half = answered.count / 2
        let (token, _) = try load.run("token", Array(answered[..<half]), workers: concurrency) { [realm] connection, answered in
            try LoginSteps(connection: connection, realm: realm).token(answered)
        }
        let key = BenchDPoPKey()
        let nonce = try load.run("DPoP nonce", [key], workers: 1) { [realm] connection, key in
            try LoginSteps(connection: connection, realm: realm).dpopNonce(for: key)
        }.1[0]
        var dpop = BenchDPoPAccess(key: key, nonce: nonce)
        let (dpopToken, dpopTokens) = try load.run("token (DPoP)", Array(answered[half...]), workers: concurrency) {
            [realm, dpop] connection, answered in
            try LoginSteps(connection: connection, realm: realm).token(answered, dpop: dpop)
        }
        dpop.accessToken = dpopTokens[0].accessToken
        return ([authorize, challenge, authenticate, token, dpopToken], dpop)
    }

    /// `count` requests to each endpoint that answers without a sign-in: health, JWKS,
    /// discovery, and userinfo with `accessToken` and with `dpop`'s (a fresh proof each).
    func lightEndpoints(_ count: Int, accessToken: String, dpop: BenchDPoPAccess) throws -> [PhaseResult] {
        let endpoints: [(String, String, @Sendable () throws -> [(String, String)])] = [
            ("/healthz", "/healthz", { [] }),
            ("/jwks", realm.issuerPath + "/jwks", { [] }),
            ("discovery", realm.issuerPath + "/.well-known/openid-configuration", { [] }),
            ("/userinfo", realm.issuerPath + "/userinfo", { [("Authorization", "Bearer \(accessToken)")] }),
            ("/userinfo (DPoP)", realm.issuerPath + "/userinfo", { [realm] in
                [("Authorization", "DPoP \(dpop.accessToken)"),
                 ("DPoP", try dpop.key.proof("GET", "userinfo", of: realm, accessToken: dpop.accessToken))]
            }),
        ]
        return try endpoints.map { name, path, headers in
            try load.run(name, Array(repeating: 0, count: count), workers: concurrency) { connection, _ in
                try connection.send("GET", path, headers: try headers()).expect(200, what: name)
            }.0
        }
    }

    /// The result whose server CPU per operation is the median of `results`.
    static func median(_ results: [PhaseResult]) -> PhaseResult {
        results.sorted { $0.serverMicroseconds < $1.serverMicroseconds }[results.count / 2]
    }
}
