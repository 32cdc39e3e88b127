import IdentityServerCore

extension ConsoleTemplate {
    /// A dangerous change asked without a recent sign-in: prove it is you, then come back to it.
    package static let stepUpSource = """
        {{<layout}}
        {{$title}}Confirm it is you{{/title}}
        {{$main}}
        <h1>Confirm it is you</h1>
        <p id="step-up-reason">To {{action}}, the console needs you to have signed in within the last five minutes.</p>
        <p>Confirm with your passkey or the app on your phone; you come back here to make the change.</p>
        <p class="actions"><a class="button" id="step-up" href="{{href}}">Confirm it is you</a> <a href="{{cancel}}" id="cancel">Cancel</a></p>
        {{/main}}
        {{/layout}}
        """
}
