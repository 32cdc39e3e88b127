import IdentityServerCore

extension ConsoleTemplate {
    /// Sign in with an admin token.
    package static let signInSource = """
        {{<layout}}
        {{$title}}Sign in{{/title}}
        {{$main}}
        <h1>Sign in</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#error}}<p class="alert" role="alert" id="sign-in-error">{{error}}</p>{{/error}}
        <section>
        <form method="post" action="{{chrome.root}}/sign-in" class="stacked">
        <input type="hidden" name="csrf" value="{{csrf}}">
        {{#next}}<input type="hidden" name="next" value="{{next}}">{{/next}}
        <label for="token">Admin token
        <span class="hint">Paste an admin token (the bootstrap token is in the data directory's admin-token file). It is sent in this form only, never in a URL.</span>
        <input id="token" name="token" type="password" autocomplete="off" required autofocus{{#error}} aria-invalid="true" aria-describedby="sign-in-error"{{/error}}>
        </label>
        <div class="actions"><button type="submit" id="sign-in">Sign in</button></div>
        </form>
        </section>
        {{/main}}
        {{/layout}}
        """
}
