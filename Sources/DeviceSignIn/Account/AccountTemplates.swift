extension SignInPageTemplate {
    /// The account page signed out: a passkey sign-in (the hosted pages' passkey script, which
    /// follows the answer's `redirect` back to the page).
    package static let accountSignInSource = """
        {{<layout}}
        {{$title}}Your account at {{realm}}{{/title}}
        {{$head}}
        <script src="{{assets}}/passkey.js" defer></script>
        {{/head}}
        {{$main}}
        <h1>Your account at {{realm}}</h1>
        <p>Sign in to see and manage your passkeys, devices and sessions: with a passkey on this browser, or by approving on the app on your phone.</p>
        <p><button type="button" class="button" id="sign-in-passkey" data-options="{{options}}" data-sign-in="{{signIn}}">Sign in with a passkey</button></p>
        <p><a class="button secondary" id="sign-in-app" href="{{appSignIn}}">Sign in with the app on your phone</a></p>
        <p><label for="passkey-account">Or pick your passkey here</label><input id="passkey-account" type="text" autocomplete="username webauthn" placeholder="Your browser suggests your passkeys" aria-describedby="passkey-status"></p>
        <p id="passkey-status" role="status" aria-live="polite"></p>
        <noscript><p>Signing in with a passkey needs JavaScript.</p></noscript>
        {{/main}}
        {{/layout}}
        """

    /// A change that asks first (revoking a credential): with a fresh sign-in its form, otherwise
    /// a passkey sign-in that comes back here.
    package static let accountConfirmSource = """
        {{<layout}}
        {{$title}}{{heading}}{{/title}}
        {{$head}}
        {{^fresh}}<script src="{{assets}}/passkey.js" defer></script>{{/fresh}}
        {{/head}}
        {{$main}}
        <h1>{{heading}}</h1>
        <p id="consequence">{{consequence}}</p>
        {{#warning}}<p class="alert" role="alert" id="last-credential">{{warning}}</p>{{/warning}}
        {{#fresh}}
        <form method="post" action="{{action}}">
        <p><button type="submit" class="button danger" id="confirm">{{button}}</button> <a href="{{page}}" id="cancel">Cancel</a></p>
        </form>
        {{/fresh}}
        {{^fresh}}{{>accountProof}}{{/fresh}}
        {{/main}}
        {{/layout}}
        """

    /// Asked for a change made only after a fresh sign-in, when the last is not: a passkey
    /// sign-in that comes back to the change (the page names `options`, `signIn` and `page`).
    package static let accountProofSource = """
        <p id="proof-needed">To do this, confirm it is you: sign in again, with your passkey or the app on your phone.</p>
        <p><button type="button" class="button" id="sign-in-passkey" data-options="{{options}}" data-sign-in="{{signIn}}">Confirm with a passkey</button> <a class="button secondary" id="confirm-with-app" href="{{appSignIn}}">Confirm with the app</a> <a href="{{page}}" id="cancel">Cancel</a></p>
        <p id="passkey-status" role="status" aria-live="polite"></p>
        """

    /// Changing the email address: the new one, after a fresh sign-in; or why the directory
    /// keeps it.
    package static let accountEmailSource = """
        {{<layout}}
        {{$title}}Change your email address{{/title}}
        {{$head}}
        {{^fresh}}<script src="{{assets}}/passkey.js" defer></script>{{/fresh}}
        {{/head}}
        {{$main}}
        <h1>Change your email address</h1>
        {{#changeable}}
        <p>Your address now: <strong id="current-email">{{#current}}{{current}}{{/current}}{{^current}}none{{/current}}</strong>. We mail a link to the new address; it changes when you follow it.{{#current}} We tell the current address too, with a link that cancels the change for 7 days.{{/current}}</p>
        {{#fresh}}
        <form method="post" action="{{action}}">
        <p><label for="email">New email address</label>
        <input id="email" name="email" type="email" value="{{email}}" required maxlength="254" autocomplete="email"{{#error}} aria-invalid="true" aria-describedby="email-error"{{/error}}></p>
        {{#error}}<p class="alert" role="alert" id="email-error">{{error}}</p>{{/error}}
        <p><button type="submit" class="button" id="send-link">Send the link</button> <a href="{{page}}" id="cancel">Cancel</a></p>
        </form>
        {{/fresh}}
        {{^fresh}}{{>accountProof}}{{/fresh}}
        {{/changeable}}
        {{^changeable}}
        <p id="directory-managed">Your organisation's directory manages your email address: ask whoever runs it to change it.</p>
        <p><a href="{{page}}" id="cancel">Back to your account</a></p>
        {{/changeable}}
        {{/main}}
        {{/layout}}
        """

    /// A link of an email change's mail: what following it does, and its button (a form, so a
    /// mail scanner that opens links changes nothing).
    package static let accountEmailLinkSource = """
        {{<layout}}
        {{$title}}{{heading}}{{/title}}
        {{$main}}
        <h1>{{heading}}</h1>
        <p id="consequence">{{consequence}}</p>
        <form method="post" action="{{action}}">
        <input type="hidden" name="token" value="{{token}}">
        <p><button type="submit" class="button" id="confirm">{{button}}</button></p>
        </form>
        {{/main}}
        {{/layout}}
        """

    /// Naming a passkey or device.
    package static let accountRenameSource = """
        {{<layout}}
        {{$title}}Rename{{/title}}
        {{$main}}
        <h1>Rename</h1>
        <form method="post" action="{{action}}">
        <p><label for="name">Name <span class="hint">How you recognise it, such as “Work laptop”.</span></label>
        <input id="name" name="name" value="{{name}}" required maxlength="100"{{#error}} aria-invalid="true" aria-describedby="name-error"{{/error}}></p>
        {{#error}}<p class="alert" role="alert" id="name-error">{{error}}</p>{{/error}}
        <p><button type="submit" class="button" id="save-name">Save</button> <a href="{{page}}" id="cancel">Cancel</a></p>
        </form>
        {{/main}}
        {{/layout}}
        """

    /// The account page signed in.
    package static let accountSource = """
        {{<layout}}
        {{$title}}Your account at {{realm}}{{/title}}
        {{$head}}
        <script src="{{assets}}/passkey.js" defer></script>
        {{/head}}
        {{$main}}
        <h1>Your account at {{realm}}</h1>
        {{#overview}}
        <section id="account-overview" aria-labelledby="identity-heading">
        <h2 id="identity-heading">{{displayName}}</h2>
        <p>Signed in as <strong id="username">{{username}}</strong>{{#email}} · <span id="email">{{email}}</span>{{/email}}
        {{#emailChangeable}} · <a href="{{page}}/email" id="change-email">{{#email}}Change email{{/email}}{{^email}}Add an email address{{/email}}</a>{{/emailChangeable}}
        {{^emailChangeable}}<br><span class="hint" id="directory-managed">Your organisation's directory manages your email address.</span>{{/emailChangeable}}</p>
        {{#pendingEmail}}<p class="notice" id="pending-email" role="status">We mailed a link to <strong>{{pendingEmail}}</strong>: your address changes when you follow it (until {{pendingUntil}}).</p>{{/pendingEmail}}
        </section>
        <section aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">Passkeys</h2>
        <ul class="items" id="passkeys">
        {{#passkeys}}<li data-credential="{{id}}"><strong>{{name}}</strong>{{#current}} <span class="tag">signed in with it</span>{{/current}}<br><span class="hint">{{#provider}}{{provider}} · {{/provider}}created {{created}} · last used {{lastUsed}}</span><br><a class="rename" href="{{page}}/credentials/{{id}}/rename">Rename</a> · <a class="revoke" href="{{page}}/credentials/{{id}}/revoke">Revoke…</a></li>
        {{/passkeys}}
        {{^passkeys}}<li>No passkeys.</li>{{/passkeys}}
        </ul>
        <p><button type="button" class="button secondary" id="create-passkey" data-token="" data-options="{{page}}/passkeys/options" data-register="{{page}}/passkeys">Add a passkey on this browser</button></p>
        <p id="passkey-status" role="status" aria-live="polite"></p>
        </section>
        <section aria-labelledby="devices-heading">
        <h2 id="devices-heading">Devices</h2>
        <ul class="items" id="devices">
        {{#devices}}<li data-credential="{{id}}"><strong>{{name}}</strong>{{#current}} <span class="tag">signed in with it</span>{{/current}}<br><span class="hint">created {{created}} · last used {{lastUsed}}</span><br><a class="rename" href="{{page}}/credentials/{{id}}/rename">Rename</a> · <a class="revoke" href="{{page}}/credentials/{{id}}/revoke">Revoke…</a></li>
        {{/devices}}
        {{^devices}}<li>No devices.</li>{{/devices}}
        </ul>
        </section>
        <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Signed in to</h2>
        <ul class="items" id="sessions">
        {{#sessions}}<li data-session="{{id}}"><strong>{{application}}</strong><br><span class="hint">with {{signedInWith}} · since {{started}} · last refreshed {{lastRefreshed}}</span>{{#lastSeenFrom}}<br><span class="hint">last used from {{lastSeenFrom}}</span>{{/lastSeenFrom}}<br>
        <form method="post" action="{{page}}/sessions/{{id}}/end" class="inline"><button type="submit" class="link">Sign out of it</button></form></li>
        {{/sessions}}
        {{^sessions}}<li>No application holds a session of yours.</li>{{/sessions}}
        </ul>
        <form method="post" action="{{page}}/sign-out-elsewhere">
        <p><button type="submit" class="button secondary" id="sign-out-elsewhere">Sign out everywhere else</button> <span class="hint">Every application, and this page in other browsers.</span></p>
        </form>
        </section>
        {{/overview}}
        <form method="post" action="{{page}}/sign-out">
        <p><button type="submit" class="button" id="sign-out">Sign out</button></p>
        </form>
        {{/main}}
        {{/layout}}
        """
}
