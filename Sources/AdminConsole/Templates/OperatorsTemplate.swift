import IdentityServerCore

extension ConsoleTemplate {
    /// Operators: list, add (their enrollment link shown once).
    package static let operatorsSource = """
        {{<layout}}
        {{$title}}Operators{{/title}}
        {{$main}}
        <h1>Operators</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <section aria-labelledby="operators-heading">
        <h2 id="operators-heading">People who sign in to this console</h2>
        <div class="table-wrap"><table class="stack" id="operators">
        <thead><tr><th scope="col">Username</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Scope</th><th scope="col">Status</th></tr></thead>
        <tbody>
        {{#operators}}<tr><td data-label="Username"><a href="{{href}}">{{username}}</a></td><td data-label="Name">{{name}}</td><td data-label="Role">{{role}}</td><td data-label="Scope">{{scope}}</td><td data-label="Status"><span class="state {{status}}">{{status}}</span></td></tr>
        {{/operators}}
        </tbody></table></div>
        {{#next}}<p class="pager"><a href="{{next}}">Next page</a></p>{{/next}}
        </section>
        <section aria-labelledby="add-operator">
        <h2 id="add-operator">Add an operator</h2>
        {{#errors.form}}<p class="alert" role="alert" id="form-error">{{errors.form}}</p>{{/errors.form}}
        <form method="post" action="{{chrome.root}}/operators" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <input type="hidden" name="form_id" value="{{formID}}">
        <label for="operator-username">Username
        <input id="operator-username" name="username" value="{{values.username}}" required maxlength="128" autocomplete="off"{{#errors.username}} aria-invalid="true" aria-describedby="operator-username-error"{{/errors.username}}>
        {{#errors.username}}<span class="field-error" id="operator-username-error">{{errors.username}}</span>{{/errors.username}}
        </label>
        <label for="operator-email">Email <span class="hint">Optional.</span>
        <input id="operator-email" name="email" type="email" value="{{values.email}}"{{#errors.email}} aria-invalid="true" aria-describedby="operator-email-error"{{/errors.email}}>
        {{#errors.email}}<span class="field-error" id="operator-email-error">{{errors.email}}</span>{{/errors.email}}
        </label>
        {{>role-and-scope}}
        <div class="actions"><button type="submit" id="add-operator-button">Add operator</button></div>
        </form>
        </section>
        {{/main}}
        {{/layout}}
        """

    /// One operator: their role and scope, their console sessions (each can be ended).
    package static let operatorSource = """
        {{<layout}}
        {{$title}}{{person.username}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/operators">Operators</a></li><li aria-current="page">{{person.username}}</li></ol>
        <h1>{{person.username}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <dl class="facts"><dt>Name</dt><dd>{{person.name}}</dd><dt>Role</dt><dd id="operator-role-now">{{person.role}}</dd><dt>Scope</dt><dd>{{person.scope}}</dd><dt>Status</dt><dd>{{person.status}}</dd></dl>
        <p class="actions"><a href="{{identityHref}}" id="operator-identity">Suspend, enrollment links and passkeys</a></p>
        <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Console sessions</h2>
        <div class="table-wrap"><table class="stack" id="operator-sessions">
        <thead><tr><th scope="col">Signed in</th><th scope="col">Last seen</th><th scope="col">From</th><th scope="col"><span class="hint">Action</span></th></tr></thead>
        <tbody>
        {{#sessions}}<tr><td data-label="Signed in">{{signedIn}}</td><td data-label="Last seen">{{lastSeen}}</td><td data-label="From">{{from}}</td><td data-label="Action"><form method="post" action="{{endAction}}"><input type="hidden" name="csrf" value="{{chrome.csrf}}"><button type="submit" class="secondary">End</button></form></td></tr>
        {{/sessions}}
        {{^sessions}}<tr><td colspan="4">No open session.</td></tr>{{/sessions}}
        </tbody></table></div>
        </section>
        <section aria-labelledby="change-role">
        <h2 id="change-role">Change the role</h2>
        {{#errors.form}}<p class="alert" role="alert" id="form-error">{{errors.form}}</p>{{/errors.form}}
        <form method="post" action="{{person.href}}" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        {{>role-and-scope}}
        <div class="actions"><button type="submit" id="change-role-button">Save</button></div>
        </form>
        </section>
        {{/main}}
        {{/layout}}
        """
}
