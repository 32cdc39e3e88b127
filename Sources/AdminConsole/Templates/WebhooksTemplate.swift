import IdentityServerCore

extension ConsoleTemplate {
    /// A tenant's webhook endpoints.
    package static let webhooksSource = """
        {{<layout}}
        {{$title}}Webhooks of {{tenantName}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{tenantHref}}">{{tenantName}}</a></li><li aria-current="page">Webhooks</li></ol>
        <h1>Webhooks of {{tenantName}}</h1>
        <p>Signed events (the Standard Webhooks format) sent to these endpoints. Create, change and rotate them with the admin API or <code>bi admin webhooks</code>.</p>
        <div class="table-wrap"><table class="stack" id="webhooks">
        <thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Created (UTC)</th></tr></thead>
        <tbody>
        {{#endpoints}}<tr><td data-label="URL"><a href="{{href}}">{{url}}</a>{{#description}}<br><span class="hint">{{description}}</span>{{/description}}</td><td data-label="Events">{{events}}</td><td data-label="State">{{state}}</td><td data-label="Created (UTC)">{{created}}</td></tr>
        {{/endpoints}}
        {{^endpoints}}<tr><td colspan="4">No webhook endpoints.</td></tr>{{/endpoints}}
        </tbody></table></div>
        {{#next}}<p class="actions"><a href="{{next}}" rel="next">Next page</a></p>{{/next}}
        {{/main}}
        {{/layout}}
        """

    /// One webhook endpoint and its latest deliveries.
    package static let webhookSource = """
        {{<layout}}
        {{$title}}{{url}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/tenants">Tenants</a></li><li><a href="{{tenantHref}}">{{tenantName}}</a></li><li><a href="{{webhooksHref}}">Webhooks</a></li><li aria-current="page">{{url}}</li></ol>
        <h1>{{url}}</h1>
        <dl class="facts">
        <dt>ID</dt><dd id="webhook-id">{{id}}</dd>
        <dt>Description</dt><dd id="webhook-description">{{#description}}{{description}}{{/description}}{{^description}}—{{/description}}</dd>
        <dt>Events</dt><dd id="webhook-events">{{events}}</dd>
        <dt>State</dt><dd id="webhook-state">{{state}}</dd>
        </dl>
        <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Deliveries</h2>
        <div class="table-wrap"><table class="stack" id="deliveries">
        <thead><tr><th scope="col">Event</th><th scope="col">Occurred (UTC)</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Next attempt (UTC)</th></tr></thead>
        <tbody>
        {{#deliveries}}<tr><td data-label="Event">{{type}}<br><span class="hint">{{messageID}}</span></td><td data-label="Occurred (UTC)">{{occurred}}</td><td data-label="Status">{{status}}</td><td data-label="Attempts">{{attempts}}</td><td data-label="Last answer">{{lastStatus}}</td><td data-label="Next attempt (UTC)">{{next}}</td></tr>
        {{/deliveries}}
        {{^deliveries}}<tr><td colspan="6">Nothing delivered yet.</td></tr>{{/deliveries}}
        </tbody></table></div>
        {{#nextPage}}<p class="actions"><a href="{{nextPage}}" rel="next">Older deliveries</a></p>{{/nextPage}}
        </section>
        {{/main}}
        {{/layout}}
        """
}
