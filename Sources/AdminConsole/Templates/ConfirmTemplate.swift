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
        {{#error}}<p class="alert" role="alert" id="confirm-error">{{error}}</p>{{/error}}
        <form method="post" action="{{action}}" class="actions">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        {{#typeToConfirm}}<label for="confirm-name">Type <strong>{{typeToConfirm}}</strong> to confirm
        <input id="confirm-name" name="confirm_name" autocomplete="off" required{{#error}} aria-invalid="true" aria-describedby="confirm-error"{{/error}}>
        </label>{{/typeToConfirm}}
        <button type="submit" class="danger" id="confirm">{{button}}</button>
        <a class="button secondary" href="{{cancel}}">Cancel</a>
        </form>
        </section>
        {{/main}}
        {{/layout}}
        """
}
