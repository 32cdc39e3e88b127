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
        <p>Sign in to see and manage your passkeys, devices and sessions.</p>
        <p><button type="button" class="button" id="sign-in-passkey" data-options="{{options}}" data-sign-in="{{signIn}}">Sign in with a passkey</button></p>
        <p><label for="passkey-account">Or pick your passkey here</label><input id="passkey-account" type="text" autocomplete="username webauthn" placeholder="Your browser suggests your passkeys" aria-describedby="passkey-status"></p>
        <p id="passkey-status" role="status" aria-live="polite"></p>
        <noscript><p>Signing in with a passkey needs JavaScript.</p></noscript>
        {{/main}}
        {{/layout}}
        """

    /// The account page signed in.
    package static let accountSource = """
        {{<layout}}
        {{$title}}Your account at {{realm}}{{/title}}
        {{$main}}
        <h1>Your account at {{realm}}</h1>
        {{#overview}}
        <section id="account-overview" aria-labelledby="identity-heading">
        <h2 id="identity-heading">{{displayName}}</h2>
        <p>Signed in as <strong id="username">{{username}}</strong>{{#email}} · <span id="email">{{email}}</span>{{/email}}</p>
        </section>
        <section aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">Passkeys</h2>
        <ul class="items" id="passkeys">
        {{#passkeys}}<li data-credential="{{id}}"><strong>{{name}}</strong>{{#current}} <span class="tag">signed in with it</span>{{/current}}<br><span class="hint">{{state}} · created {{created}} · last used {{lastUsed}}</span></li>
        {{/passkeys}}
        {{^passkeys}}<li>No passkeys.</li>{{/passkeys}}
        </ul>
        </section>
        <section aria-labelledby="devices-heading">
        <h2 id="devices-heading">Devices</h2>
        <ul class="items" id="devices">
        {{#devices}}<li data-credential="{{id}}"><strong>{{name}}</strong><br><span class="hint">{{state}} · created {{created}} · last used {{lastUsed}}</span></li>
        {{/devices}}
        {{^devices}}<li>No devices.</li>{{/devices}}
        </ul>
        </section>
        <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Signed in to</h2>
        <ul class="items" id="sessions">
        {{#sessions}}<li data-session="{{id}}"><strong>{{application}}</strong><br><span class="hint">since {{started}} · last refreshed {{lastRefreshed}}</span></li>
        {{/sessions}}
        {{^sessions}}<li>No application holds a session of yours.</li>{{/sessions}}
        </ul>
        </section>
        {{/overview}}
        <form method="post" action="{{page}}/sign-out">
        <p><button type="submit" class="button" id="sign-out">Sign out</button></p>
        </form>
        {{/main}}
        {{/layout}}
        """
}
