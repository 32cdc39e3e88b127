import IdentityServerCore

extension ConsoleTemplate {
    /// An application's settings: create or edit, rotate its secret, delete.
    package static let applicationFormSource = """
        {{<layout}}
        {{$title}}{{heading}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{crumbs.tenantHref}}">{{crumbs.tenantName}}</a></li><li><a href="{{crumbs.realmHref}}">{{crumbs.realmName}}</a></li><li aria-current="page">{{heading}}</li></ol>
        <h1>{{heading}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#hasSummary}}<div class="alert" role="alert" id="error-summary" tabindex="-1"><p>Fix these to save:</p><ul>{{#summary}}<li>{{#anchor}}<a href="#{{anchor}}">{{message}}</a>{{/anchor}}{{^anchor}}{{message}}{{/anchor}}</li>{{/summary}}</ul></div>{{/hasSummary}}
        {{^isNew}}<dl class="facts"><dt>Client ID</dt><dd id="client-id">{{clientID}}</dd><dt>Client type</dt><dd id="client-type">{{clientType}}</dd>
        <dt>Issuer</dt><dd>{{issuer}}</dd><dt>Discovery</dt><dd id="discovery-url">{{endpoints.discovery}}</dd>
        <dt>Authorization endpoint</dt><dd id="authorize-url">{{endpoints.authorize}}</dd><dt>Token endpoint</dt><dd id="token-url">{{endpoints.token}}</dd></dl>{{/isNew}}
        <section aria-labelledby="settings-heading">
        <h2 id="settings-heading">Settings</h2>
        <form method="post" action="{{action}}" class="stacked" id="application-form">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <input type="hidden" name="form_id" value="{{formID}}">
        <label for="app-display-name">Display name
        <input id="app-display-name" name="display_name" value="{{values.display_name}}" required maxlength="200"{{#errors.display_name}} aria-invalid="true" aria-describedby="app-display-name-error"{{/errors.display_name}}>
        {{#errors.display_name}}<span class="field-error" id="app-display-name-error">{{errors.display_name}}</span>{{/errors.display_name}}
        </label>
        {{#isNew}}<fieldset>
        <legend>Client type</legend>
        <label class="check"><input type="radio" name="client_type" value="public" id="app-type-public"{{#flags.client_type_public}} checked{{/flags.client_type_public}}> Public: an app on a device, no secret (PKCE)</label>
        <label class="check"><input type="radio" name="client_type" value="confidential" id="app-type-confidential"{{#flags.client_type_confidential}} checked{{/flags.client_type_confidential}}> Confidential: a backend that keeps a client secret</label>
        {{#errors.client_type}}<span class="field-error">{{errors.client_type}}</span>{{/errors.client_type}}
        </fieldset>{{/isNew}}
        <fieldset>
        <legend>Grant types</legend>
        <label class="check"><input type="checkbox" name="grant_types" value="authorization_code" id="app-grant-code"{{#flags.grant_authorization_code}} checked{{/flags.grant_authorization_code}}> Authorization code (users sign in)</label>
        <label class="check"><input type="checkbox" name="grant_types" value="refresh_token" id="app-grant-refresh"{{#flags.grant_refresh_token}} checked{{/flags.grant_refresh_token}}> Refresh tokens</label>
        <label class="check"><input type="checkbox" name="grant_types" value="client_credentials" id="app-grant-client"{{#flags.grant_client_credentials}} checked{{/flags.grant_client_credentials}}> Client credentials (a service, confidential only)</label>
        {{#errors.grant_types}}<span class="field-error">{{errors.grant_types}}</span>{{/errors.grant_types}}
        </fieldset>
        <label for="app-redirect-uris">Redirect URIs
        <span class="hint">One per line, matched exactly.</span>
        <textarea id="app-redirect-uris" name="redirect_uris"{{#errors.redirect_uris}} aria-invalid="true" aria-describedby="app-redirect-uris-error"{{/errors.redirect_uris}}>{{values.redirect_uris}}</textarea>
        {{#errors.redirect_uris}}<span class="field-error" id="app-redirect-uris-error">{{errors.redirect_uris}}</span>{{/errors.redirect_uris}}
        </label>
        <label for="app-invoke-url">Invoke URL
        <span class="hint">Where /authorize sends the user: your app's universal link.</span>
        <input id="app-invoke-url" name="invoke_url" value="{{values.invoke_url}}"{{#errors.invoke_url}} aria-invalid="true" aria-describedby="app-invoke-url-error"{{/errors.invoke_url}}>
        {{#errors.invoke_url}}<span class="field-error" id="app-invoke-url-error">{{errors.invoke_url}}</span>{{/errors.invoke_url}}
        </label>
        <label for="app-allowed-scopes">Allowed scopes
        <span class="hint">Separated by spaces.</span>
        <input id="app-allowed-scopes" name="allowed_scopes" value="{{values.allowed_scopes}}"{{#errors.allowed_scopes}} aria-invalid="true" aria-describedby="app-allowed-scopes-error"{{/errors.allowed_scopes}}>
        {{#errors.allowed_scopes}}<span class="field-error" id="app-allowed-scopes-error">{{errors.allowed_scopes}}</span>{{/errors.allowed_scopes}}
        </label>
        <label for="app-allowed-origins">Allowed origins (CORS)
        <span class="hint">One per line, e.g. https://app.example.</span>
        <textarea id="app-allowed-origins" name="allowed_origins"{{#errors.allowed_origins}} aria-invalid="true" aria-describedby="app-allowed-origins-error"{{/errors.allowed_origins}}>{{values.allowed_origins}}</textarea>
        {{#errors.allowed_origins}}<span class="field-error" id="app-allowed-origins-error">{{errors.allowed_origins}}</span>{{/errors.allowed_origins}}
        </label>
        <label for="app-post-logout-redirect-uris">Post-logout redirect URIs
        <span class="hint">One per line.</span>
        <textarea id="app-post-logout-redirect-uris" name="post_logout_redirect_uris"{{#errors.post_logout_redirect_uris}} aria-invalid="true" aria-describedby="app-post-logout-redirect-uris-error"{{/errors.post_logout_redirect_uris}}>{{values.post_logout_redirect_uris}}</textarea>
        {{#errors.post_logout_redirect_uris}}<span class="field-error" id="app-post-logout-redirect-uris-error">{{errors.post_logout_redirect_uris}}</span>{{/errors.post_logout_redirect_uris}}
        </label>
        <label for="app-refresh-token-lifetime">Refresh lifetime (30d, 12h, 90m or seconds)
        <span class="hint">How long a sign-in can be renewed, however often.</span>
        <input id="app-refresh-token-lifetime" name="refresh_token_lifetime" value="{{values.refresh_token_lifetime}}" inputmode="numeric"{{#errors.refresh_token_lifetime}} aria-invalid="true" aria-describedby="app-refresh-token-lifetime-error"{{/errors.refresh_token_lifetime}}>
        {{#errors.refresh_token_lifetime}}<span class="field-error" id="app-refresh-token-lifetime-error">{{errors.refresh_token_lifetime}}</span>{{/errors.refresh_token_lifetime}}
        </label>
        <label for="app-refresh-token-idle-lifetime">Refresh idle lifetime (30d, 12h, 90m or seconds)
        <span class="hint">How long a refresh token lasts unused.</span>
        <input id="app-refresh-token-idle-lifetime" name="refresh_token_idle_lifetime" value="{{values.refresh_token_idle_lifetime}}" inputmode="numeric"{{#errors.refresh_token_idle_lifetime}} aria-invalid="true" aria-describedby="app-refresh-token-idle-lifetime-error"{{/errors.refresh_token_idle_lifetime}}>
        {{#errors.refresh_token_idle_lifetime}}<span class="field-error" id="app-refresh-token-idle-lifetime-error">{{errors.refresh_token_idle_lifetime}}</span>{{/errors.refresh_token_idle_lifetime}}
        </label>
        <label for="app-auth">Token endpoint authentication
        <select id="app-auth" name="token_endpoint_auth_method"{{#errors.token_endpoint_auth_method}} aria-invalid="true"{{/errors.token_endpoint_auth_method}}>
        <option value=""{{#flags.auth_default}} selected{{/flags.auth_default}}>Default for the client type</option>
        <option value="client_secret_basic"{{#flags.auth_client_secret_basic}} selected{{/flags.auth_client_secret_basic}}>client_secret_basic</option>
        <option value="client_secret_post"{{#flags.auth_client_secret_post}} selected{{/flags.auth_client_secret_post}}>client_secret_post</option>
        <option value="none"{{#flags.auth_none}} selected{{/flags.auth_none}}>none (public)</option>
        </select>
        {{#errors.token_endpoint_auth_method}}<span class="field-error">{{errors.token_endpoint_auth_method}}</span>{{/errors.token_endpoint_auth_method}}
        </label>
        <label for="app-alg">ID-token signature
        <select id="app-alg" name="id_token_signed_response_alg">
        <option value="ES256"{{#flags.alg_ES256}} selected{{/flags.alg_ES256}}>ES256</option>
        <option value="RS256"{{#flags.alg_RS256}} selected{{/flags.alg_RS256}}>RS256 (for relying parties without ES256)</option>
        </select>
        {{#errors.id_token_signed_response_alg}}<span class="field-error">{{errors.id_token_signed_response_alg}}</span>{{/errors.id_token_signed_response_alg}}
        </label>
        <label class="check"><input type="checkbox" name="dpop_bound_access_tokens" value="on" id="app-dpop"{{#flags.dpop}} checked{{/flags.dpop}}> Require DPoP: every token request carries a proof (RFC 9449)</label>
        <fieldset id="app-methods">
        <legend>How users sign in from a browser</legend>
        <label class="check"><input type="checkbox" name="sign_in_methods" value="passkey" id="app-method-passkey"{{#flags.method_passkey}} checked{{/flags.method_passkey}}> A passkey in the browser or on a security key</label>
        <label class="check"><input type="checkbox" name="sign_in_methods" value="cross_device" id="app-method-cross-device"{{#flags.method_cross_device}} checked{{/flags.method_cross_device}}> The app on another device (QR code)</label>
        <label class="check"><input type="checkbox" name="sign_in_methods" value="same_device" id="app-method-same-device"{{#flags.method_same_device}} checked{{/flags.method_same_device}}> The app on the same device (the invoke URL)</label>
        <label class="check"><input type="checkbox" name="sign_in_methods" value="email_code" id="app-method-email-code"{{#flags.method_email_code}} checked{{/flags.method_email_code}}> A code sent by email, in the app on the same device without a credential</label>
        {{#errors.sign_in_methods}}<span class="field-error">{{errors.sign_in_methods}}</span>{{/errors.sign_in_methods}}
        </fieldset>
        <label class="check"><input type="checkbox" name="email_code_binding" value="on" id="app-email-code-binding"{{#flags.email_code_binding}} checked{{/flags.email_code_binding}}> Let such a sign-in set up a credential on that device (a lost phone's way back)</label>
        <div class="actions"><button type="submit" id="save-application">{{#isNew}}Create application{{/isNew}}{{^isNew}}Save{{/isNew}}</button></div>
        </form>
        </section>
        {{^isNew}}
        {{#confidential}}
        <section aria-labelledby="secret-heading">
        <h2 id="secret-heading">Client secret</h2>
        {{#previousSecretExpires}}<p>The previous secret works until {{previousSecretExpires}}.</p>{{/previousSecretExpires}}
        <form method="post" action="{{href}}/rotate-secret" class="inline">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <input type="hidden" name="form_id" value="{{formID}}">
        <label for="overlap">Keep the current secret working for (seconds)
        <input id="overlap" name="overlap_seconds" value="86400" inputmode="numeric">
        </label>
        <button type="submit" class="secondary" id="rotate-secret">Rotate secret</button>
        </form>
        </section>
        {{/confidential}}
        <p class="actions"><a class="button danger" href="{{href}}/delete" id="delete-application">Delete application…</a></p>
        {{/isNew}}
        {{/main}}
        {{/layout}}
        """
}
