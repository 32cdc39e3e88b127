import IdentityServerCore

extension ConsoleTemplate {
    /// A realm: applications, identities, signing keys, settings.
    package static let realmSource = """
        {{<layout}}
        {{$title}}{{name}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{tenantHref}}">{{tenantName}}</a></li><li aria-current="page">{{name}}</li></ol>
        <h1>{{name}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#errors.form}}<p class="alert" role="alert">{{errors.form}}</p>{{/errors.form}}
        <dl class="facts"><dt>Issuer</dt><dd id="issuer">{{issuer}}</dd><dt>Realm ID</dt><dd>{{id}}</dd></dl>
        <p class="actions"><a class="button" href="{{href}}/identities" id="identities-link">Identities</a>
        {{#mayConfigure}}<a class="button secondary" href="{{href}}/applications/new" id="new-application">New application</a>{{/mayConfigure}}
        {{#mayReadConfiguration}}<a class="button secondary" href="{{href}}/provisioning-tokens" id="provisioning-tokens-link">Provisioning (SCIM)</a>{{/mayReadConfiguration}}</p>
        {{#mayReadConfiguration}}
        <section aria-labelledby="applications-heading">
        <h2 id="applications-heading">Applications</h2>
        <div class="table-wrap"><table class="stack" id="applications">
        <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Client ID</th></tr></thead>
        <tbody>
        {{#applications}}<tr><td data-label="Name"><a href="{{href}}">{{name}}</a></td><td data-label="Type">{{clientType}}</td><td data-label="Client ID">{{clientID}}</td></tr>
        {{/applications}}
        {{^applications}}<tr><td colspan="3">No applications yet.</td></tr>{{/applications}}
        </tbody></table></div>
        </section>
        <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Signing keys</h2>
        <div class="table-wrap"><table class="stack" id="signing-keys">
        <thead><tr><th scope="col">Key ID</th><th scope="col">Algorithm</th><th scope="col">Status</th><th scope="col">Signs from</th><th scope="col">Retires</th></tr></thead>
        <tbody>
        {{#keys}}<tr><td data-label="Key ID">{{kid}}</td><td data-label="Algorithm">{{algorithm}}</td><td data-label="Status"><span class="state {{status}}">{{status}}</span></td><td data-label="Signs from">{{activates}}</td><td data-label="Retires">{{retires}}</td></tr>
        {{/keys}}
        </tbody></table></div>
        {{#mayConfigure}}<p><a class="button secondary" href="{{href}}/signing-keys/rotate" id="rotate-keys">Rotate signing keys…</a>
        <span class="hint">The successor is published at once and signs after the configured prepublication time.</span></p>{{/mayConfigure}}
        </section>
        {{/mayReadConfiguration}}
        {{#mayConfigure}}
        <section aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">Passkeys</h2>
        <p class="hint">The rules for passkeys in this realm; which applications offer them is each application's choice.</p>
        {{#passkeys.error}}<p class="alert" role="alert" id="passkeys-error">{{passkeys.error}}</p>{{/passkeys.error}}
        <form method="post" action="{{href}}/passkey-policy" class="stacked" id="passkey-policy">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <label for="passkey-rp-id">RP ID (empty: this server's host)
        <input id="passkey-rp-id" name="rp_id" value="{{passkeys.rpID}}" maxlength="253">
        </label>
        <label for="passkey-verification">User verification
        <select id="passkey-verification" name="user_verification">
        <option value="required"{{#passkeys.flags.uv_required}} selected{{/passkeys.flags.uv_required}}>Required: PIN, biometrics or screen lock</option>
        <option value="preferred"{{#passkeys.flags.uv_preferred}} selected{{/passkeys.flags.uv_preferred}}>Preferred: also keys that cannot verify</option>
        <option value="discouraged"{{#passkeys.flags.uv_discouraged}} selected{{/passkeys.flags.uv_discouraged}}>Discouraged</option>
        </select>
        </label>
        <fieldset>
        <legend>Key algorithms</legend>
        <label class="check"><input type="checkbox" name="algorithms" value="ES256" id="passkey-alg-es256"{{#passkeys.flags.alg_ES256}} checked{{/passkeys.flags.alg_ES256}}> ES256 (every authenticator)</label>
        <label class="check"><input type="checkbox" name="algorithms" value="EdDSA" id="passkey-alg-eddsa"{{#passkeys.flags.alg_EdDSA}} checked{{/passkeys.flags.alg_EdDSA}}> EdDSA</label>
        <label class="check"><input type="checkbox" name="algorithms" value="RS256" id="passkey-alg-rs256"{{#passkeys.flags.alg_RS256}} checked{{/passkeys.flags.alg_RS256}}> RS256 (Windows Hello)</label>
        </fieldset>
        <label for="passkey-roots">Attestation roots (PEM; empty: any authenticator)
        <textarea id="passkey-roots" name="attestation_roots" rows="4">{{passkeys.roots}}</textarea>
        </label>
        <label for="passkey-aaguids">Allowed models (AAGUIDs, one a line; needs roots)
        <textarea id="passkey-aaguids" name="aaguids" rows="2">{{passkeys.aaguids}}</textarea>
        </label>
        <div class="actions"><button type="submit" id="save-passkey-policy">Save passkey rules</button></div>
        </form>
        </section>
        <section aria-labelledby="realm-settings">
        <h2 id="realm-settings">Settings</h2>
        <form method="post" action="{{href}}" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <label for="realm-name">Display name
        <input id="realm-name" name="display_name" value="{{name}}" required maxlength="200"{{#errors.display_name}} aria-invalid="true" aria-describedby="realm-name-error"{{/errors.display_name}}>
        {{#errors.display_name}}<span class="field-error" id="realm-name-error">{{errors.display_name}}</span>{{/errors.display_name}}
        </label>
        <label for="realm-redirect">Registration redirect URI
        <input id="realm-redirect" name="registration_redirect_uri" value="{{registrationRedirectURI}}" required{{#errors.registration_redirect_uri}} aria-invalid="true" aria-describedby="realm-redirect-error"{{/errors.registration_redirect_uri}}>
        {{#errors.registration_redirect_uri}}<span class="field-error" id="realm-redirect-error">{{errors.registration_redirect_uri}}</span>{{/errors.registration_redirect_uri}}
        </label>
        <label for="realm-logo-light">Logo for light backgrounds <span class="hint">An https URL; apps show it on light backgrounds.</span>
        <input id="realm-logo-light" name="logo_light_url" value="{{#values.logo_light_url}}{{values.logo_light_url}}{{/values.logo_light_url}}{{^values.logo_light_url}}{{theme.logoLightURL}}{{/values.logo_light_url}}" type="url" maxlength="2048"{{#errors.theme_logo_light_url}} aria-invalid="true" aria-describedby="realm-logo-light-error"{{/errors.theme_logo_light_url}}>
        {{#errors.theme_logo_light_url}}<span class="field-error" id="realm-logo-light-error">{{errors.theme_logo_light_url}}</span>{{/errors.theme_logo_light_url}}
        </label>
        <label for="realm-logo-dark">Logo for dark backgrounds <span class="hint">An https URL; apps show it on dark backgrounds.</span>
        <input id="realm-logo-dark" name="logo_dark_url" value="{{#values.logo_dark_url}}{{values.logo_dark_url}}{{/values.logo_dark_url}}{{^values.logo_dark_url}}{{theme.logoDarkURL}}{{/values.logo_dark_url}}" type="url" maxlength="2048"{{#errors.theme_logo_dark_url}} aria-invalid="true" aria-describedby="realm-logo-dark-error"{{/errors.theme_logo_dark_url}}>
        {{#errors.theme_logo_dark_url}}<span class="field-error" id="realm-logo-dark-error">{{errors.theme_logo_dark_url}}</span>{{/errors.theme_logo_dark_url}}
        </label>
        <label for="realm-support">Support page <span class="hint">Where users get help (https).</span>
        <input id="realm-support" name="support_url" value="{{#values.support_url}}{{values.support_url}}{{/values.support_url}}{{^values.support_url}}{{theme.supportURL}}{{/values.support_url}}" type="url" maxlength="2048"{{#errors.theme_support_url}} aria-invalid="true" aria-describedby="realm-support-error"{{/errors.theme_support_url}}>
        {{#errors.theme_support_url}}<span class="field-error" id="realm-support-error">{{errors.theme_support_url}}</span>{{/errors.theme_support_url}}
        </label>
        <label class="check"><input type="checkbox" name="account_page" value="on" id="realm-account-page"{{#accountPage}} checked{{/accountPage}}> Serve the account page, where users see their passkeys, devices and sessions and revoke them</label>
        {{#accountPage}}<p class="hint link-line">Users find it at <a href="{{accountPage}}" id="account-page-link">{{accountPage}}</a></p>{{/accountPage}}
        <label class="check"><input type="checkbox" name="scim_enrollment" value="email" id="realm-scim-enrollment"{{#mailsSCIMUsersLinks}} checked{{/mailsSCIMUsersLinks}}> Mail an enrollment link to each user the directory creates (SCIM)</label>
        <div class="actions"><button type="submit">Save</button><a class="button danger" href="{{href}}/delete">Delete realm…</a></div>
        </form>
        </section>
        {{/mayConfigure}}
        {{/main}}
        {{/layout}}
        """
}
