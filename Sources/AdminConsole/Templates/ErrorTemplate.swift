import IdentityServerCore

extension ConsoleTemplate {
    /// A refusal or failure, in the server's words.
    package static let errorSource = """
        {{<layout}}
        {{$title}}{{title}}{{/title}}
        {{$main}}
        <h1>{{status}} {{title}}</h1>
        <p class="alert" role="alert" id="error-message">{{message}}</p>
        <p class="actions"><a href="{{chrome.root}}">Back to the dashboard</a></p>
        {{/main}}
        {{/layout}}
        """
}
