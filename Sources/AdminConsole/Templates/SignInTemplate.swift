import IdentityServerCore

extension ConsoleTemplate {
    /// Sign in as an operator (on the operators' account page), or with an admin token.
    package static let signInSource = """
        {{<layout}}
        {{$title}}Sign in{{/title}}
        {{$main}}
        <h1>Sign in</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#error}}<p class="alert" role="alert" id="sign-in-error">{{error}}</p>{{/error}}
        {{#operatorSignIn}}
        <section aria-labelledby="operator-heading">
        <h2 id="operator-heading">Operators</h2>
        <p>Sign in with your passkey, or by approving on the app on your phone. Once signed in, come back to the console.</p>
        <p><a class="button" id="operator-sign-in" href="{{operatorSignIn}}">Sign in as an operator</a></p>
        </section>
        {{/operatorSignIn}}
        {{#tokenSignIn}}
        <section aria-labelledby="token-heading">
        <h2 id="token-heading">With an admin token</h2>
        <form method="post" action="{{chrome.root}}/sign-in" class="stacked">
        <input type="hidden" name="csrf" value="{{csrf}}">
        {{#next}}<input type="hidden" name="next" value="{{next}}">{{/next}}
        <label for="token">Admin token
        <span class="hint">Paste an admin token (the bootstrap token is in the data directory's admin-token file). It is sent in this form only, never in a URL.</span>
        <input id="token" name="token" type="password" autocomplete="off" required{{#error}} aria-invalid="true" aria-describedby="sign-in-error"{{/error}}>
        </label>
        <div class="actions"><button type="submit" id="sign-in">Sign in</button></div>
        </form>
        </section>
        {{/tokenSignIn}}
        {{/main}}
        {{/layout}}
        """
}
