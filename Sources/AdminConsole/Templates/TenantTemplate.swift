import IdentityServerCore

extension ConsoleTemplate {
    /// A tenant: rename, its realms, add a realm, delete.
    package static let tenantSource = """
        {{<layout}}
        {{$title}}{{name}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li aria-current="page">{{name}}</li></ol>
        <h1>{{name}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#errors.form}}<p class="alert" role="alert">{{errors.form}}</p>{{/errors.form}}
        <p class="actions"><a href="{{href}}/webhooks" id="tenant-webhooks">Webhooks</a></p>
        <section aria-labelledby="realms-heading">
        <h2 id="realms-heading">Realms</h2>
        <div class="table-wrap"><table class="stack" id="realms">
        <thead><tr><th scope="col">Name</th><th scope="col">Issuer</th></tr></thead>
        <tbody>
        {{#realms}}<tr><td data-label="Name"><a href="{{href}}">{{name}}</a></td><td data-label="Issuer">{{issuer}}</td></tr>
        {{/realms}}
        {{^realms}}<tr><td colspan="2">No realms yet.</td></tr>{{/realms}}
        </tbody></table></div>
        {{#next}}<p class="pager"><a href="{{next}}">Next page</a></p>{{/next}}
        </section>
        <section aria-labelledby="create-realm">
        <h2 id="create-realm">Create a realm</h2>
        <form method="post" action="{{href}}/realms" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <label for="realm-name">Display name
        <input id="realm-name" name="display_name" value="{{values.display_name}}" required maxlength="200"{{#errors.display_name}} aria-invalid="true" aria-describedby="realm-name-error"{{/errors.display_name}}>
        {{#errors.display_name}}<span class="field-error" id="realm-name-error">{{errors.display_name}}</span>{{/errors.display_name}}
        </label>
        <label for="realm-redirect">Registration redirect URI
        <span class="hint">Where enrollment links send the user: your app's universal link (https) or app scheme.</span>
        <input id="realm-redirect" name="registration_redirect_uri" value="{{values.registration_redirect_uri}}" required{{#errors.registration_redirect_uri}} aria-invalid="true" aria-describedby="realm-redirect-error"{{/errors.registration_redirect_uri}}>
        {{#errors.registration_redirect_uri}}<span class="field-error" id="realm-redirect-error">{{errors.registration_redirect_uri}}</span>{{/errors.registration_redirect_uri}}
        </label>
        <div class="actions"><button type="submit" id="create-realm-button">Create realm</button></div>
        </form>
        </section>
        <section aria-labelledby="tenant-settings">
        <h2 id="tenant-settings">Settings</h2>
        <form method="post" action="{{href}}" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <label for="tenant-rename">Display name
        <input id="tenant-rename" name="display_name" value="{{name}}" required maxlength="200">
        </label>
        <div class="actions"><button type="submit">Rename</button>
        {{#canDelete}}<a class="button danger" href="{{href}}/delete">Delete tenant…</a>{{/canDelete}}</div>
        </form>
        </section>
        {{/main}}
        {{/layout}}
        """
}
