import IdentityServerCore

extension ConsoleTemplate {
    /// Asks before a destructive action, saying what it will do.
    package static let confirmSource = """
        {{<layout}}
        {{$title}}{{heading}}{{/title}}
        {{$main}}
        <h1>{{heading}}</h1>
        <section>
        <p id="consequence">{{consequence}}</p>
        <form method="post" action="{{action}}" class="actions">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <button type="submit" class="danger" id="confirm">{{button}}</button>
        <a class="button secondary" href="{{cancel}}">Cancel</a>
        </form>
        </section>
        {{/main}}
        {{/layout}}
        """
}
