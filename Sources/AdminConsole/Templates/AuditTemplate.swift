import IdentityServerCore

extension ConsoleTemplate {
    /// The audit log: a filter form sent by `GET` (so a filtered list is a link), then the
    /// matching events, newest first, with a link to the next page that keeps the filters. A
    /// time field in error is a text field, so that a browser shows what was typed instead of
    /// dropping a value its date picker cannot hold.
    package static let auditSource = """
        {{<layout}}
        {{$title}}Audit events{{/title}}
        {{$main}}
        <h1>Audit events</h1>
        <details class="panel" id="filter-panel"{{#filtered}} open{{/filtered}}{{^listed}} open{{/listed}}>
        <summary id="filter-heading">Filter</summary>
        <form method="get" action="{{chrome.root}}/audit" class="filters" id="audit-filter">
        <label for="filter-type">Type
        <span class="hint">One type, or every type of a family</span>
        <select id="filter-type" name="type"{{#errors.type}} aria-invalid="true" aria-describedby="filter-type-error"{{/errors.type}}>
        <option value="">Any type</option>
        {{#otherType}}<option value="{{otherType}}" selected>{{otherType}}</option>{{/otherType}}
        {{#typeFamilies}}<optgroup label="{{prefix}}"><option value="{{prefix}}"{{#selected}} selected{{/selected}}>All {{prefix}}* events</option>{{#types}}<option value="{{type}}"{{#selected}} selected{{/selected}}>{{type}}</option>{{/types}}</optgroup>
        {{/typeFamilies}}
        </select>
        {{#errors.type}}<span class="field-error" id="filter-type-error">{{errors.type}}</span>{{/errors.type}}
        </label>
        <label for="filter-subject">Identity or subject
        <span class="hint">An identity's username or id, or the id of what an event is about</span>
        <input id="filter-subject" name="subject" value="{{values.subject}}" maxlength="200" autocomplete="off"{{#errors.subject}} aria-invalid="true" aria-describedby="filter-subject-error"{{/errors.subject}}{{#choosing}} aria-describedby="subject-choices-heading"{{/choosing}}>
        {{#errors.subject}}<span class="field-error" id="filter-subject-error">{{errors.subject}}</span>{{/errors.subject}}
        </label>
        <label for="filter-actor">Admin token
        <span class="hint">The id of the admin token that acted</span>
        <input id="filter-actor" name="actor" value="{{values.actor}}" maxlength="200" autocomplete="off"{{#errors.actor}} aria-invalid="true" aria-describedby="filter-actor-error"{{/errors.actor}}>
        {{#errors.actor}}<span class="field-error" id="filter-actor-error">{{errors.actor}}</span>{{/errors.actor}}
        </label>
        <label for="filter-from">From (UTC)
        <span class="hint">At this time or later; a date alone starts at its midnight</span>
        <input id="filter-from" name="from" type="{{^errors.from}}datetime-local{{/errors.from}}{{#errors.from}}text{{/errors.from}}" value="{{values.from}}"{{#errors.from}} aria-invalid="true" aria-describedby="filter-from-error"{{/errors.from}}>
        {{#errors.from}}<span class="field-error" id="filter-from-error">{{errors.from}}</span>{{/errors.from}}
        </label>
        <label for="filter-until">Until (UTC)
        <span class="hint">Before this time; a date alone includes the whole day</span>
        <input id="filter-until" name="until" type="{{^errors.until}}datetime-local{{/errors.until}}{{#errors.until}}text{{/errors.until}}" value="{{values.until}}"{{#errors.until}} aria-invalid="true" aria-describedby="filter-until-error"{{/errors.until}}>
        {{#errors.until}}<span class="field-error" id="filter-until-error">{{errors.until}}</span>{{/errors.until}}
        </label>
        {{#values.page_size}}<input type="hidden" name="page_size" value="{{values.page_size}}">{{/values.page_size}}
        <div class="actions"><button type="submit" id="apply-filter">Show events</button><a class="button secondary" href="{{chrome.root}}/audit" id="clear-filter">Clear</a></div>
        </form>
        {{#errors.page_size}}<p class="alert" role="alert" id="filter-page-size-error">{{errors.page_size}}</p>{{/errors.page_size}}
        {{#errors.cursor}}<p class="alert" role="alert" id="filter-cursor-error">{{errors.cursor}}</p>{{/errors.cursor}}
        </details>
        {{#choosing}}
        <section class="panel" aria-labelledby="subject-choices-heading" id="subject-choices">
        <h2 id="subject-choices-heading">“{{values.subject}}” is the username of identities in several realms: choose one</h2>
        <ul>{{#subjectChoices}}<li><a href="{{eventsHref}}">Events of {{username}} in {{realm}}</a> <span class="hint">(<a href="{{href}}" title="The identity's page">{{id}}</a>)</span></li>
        {{/subjectChoices}}</ul>
        </section>
        {{/choosing}}
        {{#listed}}
        <section aria-labelledby="events-heading">
        <h2 id="events-heading">{{#filtered}}Matching events{{/filtered}}{{^filtered}}All events{{/filtered}}, newest first</h2>
        {{#subjectIdentity}}<p id="subject-identity">Events about <a href="{{href}}"><strong>{{username}}</strong></a> of {{realm}} <span class="hint">({{id}})</span></p>{{/subjectIdentity}}
        <div class="table-wrap"><table class="stack" id="audit-events">
        <thead><tr><th scope="col">Time (UTC)</th><th scope="col">Type</th><th scope="col">Tenant / realm</th><th scope="col">Subject</th><th scope="col">Actor</th></tr></thead>
        <tbody>
        {{#events}}<tr id="event-{{id}}"><td data-label="Time (UTC)"><a href="{{href}}">{{occurred}}</a></td><td data-label="Type">{{type}}</td><td data-label="Tenant / realm">{{#tenant}}{{tenant}}{{/tenant}}{{^tenant}}—{{/tenant}}{{#realmHref}} / <a href="{{realmHref}}" title="Realm {{realmID}}">{{realm}}</a>{{/realmHref}}</td><td data-label="Subject">{{#subjectHref}}{{#subjectName}}<strong class="subject-name">{{subjectName}}</strong><br>{{/subjectName}}<a href="{{subjectHref}}" title="Events about {{subjectID}}">{{subjectID}}</a>{{/subjectHref}}{{^subjectHref}}—{{/subjectHref}}</td><td data-label="Actor">{{#actorHref}}<a href="{{actorHref}}" title="Events by this admin token">{{actor}}</a>{{/actorHref}}{{^actorHref}}{{#actor}}{{actor}}{{/actor}}{{^actor}}—{{/actor}}{{/actorHref}}</td></tr>
        {{/events}}
        {{^events}}<tr><td colspan="5">{{#filtered}}No events match these filters.{{/filtered}}{{^filtered}}No events yet.{{/filtered}}</td></tr>{{/events}}
        </tbody></table></div>
        <p class="pager">{{#newest}}<a href="{{newest}}" id="newest-page">Newest events</a>{{/newest}}{{#next}}<a href="{{next}}" id="next-page">Next page</a>{{/next}}</p>
        </section>
        {{/listed}}
        {{/main}}
        {{/layout}}
        """
}
