import IdentityServerCore

extension ConsoleTemplate {
    /// A realm's identities: create, filter, list a page at a time.
    package static let identitiesSource = """
        {{<layout}}
        {{$title}}Identities · {{crumbs.realmName}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{crumbs.tenantHref}}">{{crumbs.tenantName}}</a></li><li><a href="{{crumbs.realmHref}}">{{crumbs.realmName}}</a></li><li aria-current="page">Identities</li></ol>
        <h1>Identities</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <details class="panel" id="create-panel"{{#creating}} open{{/creating}}>
        <summary id="create-identity">Create an identity</summary>
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
        </details>
        <form method="get" action="{{href}}" class="filters" role="search" id="identity-filters">
        <label for="search">Username or email contains
        <input id="search" name="q" value="{{text}}" type="search" maxlength="200">
        </label>
        <label for="status-filter">Status
        <select id="status-filter" name="status">{{#statuses}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/statuses}}</select>
        </label>
        <label for="order">Order
        <select id="order" name="order">{{#orders}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/orders}}</select>
        </label>
        <label for="page-size">Show
        <select id="page-size" name="page_size">{{#sizes}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/sizes}}</select>
        </label>
        <div class="actions"><button type="submit" class="secondary" id="search-button">Apply</button>
        {{#filtered}}<a href="{{href}}" id="show-all">Show all</a>{{/filtered}}</div>
        </form>
        <section aria-labelledby="identities-heading">
        <h2 id="identities-heading"><span id="identity-total">{{total}}</span> {{#filtered}}matching{{/filtered}} identities</h2>
        {{#hasIdentities}}
        <div class="table-wrap"><table class="stack" id="identities">
        <thead><tr><th scope="col">Username</th><th scope="col">Display name</th><th scope="col">Email</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
        <tbody>
        {{/hasIdentities}}
        {{#identities}}<tr><td data-label="Username"><a href="{{href}}">{{username}}</a></td><td data-label="Display name">{{displayName}}</td><td data-label="Email">{{email}}</td><td data-label="Status"><span class="state {{status}}">{{status}}</span></td><td data-label="Created">{{created}}</td></tr>
        {{/identities}}
        {{#hasIdentities}}
        </tbody></table></div>
        {{/hasIdentities}}
        {{^identities}}
        {{#filtered}}<p class="empty" id="empty">No identity matches these filters. <a href="{{href}}">Show all identities</a>.</p>{{/filtered}}
        {{^filtered}}<p class="empty" id="empty">No identities in this realm yet. Create one above and send it an enrollment link from its page, or let your directory provision users through <a href="{{scimHref}}">SCIM</a>.</p>{{/filtered}}
        {{/identities}}
        {{#previous}}<p class="pager"><a href="{{previous}}" id="previous-page" rel="prev">Previous page</a>{{/previous}}{{^previous}}<p class="pager">{{/previous}}
        {{#next}} <a href="{{next}}" id="next-page" rel="next">Next page</a>{{/next}}</p>
        </section>
        {{/main}}
        {{/layout}}
        """
}
