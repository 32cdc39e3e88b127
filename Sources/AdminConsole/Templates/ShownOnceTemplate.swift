import IdentityServerCore

extension ConsoleTemplate {
    /// A secret shown once (a client secret, an admin token, an enrollment link).
    package static let shownOnceSource = """
        {{<layout}}
        {{$title}}{{heading}}{{/title}}
        {{$main}}
        <h1>{{heading}}</h1>
        <section>
        <p class="notice" role="status">{{explanation}}</p>
        <h2>{{label}}</h2>
        <p class="secret" id="secret">{{secret}}</p>
        <p class="hint">This page is not stored: once you leave it, the server cannot show this again.</p>
        <p class="actions"><a class="button" href="{{next}}" id="continue">Done</a></p>
        </section>
        {{/main}}
        {{/layout}}
        """
}
