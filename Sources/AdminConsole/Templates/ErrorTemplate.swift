import IdentityServerCore

extension ConsoleTemplate {
    /// A refusal or failure, in the server's words.
    package static let errorSource = """
        {{<layout}}
        {{$title}}{{title}}{{/title}}
        {{$main}}
        <h1>{{status}} {{title}}</h1>
        <p class="alert" role="alert" id="error-message">{{message}}</p>
        {{#wait}}<p id="retry-after">{{wait}}</p>{{/wait}}
        {{#next}}<p class="actions"><a class="button" href="{{next}}" id="next">Back to its page</a></p>{{/next}}
        {{^next}}{{#chrome.signedIn}}<p class="actions"><a href="{{chrome.root}}" id="back">Back to the dashboard</a></p>{{/chrome.signedIn}}{{/next}}
        {{^chrome.signedIn}}<p class="actions"><a href="{{chrome.root}}/sign-in" id="back">Back to sign-in</a></p>{{/chrome.signedIn}}
        {{/main}}
        {{/layout}}
        """
}
