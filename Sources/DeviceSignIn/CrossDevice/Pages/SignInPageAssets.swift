package import Hummingbird
import IdentityServerCore

/// The hosted sign-in pages' stylesheet and script, served from the binary (the pages' CSP
/// allows style and script from the server's origin only: nothing inline).
package enum SignInPageAssets {
    /// `sign-in.css`.
    package static let stylesheet = response(css, type: "text/css; charset=utf-8")
    /// `sign-in.js`.
    package static let script = response(javascript, type: "text/javascript; charset=utf-8")

    private static func response(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    package static let css = """
        :root { --ink: #1b1f24; --muted: #5b6470; --line: #d6dbe1; --accent: #1f5fbf; --bg: #f6f7f9;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); line-height: 1.45; }
        main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid var(--line);
          border-radius: .5rem; }
        h1 { font-size: 1.4rem; margin: 0 0 1rem; overflow-wrap: anywhere; }
        a { color: var(--accent); }
        a:focus-visible, input:focus-visible, summary:focus-visible { outline: 3px solid #f5b400; outline-offset: 2px; }
        .qr { text-align: center; }
        .qr img { max-width: 100%; height: auto; image-rendering: pixelated; }
        .code { font-family: ui-monospace, monospace; font-size: 1.3rem; letter-spacing: .1em; }
        label { display: block; color: var(--muted); font-size: .9rem; }
        input { width: 100%; padding: .5rem; font: inherit; font-size: .85rem; border: 1px solid var(--line); border-radius: .25rem; }
        .button { display: inline-block; padding: .6rem 1rem; background: var(--accent); color: #fff; border-radius: .3rem;
          text-decoration: none; border: 0; font: inherit; cursor: pointer; }
        button.link { background: none; border: 0; padding: 0; font: inherit; color: var(--accent); text-decoration: underline;
          cursor: pointer; }
        button:focus-visible { outline: 3px solid #f5b400; outline-offset: 2px; }
        summary { cursor: pointer; color: var(--accent); margin: .5rem 0; }
        #countdown, #status { color: var(--muted); }
        @media (max-width: 30rem) { main { margin: 0; border: 0; border-radius: 0; } }
        """

    /// Counts down, and waits for the decision by long polls; reloads the page when the sign-in
    /// is decided (the page then continues or says why not) or has expired.
    package static let javascript = """
        (function () {
          "use strict";
          var status = document.getElementById("status");
          var countdown = document.getElementById("countdown");
          if (!status || !countdown) { return; }
          var deadline = Date.now() + Number(countdown.getAttribute("data-seconds")) * 1000;
          function tick() {
            var left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
            countdown.textContent = "Expires in " + Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") + ".";
            if (left === 0) { location.reload(); }
          }
          tick();
          setInterval(tick, 1000);
          function poll() {
            fetch(status.getAttribute("data-status"), { credentials: "same-origin", cache: "no-store" })
              .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); })
              .then(function (body) { if (body.state === "pending") { poll(); } else { location.reload(); } })
              .catch(function () { setTimeout(poll, 3000); });
          }
          poll();
        })();
        """
}
