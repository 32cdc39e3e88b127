import Foundation
package import Hummingbird
package import IdentityServerCore
package import OpenIDProvider
package import RealmKeys

/// Device sign-in's routes: enrollment (a device's, or a passkey's in the browser), the device API (same-device sign-in, credential
/// states), credential extension, email codes, and cross-device sign-in with its hosted page.
/// The provider reaches the page through ``handoff`` and shares the device keys it pinned.
package struct DeviceSignInRoutes: RouteMount {
    /// What cross-device sign-in needs beyond the environment.
    package struct CrossDevice: Sendable {
        let settings: CrossDeviceSettings
        let codes: CrossDeviceCodes

        package init(settings: CrossDeviceSettings, codes: CrossDeviceCodes) {
            (self.settings, self.codes) = (settings, codes)
        }
    }

    /// What email codes need beyond the environment.
    package struct EmailCodes: Sendable {
        let settings: EmailCodeSettings
        let codes: DigitCodes
        let mail: any MailTransport
        let mailFrom: String?

        package init(settings: EmailCodeSettings, codes: DigitCodes, mail: any MailTransport, mailFrom: String?) {
            (self.settings, self.codes, self.mail, self.mailFrom) = (settings, codes, mail, mailFrom)
        }
    }

    /// What passkeys in the browser need beyond the environment.
    package struct Passkeys: Sendable {
        let settings: PasskeySettings
        let seal: PasskeyCeremonySeal

        package init(settings: PasskeySettings, seal: PasskeyCeremonySeal) {
            (self.settings, self.seal) = (settings, seal)
        }
    }

    /// What credential extension needs beyond the environment.
    package struct CredentialExtension: Sendable {
        let settings: CredentialExtensionSettings
        let codes: DigitCodes
        let signals: ExtensionSignals
        let claimLimiter: AttemptRateLimiter

        package init(
            settings: CredentialExtensionSettings, codes: DigitCodes, signals: ExtensionSignals, claimLimiter: AttemptRateLimiter
        ) {
            (self.settings, self.codes, self.signals, self.claimLimiter) = (settings, codes, signals, claimLimiter)
        }
    }

    private let enrollment: EnrollmentController
    private let passkey: PasskeyController
    private let authentication: DeviceAuthenticationController
    private let credentialExtension: ExtensionController
    private let emailCodes: EmailCodeController
    private let crossDevice: CrossDeviceController
    private let signInPage: SignInPageController
    private let account: AccountController
    /// The account pages' sessions and cookie, which the console takes for the operators' realm.
    package var accounts: AccountService { account.service }
    package var accountCookie: AccountSessionCookie { account.cookie }
    /// The credentials' certificate keys, read once: the token endpoint binds tokens to them.
    package let pinnedKeys: PinnedKeys
    /// Where `/authorize` hands a browser whose sign-in another device approves.
    package let handoff: any CrossDeviceHandoff

    /// The hosted sign-in pages' templates; they are constants, so a failure to compile is a
    /// programming error (a test renders each).
    private static let signInPages = try! PageRenderer<SignInPageTemplate>()

    package init(
        environment: ServerEnvironment, keyring: RealmKeyring, lifetimes: ArtifactLifetimes, seal: TransactionSeal,
        credentialExtension ext: CredentialExtension, emailCodes email: EmailCodes, crossDevice cross: CrossDevice, passkeys: Passkeys,
        console: AccountConsoleReturn? = nil, pathPrefix: String
    ) {
        let (store, audit, metrics, baseURL, now) = (
            environment.store, environment.audit, environment.metrics, environment.baseURL, environment.now)
        let enrollmentService = EnrollmentService(store: store, keyring: keyring, audit: audit, metrics: metrics, baseURL: baseURL, now: now)
        let registration = PasskeyRegistrationService(enrollment: enrollmentService, settings: passkeys.settings, seal: passkeys.seal)
        passkey = PasskeyController(
            service: registration,
            renderer: Self.signInPages, pathPrefix: pathPrefix, origin: SameOriginCheck(baseURL: baseURL))
        enrollment = EnrollmentController(service: enrollmentService, passkeys: passkey)
        let authenticationService = DeviceAuthenticationService(
            store: store, keyring: keyring, seal: seal, audit: audit, metrics: metrics,
            lifetimes: lifetimes, baseURL: baseURL, now: now)
        authentication = DeviceAuthenticationController(
            service: authenticationService, states: CredentialStatusService(store: store))
        credentialExtension = ExtensionController(service: ExtensionService(
            store: store, keyring: keyring, codes: ext.codes, signals: ext.signals,
            claimLimiter: ext.claimLimiter, limits: ext.settings, audit: audit, metrics: metrics, now: now))
        emailCodes = EmailCodeController(service: Self.emailCodeService(environment, email, authentication: authenticationService))
        let crossDeviceService = Self.crossDeviceService(
            environment, cross, signals: ext.signals, authentication: authenticationService)
        crossDevice = CrossDeviceController(service: crossDeviceService)
        let cookie = SignInPageCookie(
            secure: baseURL.value.hasPrefix("https:"), pathPrefix: pathPrefix,
            lifetime: cross.settings.lifetime + cross.settings.continueWithin)
        signInPage = SignInPageController(
            service: crossDeviceService, renderer: Self.signInPages, cookie: cookie, pathPrefix: pathPrefix,
            origin: SameOriginCheck(baseURL: baseURL),
            passkeys: PasskeySignInService(signIns: crossDeviceService, settings: passkeys.settings, seal: passkeys.seal))
        let accountMail = AccountMail(transport: email.mail, from: email.mailFrom, baseURL: baseURL, logger: environment.logger)
        account = AccountController(
            service: AccountService(
                store: store, registration: registration, settings: passkeys.settings, seal: passkeys.seal, audit: audit, baseURL: baseURL,
                mail: accountMail, now: now),
            email: AccountEmailService(store: store, mail: accountMail, audit: audit, now: now),
            appSignIn: AccountAppSignIn(store: store, audit: audit, baseURL: baseURL, now: now),
            renderer: Self.signInPages, cookie: AccountSessionCookie(secure: baseURL.value.hasPrefix("https:"), pathPrefix: pathPrefix),
            pathPrefix: pathPrefix, origin: SameOriginCheck(baseURL: baseURL), console: console)
        pinnedKeys = authenticationService.pinnedKeys
        handoff = SignInPageHandoff(service: crossDeviceService, cookie: cookie)
    }

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        enrollment.register(on: router)
        passkey.register(on: router)
        authentication.register(on: router)
        credentialExtension.register(on: router)
        emailCodes.register(on: router)
        crossDevice.register(on: router)
        signInPage.register(on: router)
        account.register(on: router)
    }

    /// Cross-device sign-in, with its limits: starts per network; code lookups, approvals and
    /// declines per network and in all.
    private static func crossDeviceService(
        _ environment: ServerEnvironment, _ crossDevice: CrossDevice, signals: ExtensionSignals,
        authentication: DeviceAuthenticationService
    ) -> CrossDeviceSignInService {
        let (store, settings, now) = (environment.store, crossDevice.settings, environment.now)
        let requests = AttemptRateLimiter(
            store: store, perAddressPerMinute: settings.requestsPerAddressPerMinute, globalPerMinute: settings.requestsPerMinute,
            now: now, bucket: "cross_device", attempts: "sign-in code attempts")
        let starts = AttemptRateLimiter(
            store: store, perAddressPerMinute: settings.startsPerAddressPerMinute, globalPerMinute: nil, now: now,
            bucket: "cross_device_start", attempts: "sign-ins started")
        return CrossDeviceSignInService(
            store: store, codes: crossDevice.codes, signals: signals, requestLimiter: requests,
            startLimiter: starts, settings: settings, authentication: authentication, baseURL: environment.baseURL, now: now)
    }

    /// Email one-time codes, with their limits: per network a minute, per recipient a day.
    private static func emailCodeService(
        _ environment: ServerEnvironment, _ email: EmailCodes, authentication: DeviceAuthenticationService
    ) -> EmailCodeService {
        let (store, settings, now) = (environment.store, email.settings, environment.now)
        let network = AttemptRateLimiter(
            store: store, perAddressPerMinute: settings.requestsPerAddressPerMinute, globalPerMinute: nil, now: now,
            bucket: "email_code", attempts: "email code requests")
        let recipient = AttemptRateLimiter(
            store: store, perAddressPerMinute: settings.codesPerRecipientPerDay, globalPerMinute: nil, now: now,
            bucket: "email_code_recipient", attempts: "codes for this email address", source: "asked from this network today",
            window: 86_400)
        let allNetworks = AttemptRateLimiter(
            store: store, perAddressPerMinute: settings.codesPerRecipientPerDayAllNetworks, globalPerMinute: nil, now: now,
            bucket: "email_code_recipient_all", attempts: "codes for this email address", source: "today", window: 86_400)
        return EmailCodeService(
            store: store, codes: email.codes, authentication: authentication, mail: email.mail,
            mailFrom: email.mailFrom, settings: settings, networkLimiter: network, recipientLimiter: recipient,
            allNetworksRecipientLimiter: allNetworks, baseURL: environment.baseURL, logger: environment.logger, now: now)
    }
}
