package import Hummingbird
import IdentityServerCore

/// The hosted sign-in pages' stylesheet and script, served from the binary (the pages' CSP
/// allows style and script from the server's origin only: nothing inline).
package enum SignInPageAssets {
    /// `sign-in.css`.
    package static let stylesheet = response(css, type: "text/css; charset=utf-8")
    /// `sign-in.js`.
    package static let script = response(javascript, type: "text/javascript; charset=utf-8")
    /// `passkey.js`.
    package static let passkeyScript = response(passkeyJavaScript, type: "text/javascript; charset=utf-8")

    private static func response(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    package static let css = """
        :root { --ink: #1b1f24; --muted: #5b6470; --line: #d6dbe1; --accent: #1f5fbf; --bg: #f6f7f9;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        body { margin: 0; background: var(--bg); line-height: 1.45; }
        main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid var(--line);
          border-radius: .5rem; }
        h1 { font-size: 1.4rem; margin: 0 0 1rem; overflow-wrap: anywhere; }
        h2 { font-size: 1rem; margin: 1.5rem 0 .5rem; color: var(--muted); font-weight: 600; }
        a { color: var(--accent); }
        a:focus-visible, input:focus-visible, summary:focus-visible { outline: 3px solid #f5b400; outline-offset: 2px; }
        .qr { text-align: center; }
        .qr img { max-width: 100%; height: auto; image-rendering: pixelated; }
        .code { font-family: ui-monospace, monospace; font-size: 1.3rem; letter-spacing: .1em; }
        .origin, .hint { color: var(--muted); font-size: .9rem; overflow-wrap: anywhere; }
        label { display: block; color: var(--muted); font-size: .9rem; }
        input { width: 100%; padding: .5rem; font: inherit; font-size: .85rem; border: 1px solid var(--line); border-radius: .25rem; }
        .button { display: inline-block; padding: .6rem 1rem; background: var(--accent); color: #fff; border-radius: .3rem;
          text-decoration: none; border: 0; font: inherit; cursor: pointer; }
        button.link { background: none; border: 0; padding: 0; font: inherit; color: var(--accent); text-decoration: underline;
          cursor: pointer; }
        button:focus-visible { outline: 3px solid #f5b400; outline-offset: 2px; }
        summary { cursor: pointer; color: var(--accent); margin: .5rem 0; }
        #countdown, #status { color: var(--muted); }
        .button.secondary { background: #fff; color: var(--accent); border: 1px solid var(--accent); }
        .button.danger { background: #b42318; }
        .alert { background: #fdecea; border: 1px solid #f1b5ad; padding: .6rem .8rem; border-radius: .3rem; }
        .notice { background: #e8f1ff; border: 1px solid #b9d3f5; padding: .6rem .8rem; border-radius: .3rem; }
        ul.items { list-style: none; padding: 0; margin: 0; }
        ul.items li { padding: .6rem 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
        .tag { font-size: .8rem; background: #e8f1ff; color: var(--accent); padding: .1rem .4rem; border-radius: .8rem; }
        form.inline { display: inline; }
        @media (max-width: 30rem) { main { margin: 0; border: 0; border-radius: 0; } }
        """

    /// Counts down, and (where another device may approve, `#status`) waits for the decision by
    /// long polls; reloads the page when the sign-in is decided (the page then continues or says
    /// why not) or has expired.
    package static let javascript = """
        (function () {
          "use strict";
          var status = document.getElementById("status");
          var countdown = document.getElementById("countdown");
          if (!countdown) { return; }
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
          if (status) { poll(); }
        })();
        """

    /// The passkey script of the hosted pages. On the enrollment link's page (`#create-passkey`)
    /// it asks for creation options, lets the browser create the passkey and sends it back; on
    /// the sign-in page (`#sign-in-passkey`) it asks for request options, lets the browser sign
    /// with a passkey it holds and follows the answer's redirect to the client; where the browser
    /// can, it asks at once with conditional mediation, so the browser offers its passkeys in
    /// `#passkey-account`'s suggestions (autofill; the button aborts that request and asks
    /// outright; the button's `data-autofill` says `waiting`, `off` or `ended`). `#passkey-status`
    /// says how it went (`data-state` `working`, `created` or `failed`). Uses WebAuthn's JSON
    /// helpers where the browser has them, base64url by hand where not.
    package static let passkeyJavaScript = #"""
        "use strict";
        (function () {
          const status = document.getElementById("passkey-status");
          const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
          const text = (buffer) => buffer === null ? null : btoa(String.fromCharCode(...new Uint8Array(buffer)))
            .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
          const say = (state, message) => { status.dataset.state = state; status.textContent = message; };
          const withIDs = (list) => (list || []).map((d) => Object.assign({}, d, { id: bytes(d.id) }));
          function creationOptions(json) {
            if (PublicKeyCredential.parseCreationOptionsFromJSON) { return PublicKeyCredential.parseCreationOptionsFromJSON(json); }
            return Object.assign({}, json, {
              challenge: bytes(json.challenge), user: Object.assign({}, json.user, { id: bytes(json.user.id) }),
              excludeCredentials: withIDs(json.excludeCredentials),
            });
          }
          function requestOptions(json) {
            if (PublicKeyCredential.parseRequestOptionsFromJSON) { return PublicKeyCredential.parseRequestOptionsFromJSON(json); }
            return Object.assign({}, json, { challenge: bytes(json.challenge), allowCredentials: withIDs(json.allowCredentials) });
          }
          function credentialJSON(credential) {
            if (credential.toJSON) { return credential.toJSON(); }
            const r = credential.response;
            const response = r.attestationObject
              ? { clientDataJSON: text(r.clientDataJSON), attestationObject: text(r.attestationObject),
                  transports: r.getTransports ? r.getTransports() : [] }
              : { clientDataJSON: text(r.clientDataJSON), authenticatorData: text(r.authenticatorData),
                  signature: text(r.signature), userHandle: text(r.userHandle) };
            return { id: credential.id, rawId: text(credential.rawId), type: credential.type, response: response,
                     clientExtensionResults: credential.getClientExtensionResults() };
          }
          async function post(path, body) {
            const response = await fetch(path, {
              method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin",
            });
            const answer = await response.json().catch(() => ({}));
            if (!response.ok) { throw new Error(answer.error_description || "The server did not accept it."); }
            return answer;
          }
          function failure(error, cancelled) {
            return error.name === "NotAllowedError" || error.name === "AbortError" ? cancelled
              : error.name === "InvalidStateError" ? "This device already holds a passkey for you." : error.message;
          }
          function offer(button, prompt, ceremony) {
            if (!button || !status) { return; }
            button.addEventListener("click", async () => {
              if (!window.PublicKeyCredential) { say("failed", "This browser has no passkeys. Use the app instead."); return; }
              button.disabled = true;
              say("working", prompt);
              try {
                await ceremony();
              } catch (error) {
                button.disabled = false;
                say("failed", failure(error, "Nothing happened: the passkey prompt was cancelled or timed out. You can try again."));
              }
            });
          }
          const create = document.getElementById("create-passkey");
          offer(create, "Follow your browser's prompt to create the passkey.", async () => {
            const token = create.dataset.token;
            const options = await post(create.dataset.options, { binding_token: token });
            const credential = await navigator.credentials.create({ publicKey: creationOptions(options.public_key) });
            await post(create.dataset.register, { binding_token: token, ceremony: options.ceremony, credential: credentialJSON(credential) });
            create.hidden = true;
            const app = document.getElementById("open-app");
            if (app) { app.parentElement.hidden = true; }
            say("created", "Your passkey is ready: you can sign in with it from now on, and close this page.");
          });
          const signIn = document.getElementById("sign-in-passkey");
          let autofill = null;
          async function passkeySignIn(conditional) {
            const options = await post(signIn.dataset.options, {});
            const request = { publicKey: requestOptions(options.public_key) };
            if (conditional) {
              autofill = new AbortController();
              Object.assign(request, { mediation: "conditional", signal: autofill.signal });
            }
            const asked = navigator.credentials.get(request);
            if (conditional) { signIn.dataset.autofill = "waiting"; }
            const credential = await asked;
            if (conditional) { signIn.disabled = true; say("working", "Signing you in with your passkey…"); }
            const answer = await post(signIn.dataset.signIn, { ceremony: options.ceremony, credential: credentialJSON(credential) });
            say("signed-in", "Signed in. Taking you back…");
            window.location.assign(answer.redirect);
          }
          offer(signIn, "Follow your browser's prompt to sign in with your passkey.", async () => {
            if (autofill) { autofill.abort(); autofill = null; }
            await passkeySignIn(false);
          });
          const account = document.getElementById("passkey-account");
          if (signIn && status && account && window.PublicKeyCredential && PublicKeyCredential.isConditionalMediationAvailable) {
            PublicKeyCredential.isConditionalMediationAvailable().then((available) => {
              if (!available) { signIn.dataset.autofill = "off"; return; }
              passkeySignIn(true).catch((error) => {
                signIn.dataset.autofill = "ended";
                if (error.name === "AbortError" || error.name === "NotAllowedError") { return; }
                signIn.disabled = false;
                say("failed", error.message);
              });
            });
          } else if (signIn) {
            signIn.dataset.autofill = "off";
          }
        })();
        """#
}
