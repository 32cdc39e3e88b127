import IdentityServerCore

extension ConsoleTemplate {
    /// A tenant's webhook endpoints, and the form that creates one.
    package static let webhooksSource = """
        {{<layout}}
        {{$title}}Webhooks of {{tenantName}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{tenantHref}}">{{tenantName}}</a></li><li aria-current="page">Webhooks</li></ol>
        <h1>Webhooks of {{tenantName}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <p>Signed events (the Standard Webhooks format) sent to these endpoints.</p>
        <details class="panel" id="create-panel"{{#creating}} open{{/creating}}>
        <summary id="new-webhook">New endpoint</summary>
        {{#errors.form}}<p class="alert" role="alert" id="form-error">{{errors.form}}</p>{{/errors.form}}
        <form method="post" action="{{href}}" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <input type="hidden" name="form_id" value="{{formID}}">
        {{>webhook-fields}}
        <div class="actions"><button type="submit" id="create-webhook">Create endpoint</button></div>
        </form>
        </details>
        <div class="table-wrap"><table class="stack" id="webhooks">
        <thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Created (UTC)</th></tr></thead>
        <tbody>
        {{#endpoints}}<tr><td data-label="URL"><a href="{{href}}">{{url}}</a>{{#description}}<br><span class="hint">{{description}}</span>{{/description}}</td><td data-label="Events">{{events}}</td><td data-label="State">{{state}}</td><td data-label="Created (UTC)">{{created}}</td></tr>
        {{/endpoints}}
        {{^endpoints}}<tr><td colspan="4">No webhook endpoints yet: create one above.</td></tr>{{/endpoints}}
        </tbody></table></div>
        {{#next}}<p class="actions"><a href="{{next}}" rel="next">Next page</a></p>{{/next}}
        {{/main}}
        {{/layout}}
        """

    /// A webhook endpoint's fields (URL, description, events), in the create and edit forms.
    package static let webhookFieldsSource = """
        <label for="webhook-url">URL <span class="hint">https (or http with webhooks.allow_private_targets).</span>
        <input id="webhook-url" name="url" value="{{form.url}}" required maxlength="2048"{{#errors.url}} aria-invalid="true" aria-describedby="webhook-url-error"{{/errors.url}}>
        {{#errors.url}}<span class="field-error" id="webhook-url-error">{{errors.url}}</span>{{/errors.url}}
        </label>
        <label for="webhook-description">Description
        <input id="webhook-description" name="description" value="{{form.description}}" maxlength="200"{{#errors.description}} aria-invalid="true" aria-describedby="webhook-description-error"{{/errors.description}}>
        {{#errors.description}}<span class="field-error" id="webhook-description-error">{{errors.description}}</span>{{/errors.description}}
        </label>
        <fieldset class="events">
        <legend>Events</legend>
        {{#form.events}}<label class="check"><input type="checkbox" name="events" value="{{type}}" id="{{id}}"{{#checked}} checked{{/checked}}> {{type}}</label>
        {{/form.events}}
        {{#errors.events}}<span class="field-error">{{errors.events}}</span>{{/errors.events}}
        </fieldset>
        """

    /// One webhook endpoint: its settings and actions, and its latest deliveries.
    package static let webhookSource = """
        {{<layout}}
        {{$title}}{{url}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{tenantHref}}">{{tenantName}}</a></li><li><a href="{{webhooksHref}}">Webhooks</a></li><li aria-current="page">{{url}}</li></ol>
        <h1>{{url}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#errors.form}}<p class="alert" role="alert" id="form-error">{{errors.form}}</p>{{/errors.form}}
        <dl class="facts">
        <dt>ID</dt><dd id="webhook-id">{{id}}</dd>
        <dt>Description</dt><dd id="webhook-description-shown">{{#description}}{{description}}{{/description}}{{^description}}—{{/description}}</dd>
        <dt>Events</dt><dd id="webhook-events">{{events}}</dd>
        <dt>State</dt><dd id="webhook-state">{{state}}</dd>
        {{#previousSecretExpires}}<dt>Previous secret</dt><dd>signs too until {{previousSecretExpires}}</dd>{{/previousSecretExpires}}
        </dl>
        <div class="actions">
        <form method="post" action="{{href}}/test" class="inline"><input type="hidden" name="csrf" value="{{chrome.csrf}}"><button type="submit" class="secondary" id="send-test">Send a test event</button></form>
        {{#enabled}}<form method="post" action="{{href}}/disable" class="inline"><input type="hidden" name="csrf" value="{{chrome.csrf}}"><button type="submit" class="secondary" id="disable-webhook">Disable</button></form>{{/enabled}}
        {{^enabled}}<form method="post" action="{{href}}/enable" class="inline"><input type="hidden" name="csrf" value="{{chrome.csrf}}"><button type="submit" class="secondary" id="enable-webhook">Enable</button></form>{{/enabled}}
        <a class="button danger" href="{{href}}/delete" id="delete-webhook">Delete…</a>
        </div>
        <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Deliveries</h2>
        <div class="table-wrap"><table class="stack" id="deliveries">
        <thead><tr><th scope="col">Event</th><th scope="col">Occurred (UTC)</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Next attempt (UTC)</th></tr></thead>
        <tbody>
        {{#deliveries}}<tr><td data-label="Event">{{type}}<br><span class="hint">{{messageID}}</span></td><td data-label="Occurred (UTC)">{{occurred}}</td><td data-label="Status">{{status}}{{#replay}}<form method="post" action="{{replay}}" class="inline"><input type="hidden" name="csrf" value="{{chrome.csrf}}"><button type="submit" class="link">Replay</button></form>{{/replay}}</td><td data-label="Attempts">{{attempts}}</td><td data-label="Last answer" class="answer">{{lastAnswer}}</td><td data-label="Next attempt (UTC)">{{next}}</td></tr>
        {{/deliveries}}
        {{^deliveries}}<tr><td colspan="6">Nothing delivered yet.</td></tr>{{/deliveries}}
        </tbody></table></div>
        {{#nextPage}}<p class="actions"><a href="{{nextPage}}" rel="next">Older deliveries</a></p>{{/nextPage}}
        </section>
        <section aria-labelledby="edit-heading">
        <h2 id="edit-heading">Settings</h2>
        <form method="post" action="{{href}}" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        {{>webhook-fields}}
        <div class="actions"><button type="submit" id="save-webhook">Save</button></div>
        </form>
        </section>
        <section aria-labelledby="rotate-heading">
        <h2 id="rotate-heading">Signing secret</h2>
        <form method="post" action="{{href}}/rotate-secret" class="stacked">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <input type="hidden" name="form_id" value="{{formID}}">
        <label for="overlap">The current secret keeps signing for
        <select id="overlap" name="overlap_seconds">
        <option value="0">no time: it stops at once</option>
        <option value="3600">an hour</option>
        <option value="86400" selected>a day</option>
        <option value="604800">a week</option>
        </select>
        </label>
        <div class="actions"><button type="submit" class="secondary" id="rotate-secret">Rotate the secret</button></div>
        </form>
        </section>
        {{/main}}
        {{/layout}}
        """
}
