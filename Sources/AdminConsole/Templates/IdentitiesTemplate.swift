import IdentityServerCore

extension ConsoleTemplate {
    /// A realm's identities: search, list, create.
    package static let identitiesSource = """
        {{<layout}}
        {{$title}}Identities · {{crumbs.realmName}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{crumbs.tenantHref}}">{{crumbs.tenantName}}</a></li><li><a href="{{crumbs.realmHref}}">{{crumbs.realmName}}</a></li><li aria-current="page">Identities</li></ol>
        <h1>Identities</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <form method="get" action="{{href}}" class="inline" role="search">
        <label for="search">Username or email contains
        <input id="search" name="q" value="{{query}}" type="search">
        </label>
        <button type="submit" class="secondary" id="search-button">Search</button>
        {{#query}}<a href="{{href}}">Show all</a>{{/query}}
        </form>
        <section aria-labelledby="identities-heading">
        <h2 id="identities-heading">{{#query}}Matching “{{query}}”{{/query}}{{^query}}All identities{{/query}}</h2>
        <div class="table-wrap"><table class="stack" id="identities">
        <thead><tr><th scope="col">Username</th><th scope="col">Display name</th><th scope="col">Email</th><th scope="col">Status</th></tr></thead>
        <tbody>
        {{#identities}}<tr><td data-label="Username"><a href="{{href}}">{{username}}</a></td><td data-label="Display name">{{displayName}}</td><td data-label="Email">{{email}}</td><td data-label="Status"><span class="state {{status}}">{{status}}</span></td></tr>
        {{/identities}}
        {{^identities}}<tr><td colspan="4">No identities{{#query}} match{{/query}}.</td></tr>{{/identities}}
        </tbody></table></div>
        {{#next}}<p class="pager"><a href="{{next}}">Next page</a></p>{{/next}}
        </section>
        <section aria-labelledby="create-identity">
        <h2 id="create-identity">Create an identity</h2>
        {{#errors.form}}<p class="alert" role="alert" id="form-error">{{errors.form}}</p>{{/errors.form}}
        <form method="post" action="{{href}}" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <label for="identity-username">Username
        <input id="identity-username" name="username" value="{{values.username}}" required maxlength="128" autocomplete="off"{{#errors.username}} aria-invalid="true" aria-describedby="identity-username-error"{{/errors.username}}>
        {{#errors.username}}<span class="field-error" id="identity-username-error">{{errors.username}}</span>{{/errors.username}}
        </label>
        <label for="identity-email">Email <span class="hint">Where enrollment links are mailed.</span>
        <input id="identity-email" name="email" type="email" value="{{values.email}}" autocomplete="off"{{#errors.email}} aria-invalid="true" aria-describedby="identity-email-error"{{/errors.email}}>
        {{#errors.email}}<span class="field-error" id="identity-email-error">{{errors.email}}</span>{{/errors.email}}
        </label>
        <label for="identity-display-name">Display name <span class="hint">Defaults to the username.</span>
        <input id="identity-display-name" name="display_name" value="{{values.display_name}}" maxlength="200"{{#errors.display_name}} aria-invalid="true" aria-describedby="identity-display-name-error"{{/errors.display_name}}>
        {{#errors.display_name}}<span class="field-error" id="identity-display-name-error">{{errors.display_name}}</span>{{/errors.display_name}}
        </label>
        <div class="actions"><button type="submit" id="create-identity-button">Create identity</button></div>
        </form>
        </section>
        {{/main}}
        {{/layout}}
        """
}
