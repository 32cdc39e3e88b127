import IdentityServerCore

extension ConsoleTemplate {
    /// One identity: facts, status, enrollment links, credentials, sessions, settings.
    package static let identitySource = """
        {{<layout}}
        {{$title}}{{displayName}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{crumbs.tenantHref}}">{{crumbs.tenantName}}</a></li><li><a href="{{crumbs.realmHref}}">{{crumbs.realmName}}</a></li><li><a href="{{crumbs.realmHref}}/identities">Identities</a></li><li aria-current="page">{{username}}</li></ol>
        <h1 id="identity-name">{{displayName}}</h1>
        {{#notice}}<p class="notice" role="status" id="notice">{{notice}}</p>{{/notice}}
        {{#errors.form}}<p class="alert" role="alert" id="form-error">{{errors.form}}</p>{{/errors.form}}
        <dl class="facts"><dt>Username</dt><dd>{{username}}</dd><dt>Email</dt><dd>{{email}}</dd>
        <dt>Status</dt><dd><span class="state {{status}}" id="identity-status">{{status}}</span></dd><dt>Groups</dt><dd id="identity-groups">{{#groups}}<span class="state">{{.}}</span> {{/groups}}{{^groups}}none{{/groups}}</dd><dt>Created</dt><dd>{{created}}</dd><dt>ID</dt><dd>{{id}}</dd></dl>
        <p><a href="{{chrome.root}}/audit?subject={{id}}" id="identity-events">Audit events about this identity</a></p>
        {{^isDeleted}}
        <div class="actions">
        {{#isActive}}<form method="post" action="{{href}}/suspend" class="inline"><input type="hidden" name="csrf" value="{{chrome.csrf}}"><button type="submit" class="secondary" id="suspend">Suspend</button></form>{{/isActive}}
        {{#isSuspended}}<form method="post" action="{{href}}/reactivate" class="inline"><input type="hidden" name="csrf" value="{{chrome.csrf}}"><button type="submit" class="secondary" id="reactivate">Reactivate</button></form>{{/isSuspended}}
        <a class="button danger" href="{{href}}/delete" id="delete-identity">Delete…</a>
        </div>
        {{/isDeleted}}
        {{#isActive}}
        <section aria-labelledby="link-heading">
        <h2 id="link-heading">Send an enrollment link</h2>
        <form method="post" action="{{href}}/binding-jobs" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <input type="hidden" name="form_id" value="{{formID}}">
        <fieldset><legend>Kind</legend>
        <label class="check"><input type="radio" name="kind" value="registration" id="kind-registration" checked> Registration: a first credential</label>
        <label class="check"><input type="radio" name="kind" value="recovery" id="kind-recovery"> Recovery: replaces the user's credentials</label>
        <label class="check"><input type="checkbox" name="keep_other_credentials" value="on" id="keep-others"> For recovery: keep the other credentials</label>
        </fieldset>
        <fieldset><legend>Delivery</legend>
        <label class="check"><input type="radio" name="delivery" value="email" id="delivery-email" checked> Email it to {{email}}</label>
        <label class="check"><input type="radio" name="delivery" value="return" id="delivery-return"> Show the link once here</label>
        </fieldset>
        <label for="link-lifetime">Works for
        <select id="link-lifetime" name="lifetime">
        <option value="">the server's default</option>
        <option value="1h">an hour</option>
        <option value="1d">a day</option>
        <option value="7d">a week</option>
        <option value="30d">30 days</option>
        </select>
        </label>
        {{#errors.kind}}<p class="field-error">{{errors.kind}}</p>{{/errors.kind}}
        {{#errors.lifetime_seconds}}<p class="field-error">{{errors.lifetime_seconds}}</p>{{/errors.lifetime_seconds}}
        <div class="actions"><button type="submit" id="send-link">Create link</button></div>
        </form>
        </section>
        {{/isActive}}
        <section aria-labelledby="credentials-heading">
        <h2 id="credentials-heading">Credentials</h2>
        <div class="table-wrap"><table class="stack" id="credentials">
        <thead><tr><th scope="col">Device</th><th scope="col">State</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="hint">Action</span></th></tr></thead>
        <tbody>
        {{#credentials}}<tr data-credential="{{id}}"><td data-label="Device">{{deviceName}}</td><td data-label="State"><span class="state {{state}}">{{state}}</span></td><td data-label="Created">{{created}}</td><td data-label="Last used">{{lastUsed}}</td><td data-label="Action">{{#revokeHref}}<a href="{{revokeHref}}" class="revoke-credential" aria-label="Revoke the credential on {{deviceName}}">Revoke…</a>{{/revokeHref}}</td></tr>
        {{/credentials}}
        {{^credentials}}<tr><td colspan="5">No credentials yet: send an enrollment link.</td></tr>{{/credentials}}
        </tbody></table></div>
        </section>
        <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Sessions</h2>
        <div class="table-wrap"><table class="stack" id="sessions">
        <thead><tr><th scope="col">Application</th><th scope="col">State</th><th scope="col">Started</th><th scope="col">Ends</th><th scope="col"><span class="hint">Action</span></th></tr></thead>
        <tbody>
        {{#sessions}}<tr><td data-label="Application">{{client}}</td><td data-label="State"><span class="state {{state}}">{{state}}</span></td><td data-label="Started">{{created}}</td><td data-label="Ends">{{expires}}</td><td data-label="Action">{{#revokeHref}}<a href="{{revokeHref}}" class="revoke-session" aria-label="End the session of {{client}} started {{created}}">End…</a>{{/revokeHref}}</td></tr>
        {{/sessions}}
        {{^sessions}}<tr><td colspan="5">No sessions.</td></tr>{{/sessions}}
        </tbody></table></div>
        </section>
        <section aria-labelledby="jobs-heading">
        <h2 id="jobs-heading">Enrollment links</h2>
        <p class="hint">Each link works once, until it expires or is revoked; links are independent: a new one leaves earlier ones usable until then.</p>
        <div class="table-wrap"><table class="stack" id="binding-jobs">
        <thead><tr><th scope="col">Kind</th><th scope="col">Delivery</th><th scope="col">Status</th><th scope="col">Mail</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
        <tbody>
        {{#jobs}}<tr><td data-label="Kind">{{kind}}</td><td data-label="Delivery">{{delivery}}</td><td data-label="Status"><span class="state {{status}}">{{status}}</span></td><td data-label="Mail">{{mail}}</td><td data-label="Created">{{created}}</td><td data-label="Expires">{{expires}}</td><td data-label="Action">{{#revokeHref}}<form method="post" action="{{revokeHref}}" class="inline"><input type="hidden" name="csrf" value="{{chrome.csrf}}"><button type="submit" class="link">Revoke</button></form>{{/revokeHref}}</td></tr>
        {{/jobs}}
        {{^jobs}}<tr><td colspan="7">None.</td></tr>{{/jobs}}
        </tbody></table></div>
        </section>
        {{^isDeleted}}
        <section aria-labelledby="identity-settings">
        <h2 id="identity-settings">Settings</h2>
        <form method="post" action="{{href}}" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <label for="identity-display-name">Display name
        <input id="identity-display-name" name="display_name" value="{{displayName}}" required maxlength="200"{{#errors.display_name}} aria-invalid="true" aria-describedby="identity-display-name-error"{{/errors.display_name}}>
        {{#errors.display_name}}<span class="field-error" id="identity-display-name-error">{{errors.display_name}}</span>{{/errors.display_name}}
        </label>
        <label for="identity-email">Email
        <input id="identity-email" name="email" type="email" value="{{email}}"{{#errors.email}} aria-invalid="true" aria-describedby="identity-email-error"{{/errors.email}}>
        {{#errors.email}}<span class="field-error" id="identity-email-error">{{errors.email}}</span>{{/errors.email}}
        </label>
        <label for="identity-username">Username
        <input id="identity-username" name="username" value="{{username}}" required maxlength="128"{{#errors.username}} aria-invalid="true" aria-describedby="identity-username-error"{{/errors.username}}>
        {{#errors.username}}<span class="field-error" id="identity-username-error">{{errors.username}}</span>{{/errors.username}}
        </label>
        <div class="actions"><button type="submit" id="save-identity">Save</button></div>
        </form>
        </section>
        {{/isDeleted}}
        {{/main}}
        {{/layout}}
        """
}
