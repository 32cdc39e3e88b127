package import IdentityStorage
package import OpenIDProvider

/// What administration reads and writes: everything an operator manages (tenants to tokens),
/// SCIM's users and groups, the webhook endpoints and the mail queue's state.
package typealias AdministrationStore = ProviderStore & EmailCodeStore & PasskeyStore & AdminTokenStore & ConsoleQueryStore & OperatorStore & AccountSessionStore
    & MailQueueStore & ProvisioningTokenStore & SCIMUserStore & SigningKeyStore & WebhookStore
