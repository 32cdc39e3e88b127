import IdentityServerCore

extension ConsoleTemplate {
    /// A realm's provisioning tokens: list, revoke, create.
    package static let provisioningTokensSource = """
        {{<layout}}
        {{$title}}Provisioning tokens{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{crumbs.tenantHref}}">{{crumbs.tenantName}}</a></li><li><a href="{{crumbs.realmHref}}">{{crumbs.realmName}}</a></li><li aria-current="page">Provisioning tokens</li></ol>
        <h1>Provisioning tokens</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <p>A directory (Entra ID, Okta, Google Workspace, JumpCloud) provisions this realm's users and groups over SCIM 2.0 at <code id="scim-base-url">{{scimBaseURL}}</code> with one of these tokens.</p>
        <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">Tokens</h2>
        <div class="table-wrap"><table class="stack" id="provisioning-tokens">
        <thead><tr><th scope="col">Label</th><th scope="col">ID</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col"><span class="hint">Action</span></th></tr></thead>
        <tbody>
        {{#tokens}}<tr><td data-label="Label">{{label}}</td><td data-label="ID">{{id}}</td><td data-label="Status"><span class="state {{status}}">{{status}}</span></td><td data-label="Created">{{created}}</td><td data-label="Expires">{{expires}}</td><td data-label="Action">{{#revokeHref}}<a href="{{revokeHref}}" aria-label="Revoke the token {{label}}">Revoke…</a>{{/revokeHref}}</td></tr>
        {{/tokens}}
        {{^tokens}}<tr><td colspan="6">No provisioning tokens yet.</td></tr>{{/tokens}}
        </tbody></table></div>
        {{#next}}<p class="pager"><a href="{{next}}">Next page</a></p>{{/next}}
        </section>
        <section aria-labelledby="create-token">
        <h2 id="create-token">Create a token</h2>
        {{#errors.form}}<p class="alert" role="alert" id="form-error">{{errors.form}}</p>{{/errors.form}}
        <form method="post" action="{{href}}" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <input type="hidden" name="form_id" value="{{formID}}">
        <label for="token-label">Label <span class="hint">The directory that will use it; audit events name it.</span>
        <input id="token-label" name="label" value="{{values.label}}" required maxlength="200"{{#errors.label}} aria-invalid="true" aria-describedby="token-label-error"{{/errors.label}}>
        {{#errors.label}}<span class="field-error" id="token-label-error">{{errors.label}}</span>{{/errors.label}}
        </label>
        <label for="token-expiry">Expires after (days) <span class="hint">Empty: never.</span>
        <input id="token-expiry" name="expires_in_days" value="{{values.expires_in_days}}" inputmode="numeric"{{#errors.expires_in_days}} aria-invalid="true" aria-describedby="token-expiry-error"{{/errors.expires_in_days}}>
        {{#errors.expires_in_days}}<span class="field-error" id="token-expiry-error">{{errors.expires_in_days}}</span>{{/errors.expires_in_days}}
        </label>
        <div class="actions"><button type="submit" id="create-token-button">Create token</button></div>
        </form>
        </section>
        {{/main}}
        {{/layout}}
        """
}
