import IdentityServerCore

extension ConsoleTemplate {
    /// Admin tokens: list, revoke, create.
    package static let adminTokensSource = """
        {{<layout}}
        {{$title}}Admin tokens{{/title}}
        {{$main}}
        <h1>Admin tokens</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">Tokens</h2>
        <div class="table-wrap"><table class="stack" id="admin-tokens">
        <thead><tr><th scope="col">Label</th><th scope="col">ID</th><th scope="col">Role</th><th scope="col">Scope</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col"><span class="hint">Action</span></th></tr></thead>
        <tbody>
        {{#tokens}}<tr><td data-label="Label">{{label}}</td><td data-label="ID">{{id}}</td><td data-label="Role">{{role}}</td><td data-label="Scope">{{scope}}</td><td data-label="Status"><span class="state {{status}}">{{status}}</span></td><td data-label="Created">{{created}}</td><td data-label="Expires">{{expires}}</td><td data-label="Last used">{{lastUsed}}</td><td data-label="Action">{{#revokeHref}}<a href="{{revokeHref}}">Revoke…</a>{{/revokeHref}}</td></tr>
        {{/tokens}}
        </tbody></table></div>
        {{#next}}<p class="pager"><a href="{{next}}">Next page</a></p>{{/next}}
        </section>
        <section aria-labelledby="create-token">
        <h2 id="create-token">Create a token</h2>
        {{#errors.form}}<p class="alert" role="alert" id="form-error">{{errors.form}}</p>{{/errors.form}}
        <form method="post" action="{{chrome.root}}/admin-tokens" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <input type="hidden" name="form_id" value="{{formID}}">
        <label for="token-label">Label <span class="hint">Who or what will use it; audit events name it.</span>
        <input id="token-label" name="label" value="{{values.label}}" required maxlength="200"{{#errors.label}} aria-invalid="true" aria-describedby="token-label-error"{{/errors.label}}>
        {{#errors.label}}<span class="field-error" id="token-label-error">{{errors.label}}</span>{{/errors.label}}
        </label>
        {{>role-and-scope}}
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
