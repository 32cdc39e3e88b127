import IdentityServerCore

extension ConsoleTemplate {
    /// One audit event: every field, its details as key/value rows and as indented JSON.
    package static let auditEventSource = """
        {{<layout}}
        {{$title}}{{type}}{{/title}}
        {{$main}}
        <ol class="crumbs" aria-label="Breadcrumb"><li><a href="{{chrome.root}}/audit">Audit events</a></li><li aria-current="page">{{id}}</li></ol>
        <h1>{{type}}</h1>
        <section aria-labelledby="event-heading">
        <h2 id="event-heading">Event</h2>
        <dl class="facts">
        <dt>ID</dt><dd id="event-id">{{id}}</dd>
        <dt>Type</dt><dd id="event-type">{{type}}</dd>
        <dt>Occurred (UTC)</dt><dd id="event-occurred">{{occurred}}</dd>
        <dt>Tenant</dt><dd id="event-tenant">{{#tenantHref}}<a href="{{tenantHref}}">{{tenantName}}</a> <span class="hint">{{tenantID}}</span>{{/tenantHref}}{{^tenantHref}}—{{/tenantHref}}</dd>
        <dt>Realm</dt><dd id="event-realm">{{#realmHref}}<a href="{{realmHref}}">{{realmName}}</a> <span class="hint">{{realmID}}</span>{{/realmHref}}{{^realmHref}}{{#realmID}}{{realmID}}{{/realmID}}{{^realmID}}—{{/realmID}}{{/realmHref}}</dd>
        <dt>Subject</dt><dd id="event-subject">{{#subjectHref}}{{subjectID}} (<a href="{{subjectHref}}">its events</a>){{/subjectHref}}{{^subjectHref}}—{{/subjectHref}}</dd>
        </dl>
        {{#actorHref}}<p class="actions"><a href="{{actorHref}}" id="actor-events">Events by the same admin token</a></p>{{/actorHref}}
        </section>
        <section aria-labelledby="detail-heading">
        <h2 id="detail-heading">Detail</h2>
        <div class="table-wrap"><table class="stack" id="event-detail">
        <thead><tr><th scope="col">Key</th><th scope="col">Value</th></tr></thead>
        <tbody>
        {{#detail}}<tr><td data-label="Key">{{key}}</td><td data-label="Value" id="detail-{{key}}">{{#structured}}<pre>{{value}}</pre>{{/structured}}{{^structured}}{{value}}{{/structured}}</td></tr>
        {{/detail}}
        {{^detail}}<tr><td colspan="2">No details.</td></tr>{{/detail}}
        </tbody></table></div>
        <details>
        <summary>As JSON</summary>
        <pre id="event-json">{{json}}</pre>
        </details>
        </section>
        {{/main}}
        {{/layout}}
        """
}
