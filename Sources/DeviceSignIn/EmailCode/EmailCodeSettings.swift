public import Foundation
package import IdentityServerCore

/// One-time codes mailed to an identity, for a device without a credential (where an
/// application offers them).
public struct EmailCodeSettings: Sendable {
    /// How long a code works.
    public var lifetime: TimeInterval = 600
    /// Wrong codes allowed per challenge.
    public var attempts = 5
    /// Codes one client network may ask for, and redemptions it may try, per minute.
    public var requestsPerAddressPerMinute = 10
    /// Codes one email address may be sent per day at the request of one client network
    /// (known or not: the answer is the same), so a stranger's requests spend only their
    /// own network's allowance, never the user's.
    public var codesPerRecipientPerDay = 10
    /// Codes one email address may be sent per day from all networks together (only what
    /// each network's allowance let through counts): the mail an address can be sent, and
    /// with ``attempts`` the guesses at any one identity's codes, 250 a day.
    public var codesPerRecipientPerDayAllNetworks = 50
    /// The mail's subject; `{application}` is replaced by the application's name.
    public var subject = "Your sign-in code for {application}"
    /// The mail's text; `{code}`, `{application}` and `{minutes}` are replaced.
    public var body = "Your code to sign in to {application} is {code}. It works once, for {minutes} minutes. "
        + "If you did not ask for it, ignore this email: nobody can sign in without the code."

    /// The defaults.
    public init() {}
}

extension EmailCodeSettings {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<EmailCodeSettings>] = [
        Setting("email_codes.lifetime", \.lifetime, .seconds(60...3600), help: "How long an emailed sign-in code works."),
        Setting("email_codes.attempts", \.attempts, .integer(1...20), help: "Wrong codes allowed per emailed code."),
        Setting(
            "email_codes.requests_per_address_per_minute", \.requestsPerAddressPerMinute, .integer(1...100_000),
            help: "Emailed codes one client network may ask for, and redemptions it may try, per minute."),
        Setting(
            "email_codes.codes_per_recipient_per_day", \.codesPerRecipientPerDay, .integer(1...1000),
            help: "Codes one email address may be sent per day at the request of one client network."),
        Setting(
            "email_codes.codes_per_recipient_per_day_all_networks", \.codesPerRecipientPerDayAllNetworks,
            .integer(1...10_000),
            help: "Codes one email address may be sent per day from all networks together (with the attempts per code, the guesses at one identity's codes)."),
        Setting(
            "email_codes.subject", \.subject, .text,
            help: "The code mail's subject; {application} is replaced by the application's name."),
        Setting(
            "email_codes.body", \.body, .text,
            help: "The code mail's text; {code}, {application} and {minutes} are replaced."),
    ]
}
