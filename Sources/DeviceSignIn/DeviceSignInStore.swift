package import IdentityStorage
package import OpenIDProvider

/// What device sign-in reads and writes: the provider's part (it answers the provider's
/// transactions), credentials and binding jobs, passkeys, cross-device sign-ins, email codes and
/// credential extension's sessions.
package typealias DeviceSignInStore = ProviderStore & CrossDeviceStore & EmailCodeStore & ExtensionSessionStore & PasskeyStore
