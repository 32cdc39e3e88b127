import IdentityServerCore

extension ConsoleTemplate {
    /// The tenants, and the form that creates one.
    package static let tenantsSource = """
        {{<layout}}
        {{$title}}Tenants{{/title}}
        {{$main}}
        <h1>Tenants</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <section aria-labelledby="tenants-heading">
        <h2 id="tenants-heading">All tenants</h2>
        <div class="table-wrap"><table class="stack" id="tenants">
        <thead><tr><th scope="col">Name</th><th scope="col">ID</th><th scope="col">Created</th></tr></thead>
        <tbody>
        {{#tenants}}<tr><td data-label="Name"><a href="{{href}}">{{name}}</a></td><td data-label="ID">{{id}}</td><td data-label="Created">{{created}}</td></tr>
        {{/tenants}}
        {{^tenants}}<tr><td colspan="3">No tenants yet.</td></tr>{{/tenants}}
        </tbody></table></div>
        {{#next}}<p class="pager"><a href="{{next}}">Next page</a></p>{{/next}}
        </section>
        {{#canCreate}}
        <section aria-labelledby="create-tenant">
        <h2 id="create-tenant">Create a tenant</h2>
        {{#errors.form}}<p class="alert" role="alert">{{errors.form}}</p>{{/errors.form}}
        <form method="post" action="{{chrome.root}}/tenants" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <label for="tenant-name">Display name
        <input id="tenant-name" name="display_name" value="{{values.display_name}}" required maxlength="200"{{#errors.display_name}} aria-invalid="true" aria-describedby="tenant-name-error"{{/errors.display_name}}>
        {{#errors.display_name}}<span class="field-error" id="tenant-name-error">{{errors.display_name}}</span>{{/errors.display_name}}
        </label>
        <div class="actions"><button type="submit" id="create-tenant-button">Create tenant</button></div>
        </form>
        </section>
        {{/canCreate}}
        {{/main}}
        {{/layout}}
        """
}
