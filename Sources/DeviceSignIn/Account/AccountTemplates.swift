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
        {{^fresh}}
        <p id="proof-needed">To do this, confirm it is you: sign in again with your passkey.</p>
        <p><button type="button" class="button" id="sign-in-passkey" data-options="{{options}}" data-sign-in="{{signIn}}">Confirm with a passkey</button> <a href="{{page}}" id="cancel">Cancel</a></p>
        <p id="passkey-status" role="status" aria-live="polite"></p>
        {{/fresh}}
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
        <p>Signed in as <strong id="username">{{username}}</strong>{{#email}} · <span id="email">{{email}}</span>{{/email}}</p>
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
        {{#devices}}<li data-credential="{{id}}"><strong>{{name}}</strong><br><span class="hint">created {{created}} · last used {{lastUsed}}</span><br><a class="rename" href="{{page}}/credentials/{{id}}/rename">Rename</a> · <a class="revoke" href="{{page}}/credentials/{{id}}/revoke">Revoke…</a></li>
        {{/devices}}
        {{^devices}}<li>No devices.</li>{{/devices}}
        </ul>
        </section>
        <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Signed in to</h2>
        <ul class="items" id="sessions">
        {{#sessions}}<li data-session="{{id}}"><strong>{{application}}</strong><br><span class="hint">since {{started}} · last refreshed {{lastRefreshed}}</span><br>
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
