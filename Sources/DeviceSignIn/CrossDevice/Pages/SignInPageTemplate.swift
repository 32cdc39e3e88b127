import IdentityServerCore

/// The hosted sign-in pages' templates (one source per case below). Only `{{name}}`, which
/// escapes for HTML, is used.
package enum SignInPageTemplate: String, PageTemplate {
    case layout
    case waiting
    case confirm
    case ended
    case message
    case passkeyRegistration
    case accountSignIn
    case account
    case accountConfirm
    case accountRename
    case accountProof
    case accountEmail
    case accountEmailLink

    /// The template's Mustache source.
    package var source: String {
        switch self {
        case .layout: Self.layoutSource
        case .waiting: Self.waitingSource
        case .confirm: Self.confirmSource
        case .ended: Self.endedSource
        case .message: Self.messageSource
        case .passkeyRegistration: Self.passkeyRegistrationSource
        case .accountSignIn: Self.accountSignInSource
        case .account: Self.accountSource
        case .accountConfirm: Self.accountConfirmSource
        case .accountRename: Self.accountRenameSource
        case .accountProof: Self.accountProofSource
        case .accountEmail: Self.accountEmailSource
        case .accountEmailLink: Self.accountEmailLinkSource
        }
    }

    /// The frame: no navigation, the page's `main` block; the waiting page's script, and its
    /// refresh for browsers without script.
    package static let layoutSource = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{$title}}Sign in{{/title}}</title>
        <link rel="stylesheet" href="{{assets}}/sign-in.css">
        {{$head}}{{/head}}
        </head>
        <body>
        <main id="main">
        {{$main}}{{/main}}
        </main>
        </body>
        </html>
        """

    /// Waiting for the other device: QR code, code, link, countdown.
    package static let waitingSource = """
        {{<layout}}
        {{$title}}Sign in to {{application}}{{/title}}
        {{$head}}
        <noscript><meta http-equiv="refresh" content="5"></noscript>
        <script src="{{assets}}/sign-in.js" defer></script>
        {{#offerPasskey}}<script src="{{assets}}/passkey.js" defer></script>{{/offerPasskey}}
        {{/head}}
        {{$main}}
        <h1>Sign in to {{application}}</h1>
        <p class="origin" id="origin">{{organisation}} · <span id="host">{{host}}</span></p>
        {{#offerPasskey}}
        <p><button type="button" class="button" id="sign-in-passkey" data-options="{{page}}/passkey/options" data-sign-in="{{page}}/passkey">Sign in with a passkey</button></p>
        <p><label for="passkey-account">Or pick your passkey here</label><input id="passkey-account" type="text" autocomplete="username webauthn" placeholder="Your browser suggests your passkeys" aria-describedby="passkey-status"></p>
        <p id="passkey-status" role="status" aria-live="polite"></p>
        {{#offerApp}}<h2>Or use the app</h2>{{/offerApp}}
        {{/offerPasskey}}
        {{#offerThisDevice}}
        <p><a class="button" id="this-device" href="{{page}}/this-device">Open the app on this device</a></p>
        {{/offerThisDevice}}
        {{#offerOtherDevice}}
        {{#offerBothDevices}}
        <details id="other-device">
        <summary>I have the app on another device</summary>
        {{/offerBothDevices}}
        <p>Scan this QR code with the app that holds your sign-in key. The app shows where this request comes from: approve only if you started this sign-in yourself, here.</p>
        <p class="qr"><img id="qr" src="{{qr}}" width="{{qrSize}}" height="{{qrSize}}" alt="QR code of the sign-in link {{url}}"></p>
        <p>Code <strong class="code" id="code">{{code}}</strong> <span class="hint">Cannot scan? Type this code in the app.</span></p>
        <p><label for="url">Sign-in link</label><input id="url" type="text" readonly value="{{url}}"></p>
        <p class="hint" id="same-phone">Is the app on this phone? <a href="{{url}}" id="open-link">Open the sign-in link</a> in it, or copy the link into the app.</p>
        {{#offerBothDevices}}
        </details>
        {{/offerBothDevices}}
        {{/offerOtherDevice}}
        <p id="countdown" data-seconds="{{secondsLeft}}">Expires in {{timeLeft}}.</p>
        {{#offerOtherDevice}}
        <p id="status" role="status" aria-live="polite" data-status="{{page}}/status">Waiting for your approval. <a id="refresh" href="{{page}}">Check again</a></p>
        {{/offerOtherDevice}}
        <form method="post" action="{{page}}/cancel">
        <p><button type="submit" class="link" id="cancel-waiting">Cancel this sign-in</button></p>
        </form>
        {{/main}}
        {{/layout}}
        """

    /// Approved on a device: continue as the identity that approved, or say it is not you.
    package static let confirmSource = """
        {{<layout}}
        {{$title}}Continue to {{application}}{{/title}}
        {{$main}}
        <h1>Continue to {{application}}</h1>
        <p id="approved-by">Approved on a device as <strong id="identity">{{identity}}</strong>.</p>
        <form method="post" action="{{page}}/continue">
        <button type="submit" class="button" id="continue">Continue as {{identity}}</button>
        </form>
        <form method="post" action="{{page}}/cancel">
        <p>Not you? Someone else may have approved this sign-in. <button type="submit" class="link" id="cancel">Cancel it</button></p>
        </form>
        {{/main}}
        {{/layout}}
        """

    /// Over without signing in, or done.
    package static let endedSource = """
        {{<layout}}
        {{$title}}{{heading}}{{/title}}
        {{$main}}
        <h1>{{heading}}</h1>
        <p role="status" id="ended" data-reason="{{reason}}">{{message}}</p>
        {{#back}}<p><a class="button" id="back" href="{{back}}">Return to {{application}}</a></p>{{/back}}
        {{/main}}
        {{/layout}}
        """

    /// A page of one message: an error, or the sign-in link opened in a browser.
    package static let messageSource = """
        {{<layout}}
        {{$title}}{{heading}}{{/title}}
        {{$main}}
        <h1>{{heading}}</h1>
        <p id="message">{{message}}</p>
        {{#next}}<p id="next-step">{{next}}</p>{{/next}}
        {{/main}}
        {{/layout}}
        """

    /// An enrollment link opened in a browser: create a passkey here (the script), or open the app.
    package static let passkeyRegistrationSource = """
        {{<layout}}
        {{$title}}Create a passkey for {{realm}}{{/title}}
        {{$head}}
        <script src="{{assets}}/passkey.js" defer></script>
        {{/head}}
        {{$main}}
        <h1>Create a passkey for {{realm}}</h1>
        <p>A passkey lets <strong id="identity">{{identity}}</strong> sign in with this device's screen lock or a security key: nothing to remember, nothing to type.</p>
        <p><button type="button" class="button" id="create-passkey" data-token="{{token}}" data-options="{{options}}" data-register="{{register}}">Create a passkey</button></p>
        <p id="passkey-status" role="status" aria-live="polite"></p>
        <noscript><p>Creating a passkey needs JavaScript.</p></noscript>
        <p><a id="open-app" href="{{app}}">Use the app instead</a></p>
        {{/main}}
        {{/layout}}
        """
}
