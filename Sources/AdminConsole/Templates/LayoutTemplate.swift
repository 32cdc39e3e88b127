import IdentityServerCore

extension ConsoleTemplate {
    /// The frame: header with navigation and sign-out (folded behind a Menu button at phone
    /// width, by a checkbox and its label: no script), then the page's `main` block.
    package static let layoutSource = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{$title}}Console{{/title}} · bi-server console</title>
        <link rel="stylesheet" href="{{chrome.root}}/assets/console.css">
        </head>
        <body>
        <a class="skip" href="#main">Skip to content</a>
        <header>
        <a class="brand" href="{{chrome.root}}">bi-server console</a>
        {{#chrome.signedIn}}
        <input type="checkbox" id="menu-toggle" class="menu-toggle" aria-controls="menu">
        <label for="menu-toggle" class="menu-button">Menu</label>
        <div class="menu" id="menu">
        <nav aria-label="Main">
        <a href="{{chrome.root}}">Dashboard</a>
        <a href="{{chrome.root}}/tenants">Tenants</a>
        <a href="{{chrome.root}}/audit">Audit events</a>
        {{#chrome.serverWide}}<a href="{{chrome.root}}/operators">Operators</a> <a href="{{chrome.root}}/admin-tokens">Admin tokens</a>{{/chrome.serverWide}}
        </nav>
        <form method="post" action="{{chrome.root}}/sign-out" class="sign-out">
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <span>Signed in as {{chrome.operatorLabel}} <span class="role">{{chrome.role}}</span></span>
        <button type="submit" class="secondary" id="sign-out">Sign out</button>
        </form>
        </div>
        {{/chrome.signedIn}}
        </header>
        <main id="main">
        {{$main}}{{/main}}
        </main>
        </body>
        </html>
        """
}
