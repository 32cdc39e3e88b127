import IdentityServerCore

extension ConsoleTemplate {
    /// The home page: sign-ins as charts (each with its numbers as a table), refusals by
    /// reason, and the realms' active identities and credentials.
    package static let dashboardSource = """
        {{<layout}}
        {{$title}}Dashboard{{/title}}
        {{$main}}
        <h1>Dashboard</h1>
        <p class="hint">As of {{asOf}}. A sign-in is a device's answer to a sign-in request: succeeded (a code was issued) or refused.</p>
        <section aria-labelledby="totals-heading">
        <h2 id="totals-heading">At a glance</h2>
        <div class="stats">
        <p class="stat">Sign-ins succeeded, last 24 hours<strong id="day-succeeded">{{daySucceeded}}</strong></p>
        <p class="stat">Sign-ins refused, last 24 hours<strong id="day-refused">{{dayRefused}}</strong></p>
        <p class="stat">Sign-ins succeeded, last 7 days<strong id="week-succeeded">{{weekSucceeded}}</strong></p>
        <p class="stat">Sign-ins refused, last 7 days<strong id="week-refused">{{weekRefused}}</strong></p>
        <p class="stat">Active identities<strong id="active-identities">{{activeIdentities}}</strong></p>
        <p class="stat">Active credentials<strong id="active-credentials">{{activeCredentials}}</strong></p>
        <p class="stat">Of them passkeys<strong id="active-passkeys">{{activePasskeys}}</strong></p>
        </div>
        </section>
        {{#charts}}
        <section aria-labelledby="{{id}}-heading">
        <h2 id="{{id}}-heading">{{title}}</h2>
        <p class="legend">{{#series}}<span class="{{className}}">{{name}}</span>{{/series}}<span class="hint">Times in UTC</span></p>
        <svg class="chart" id="{{id}}" viewBox="0 0 {{width}} {{height}}" role="img" aria-labelledby="{{id}}-title {{id}}-desc">
        <title id="{{id}}-title">{{title}}</title>
        <desc id="{{id}}-desc">{{summary}}</desc>
        <line class="grid" x1="{{plotLeft}}" y1="{{plotTop}}" x2="{{plotRight}}" y2="{{plotTop}}"/>
        <line class="axis" x1="{{plotLeft}}" y1="{{baseline}}" x2="{{plotRight}}" y2="{{baseline}}"/>
        <text x="{{axisX}}" y="{{maxLabelY}}" text-anchor="end">{{scaleMax}}</text>
        <text x="{{axisX}}" y="{{baseline}}" text-anchor="end">0</text>
        {{#bars}}<rect class="{{className}}" x="{{x}}" y="{{y}}" width="{{width}}" height="{{height}}"><title>{{title}}</title></rect>
        {{/bars}}
        {{#ticks}}<text x="{{x}}" y="{{tickY}}" text-anchor="middle">{{text}}</text>
        {{/ticks}}
        </svg>
        <details>
        <summary>The same numbers as a table</summary>
        <div class="table-wrap"><table class="stack" id="{{id}}-table">
        <thead><tr><th scope="col">Period (UTC)</th>{{#series}}<th scope="col">{{name}}</th>{{/series}}</tr></thead>
        <tbody>
        {{#rows}}<tr><td data-label="Period (UTC)">{{label}}</td>{{#cells}}<td data-label="{{name}}">{{value}}</td>{{/cells}}</tr>
        {{/rows}}
        </tbody></table></div>
        </details>
        </section>
        {{/charts}}
        <section aria-labelledby="refusals-heading">
        <h2 id="refusals-heading">Refused sign-ins by reason</h2>
        <div class="table-wrap"><table class="stack" id="refusals">
        <thead><tr><th scope="col">Reason</th><th scope="col">Last 24 hours</th><th scope="col">Last 7 days</th></tr></thead>
        <tbody>
        {{#reasons}}<tr><td data-label="Reason">{{reason}}</td><td data-label="Last 24 hours" id="refusals-{{reason}}-day">{{day}}</td><td data-label="Last 7 days" id="refusals-{{reason}}-week">{{week}}</td></tr>
        {{/reasons}}
        {{^reasons}}<tr><td colspan="3">No sign-in was refused in the last 7 days.</td></tr>{{/reasons}}
        </tbody></table></div>
        <p class="pager"><a href="{{chrome.root}}/audit?type=authentication.refused" id="refusals-audit">Refused sign-ins in the audit log</a></p>
        </section>
        <section aria-labelledby="realms-heading">
        <h2 id="realms-heading">Realms</h2>
        <div class="table-wrap"><table class="stack" id="realms">
        <thead><tr><th scope="col">Tenant</th><th scope="col">Realm</th><th scope="col">Active identities</th><th scope="col">Active credentials</th><th scope="col">Passkeys</th></tr></thead>
        <tbody>
        {{#realms}}<tr><td data-label="Tenant"><a href="{{tenantHref}}">{{tenantName}}</a></td><td data-label="Realm"><a href="{{href}}">{{name}}</a></td><td data-label="Active identities" id="realm-{{id}}-identities">{{identities}}</td><td data-label="Active credentials" id="realm-{{id}}-credentials">{{credentials}}</td><td data-label="Passkeys" id="realm-{{id}}-passkeys">{{passkeys}}</td></tr>
        {{/realms}}
        {{^realms}}<tr><td colspan="4">No realms yet: <a href="{{chrome.root}}/tenants">create one under a tenant</a>.</td></tr>{{/realms}}
        </tbody></table></div>
        </section>
        {{/main}}
        {{/layout}}
        """
}
