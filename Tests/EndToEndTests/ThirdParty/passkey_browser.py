"""Browser passkeys on the hosted pages: Debian's headless Chromium, driven by Selenium 4 with a
WebDriver virtual authenticator, creates a passkey on the enrollment page (or signs in with one),
and py_webauthn (the `webauthn` package, an independent verifier) checks what the browser sent.

passkey_browser.py register --url URL --rp-id RP_ID --origin ORIGIN
        [--authenticator platform|security-key|u2f|none] [--user-verified yes|no]
        [--screenshot PATH] [--width 390] [--save-credential FILE] [--timeout 30]
    opens the enrollment link URL (`…/v1/bind?token=T`, or a signed-in account page with
    --cookie), reaches #create-passkey with TAB from
    the top of the page and presses ENTER (a click only if TAB never reaches it), and waits for
    #passkey-status to get data-state "created" or "failed". From Chrome's network log it takes
    the POSTs to /v1/passkeys/registration/options and /v1/passkeys/registration (request
    bodies and answers) and verifies the registration with verify_registration_response.
    --save-credential keeps the virtual authenticator's credential (private key, rp id, user
    handle, sign count) with its COSE public key, for sign-in.
passkey_browser.py sign-in --url URL --rp-id RP_ID --origin ORIGIN [--credential-file FILE]
        [--authenticator …] [--user-verified …] [--autofill] [--screenshot PATH] [--width 390]
        [--save-credential FILE] [--timeout 30]
    opens the sign-in page URL, waits until its autofill request (conditional mediation) is
    pending (or off), then puts the credential of FILE (from register --save-credential) into a
    fresh virtual authenticator (of FILE's kind unless --authenticator says): the pending request
    does not see an authenticator added after it began, as a person who ignores the suggestions.
    It reaches #sign-in-passkey the same way and waits for the browser to leave the page's
    origin (the redirect to the client) or for #passkey-status[data-state=failed]. With
    --autofill the authenticator holds the credential before the page loads and nothing is
    pressed: Chromium completes a conditional request at once when a virtual authenticator
    holds a passkey for the RP (what a person picking the suggestion does). It takes the POSTs
    to /v1/sign-ins/ID/passkey/options and /v1/sign-ins/ID/passkey and verifies the assertion
    with verify_authentication_response, with FILE's public key and sign count.

passkey_browser.py account --url URL --rp-id RP_ID --origin ORIGIN [--credential-file FILE] [--change-email ADDRESS] [...]
    as sign-in, on a realm's account page (`{issuer}/account`): done when the page shows
    #account-overview (signed in; its text is the report's page_text, its cookies the report's
    cookies) or the status failed;
    with --change-email, then follows #change-email by the keyboard and sends the address in
    the form with ENTER, done when the page shows #pending-email (the report's email_change);
    with --sign-out, then presses #sign-out and waits for the sign-in button again.

passkey_browser.py step-up --url URL --rp-id RP_ID --origin ORIGIN --cookie NAME=VALUE [--credential-file FILE]
    as account, on the operators' account page's proof before a console change
    (`{issuer}/account/console/PATH`): done when the browser is back on the console (the
    report's final_url, and its cookies the new session's) or the status failed.

The authenticators: platform = ctap2, internal, resident keys, user verification; security-key =
ctap2, usb, resident keys, user verification (--user-verified sets whether verification succeeds
on both); u2f = ctap1/u2f, usb, neither; none = no virtual authenticator (the virtual
environment is on, so the request waits for one, as the page's timeout lets it).

Both check the page at --width x 844 before the button is pressed (and again after, if the page
is still there): sideways overflow, and --screenshot (the whole page, as the ceremony left it, or
as it was before the press when the browser has gone on to the client).

The end-to-end tests run it as a child process (`python3 ThirdParty/passkey_browser.py …`, one
to two seconds a run) and read ONE JSON object from stdout:
  {"state": "created"|"failed"|… (data-state when the wait ended; null once the browser has
            left the page), "status_text",
   "keyboard": bool, "tab_presses": int|null, "focus_visible": bool|null,
   "options_request", "options", "options_status",        (the options POST: body, answer, status)
   "registration", "registration_status", "registration_answer"    (register)
   | "assertion", "assertion_status", "assertion_answer",          (sign-in)
   "py_webauthn": {"verified", "error", "credential_id", "sign_count", "user_verified",
                   "credential_backed_up", + register: "fmt" | sign-in: "user_handle",
                   "credential_matches"} | null (no POST to verify),
   "credentials": [{"id", "rp_id", "is_resident_credential", "sign_count", "user_handle"}],
   "saved_credential": FILE|null, "final_url", "horizontal_overflow": bool, "overflow",
   "console_errors": [SEVERE console messages, CSP violations among them],
   "network_errors": [SEVERE messages from the network, such as a 4xx answer],
   "authenticator", "durable_network_log": bool, "seconds"}
Base64url is unpadded throughout. Exits 0 whenever the ceremony could run (even when the page
reports a failure or nothing happens before the timeout: state is then what the page shows);
exits 2 with a message on stderr for a setup problem (no browser, a page without the button, an
unreadable credential file, …). Waits poll the page and the network log; no fixed delays.
"""
import argparse
import base64
import json
import re
import sys
import time
import urllib.parse


def setup_problem(message):
    print("passkey_browser.py: %s" % message, file=sys.stderr)
    sys.exit(2)


try:
    import webauthn
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.common.virtual_authenticator import VirtualAuthenticatorOptions
    from selenium.webdriver.support.ui import WebDriverWait
    from webauthn.helpers import parse_attestation_object
except ImportError as missing:
    setup_problem("needs `pip install selenium webauthn`: %s" % missing)

DESKTOP = (1280, 900)
PHONE_HEIGHT = 844
TAB_LIMIT = 40  # TAB presses before giving up on the keyboard
POLL = 0.1      # seconds between looks at the page and the network log

# What each --authenticator is (WebDriver's virtual authenticator options); none has no entry.
AUTHENTICATORS = {
    "platform": dict(protocol="ctap2", transport="internal", has_resident_key=True, has_user_verification=True),
    "security-key": dict(protocol="ctap2", transport="usb", has_resident_key=True, has_user_verification=True),
    "u2f": dict(protocol="ctap1/u2f", transport="usb", has_resident_key=False, has_user_verification=False),
}

# Each ceremony's button, the endpoints whose POSTs are captured, and its name in the report.
CEREMONIES = {
    "register": dict(button="create-passkey", result="registration",
                     options=re.compile(r"(/v1/passkeys/registration|/account/passkeys)/options$"),
                     posted=re.compile(r"(/v1/passkeys/registration|/account/passkeys)$")),
    "sign-in": dict(button="sign-in-passkey", result="assertion",
                    options=re.compile(r"/v1/sign-ins/[^/]+/passkey/options$"),
                    posted=re.compile(r"/v1/sign-ins/[^/]+/passkey$")),
    "account": dict(button="sign-in-passkey", result="assertion",
                    options=re.compile(r"/account/passkey/options$"),
                    posted=re.compile(r"/account/passkey$")),
    # The operators' proof before a dangerous console change: done when back on the console.
    "step-up": dict(button="sign-in-passkey", result="assertion",
                    options=re.compile(r"/account/passkey/options$"),
                    posted=re.compile(r"/account/passkey$")),
}

# The status element, read in one go (None while a document is being swapped).
STATUS_JS = """
const el = document.getElementById('passkey-status');
const overview = document.getElementById('account-overview');
return {present: !!el, state: el ? el.getAttribute('data-state') : null,
        text: el ? el.innerText.trim() : null, ready: document.readyState,
        overview: !!overview, page: overview ? document.getElementById('main').innerText : null};
"""
# Sideways scrolling at the current width, with the innermost elements that reach past it.
OVERFLOW_JS = """
const width = window.innerWidth, scrolling = document.documentElement.scrollWidth;
if (scrolling <= width) return null;
const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
  (el.classList.length ? '.' + [...el.classList].join('.') : '');
const wide = [...document.body.querySelectorAll('*')].filter(el => el.getBoundingClientRect().right > width + 1 &&
  ![...el.children].some(child => child.getBoundingClientRect().right > width + 1));
return {scroll_width: scrolling, inner_width: width, elements: wide.slice(0, 5).map(name)};
"""


class SetupProblem(Exception):
    pass


def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64u(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def unpadded(text):
    return text.rstrip("=") if isinstance(text, str) else text


def origin_of(url):
    parts = urllib.parse.urlsplit(url)
    return "%s://%s" % (parts.scheme, parts.netloc)


def parsed(text):
    """A body as JSON when it is JSON, else as its text."""
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return text


# -- the network log --------------------------------------------------------------------------

class NetworkLog:
    """The POSTs to a ceremony's two endpoints, from Chrome's performance log (chromedriver's
    record of DevTools' Network events): the request body is requestWillBeSent's postData, the
    status responseReceived's, and the answer Network.getResponseBody's once loadingFinished.
    Chrome forgets answers when the page navigates away (sign-in's redirect to the client), so
    the Network domain is switched to durable messages, which keep them, and answers are also
    fetched as soon as they finish, at every poll."""

    def __init__(self, driver, patterns):
        self.driver, self.patterns, self.requests = driver, patterns, {}
        try:
            driver.execute_cdp_cmd("Network.enable", {"enableDurableMessages": True, "maxTotalBufferSize": 64 << 20,
                                                      "maxPostDataSize": 1 << 20})
            self.durable = True
        except WebDriverException:  # an older Chrome: the eager fetches alone
            self.durable = False

    def drain(self):
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method, params = message.get("method"), message.get("params", {})
            record = self.requests.get(params.get("requestId"))
            if method == "Network.requestWillBeSent" and record is None:
                request = params["request"]
                path = urllib.parse.urlsplit(request["url"]).path
                name = next((name for name, pattern in self.patterns.items() if pattern.search(path)), None)
                if request["method"] == "POST" and name:
                    self.requests[params["requestId"]] = {
                        "name": name, "url": request["url"], "body": self.post_data(params["requestId"], request),
                        "status": None, "answer": None, "done": False, "order": len(self.requests)}
            elif method == "Network.responseReceived" and record:
                record["status"] = params["response"]["status"]
            elif method == "Network.loadingFinished" and record:
                record["answer"], record["done"] = self.response_body(params["requestId"]), True
            elif method == "Network.loadingFailed" and record:
                record["answer"], record["done"] = {"network_error": params.get("errorText")}, True

    def post_data(self, request_id, request):
        if "postData" in request:
            return parsed(request["postData"])
        if request.get("postDataEntries"):
            return parsed(b"".join(base64.b64decode(e.get("bytes", "")) for e in request["postDataEntries"]).decode())
        try:
            return parsed(self.driver.execute_cdp_cmd("Network.getRequestPostData", {"requestId": request_id})["postData"])
        except WebDriverException:
            return None

    def response_body(self, request_id):
        try:
            body = self.driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": request_id})
        except WebDriverException as error:
            return {"unavailable": (getattr(error, "msg", None) or str(error)).strip().splitlines()[0]}
        text = base64.b64decode(body["body"]).decode("utf-8", "replace") if body.get("base64Encoded") else body["body"]
        return parsed(text)

    def settle(self, seconds=3):
        """Drains until every captured POST has finished (its event can trail the page's reaction)."""
        deadline = time.monotonic() + seconds
        self.drain()
        while any(not r["done"] for r in self.requests.values()) and time.monotonic() < deadline:
            time.sleep(0.05)
            self.drain()

    def latest(self, name):
        """The last POST to endpoint `name` (the ceremony the page finished with), or None."""
        records = [r for r in self.requests.values() if r["name"] == name]
        return max(records, key=lambda r: r["order"]) if records else None


# -- the browser ------------------------------------------------------------------------------

class Browser:
    """Headless Chromium as console_browser.py sets it up, with the performance log on."""

    def __init__(self):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--window-size=%d,%d" % DESKTOP, "--lang=en-US"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        try:
            self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        except WebDriverException as error:
            raise SetupProblem("cannot start /usr/bin/chromium with /usr/bin/chromedriver: %s"
                               % (getattr(error, "msg", None) or error)) from None
        self.driver.set_page_load_timeout(60)
        self.authenticator_id = None

    def quit(self):
        try:
            self.driver.quit()
        except WebDriverException:
            pass

    # -- the virtual authenticator ---------------------------------------------------------

    def add_authenticator(self, kind, user_verified):
        """A virtual authenticator of `kind`; for none, only WebDriver's virtual environment
        (the first addVirtualAuthenticator turns it on; removing that one leaves it on), so
        no real authenticator or browser dialog is involved."""
        spec = dict(AUTHENTICATORS.get(kind) or AUTHENTICATORS["platform"])
        spec["is_user_verified"] = user_verified and spec["has_user_verification"]
        self.driver.add_virtual_authenticator(VirtualAuthenticatorOptions(**spec))
        self.authenticator_id = self.driver.virtual_authenticator_id
        if kind == "none":
            self.driver.remove_virtual_authenticator()
            self.authenticator_id = None

    def add_credential(self, saved):
        body = {"authenticatorId": self.authenticator_id, "credentialId": saved["credential_id"],
                "isResidentCredential": saved["is_resident_credential"], "rpId": saved["rp_id"],
                "privateKey": saved["private_key"], "signCount": saved["sign_count"]}
        if saved.get("user_handle"):
            body["userHandle"] = saved["user_handle"]
        try:
            self.driver.execute("addCredential", body)
        except WebDriverException as error:
            raise SetupProblem("the virtual authenticator refused the saved credential: %s"
                               % (getattr(error, "msg", None) or error)) from None

    def credentials(self):
        """The virtual authenticator's credentials as WebDriver gives them (private keys too)."""
        if not self.authenticator_id:
            return []
        return self.driver.execute("getCredentials", {"authenticatorId": self.authenticator_id})["value"]

    # -- the page --------------------------------------------------------------------------

    def open(self, url, button_id, timeout):
        """Loads URL and waits for the button; a page without it cannot run the ceremony."""
        try:
            self.driver.get(url)
        except WebDriverException as error:
            raise SetupProblem("cannot load %s: %s" % (url, getattr(error, "msg", None) or error)) from None
        deadline = time.monotonic() + timeout
        while True:
            ready = self.driver.execute_script(
                "const b = document.getElementById(arguments[0]);"
                "return document.readyState === 'complete' && !!b && b.offsetParent !== null && !b.disabled", button_id)
            if ready:
                return
            if time.monotonic() >= deadline:
                page = self.driver.execute_script(
                    "return {href: location.href, title: document.title,"
                    " text: document.body ? document.body.innerText.trim().slice(0, 300) : ''}")
                raise SetupProblem("no usable #%s on %s after %gs (title %r; the page says %r)"
                                   % (button_id, page["href"], timeout, page["title"], page["text"]))
            time.sleep(POLL)

    def load(self, url):
        try:
            self.driver.get(url)
        except WebDriverException as error:
            raise SetupProblem("cannot load %s: %s" % (url, getattr(error, "msg", None) or error)) from None

    def wait_for_autofill(self, button_id, timeout):
        """Waits until the page's autofill request is pending, off, or over (the button's data-autofill)."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.driver.execute_script(
                "const b = document.getElementById(arguments[0]); return b ? b.dataset.autofill || null : null", button_id)
            if state in ("waiting", "off", "ended"):
                return state
            if time.monotonic() >= deadline:
                raise SetupProblem("the page's autofill request never started (data-autofill %r)" % state)
            time.sleep(POLL)

    def status(self):
        try:
            return self.driver.execute_script(STATUS_JS)
        except WebDriverException:  # the document is being swapped
            return None

    def press(self, button_id):
        """TAB from where the loaded page starts (the top) until the button has the focus, then
        ENTER; a click only when TAB never gets there."""
        actions = ActionChains(self.driver)
        for presses in range(TAB_LIMIT + 1):
            focused = self.driver.execute_script(
                "const e = document.activeElement; return e && e.id === arguments[0] ? e.matches(':focus-visible') : null",
                button_id)
            if focused is not None:
                actions.send_keys(Keys.ENTER).perform()
                return {"keyboard": True, "tab_presses": presses, "focus_visible": focused}
            if presses < TAB_LIMIT:
                actions.send_keys(Keys.TAB).perform()
        self.driver.find_element(By.ID, button_id).click()
        return {"keyboard": False, "tab_presses": None, "focus_visible": None}

    def resize(self, width, height):
        self.driver.set_window_size(width, height)
        deadline = time.monotonic() + 5
        while self.driver.execute_script("return window.innerWidth") != width and time.monotonic() < deadline:
            time.sleep(0.05)

    def at_width(self, width, screenshot=False):
        """The page at `width`: its sideways overflow (or None) and, if asked, a PNG of the whole page."""
        self.resize(width, PHONE_HEIGHT)
        overflow = self.driver.execute_script(OVERFLOW_JS)
        png = None
        if screenshot:
            height = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]["height"]
            shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": min(max(height, 1), 4000), "scale": 1}})
            png = base64.b64decode(shot["data"])
        self.resize(*DESKTOP)
        return overflow, png

    def logged(self):
        """SEVERE entries of the browser's log: the console's (CSP violations among them) and the
        network's (any 4xx or 5xx answer, such as a refused ceremony), without favicon misses."""
        console, network = [], []
        for entry in self.driver.get_log("browser"):
            if entry["level"] != "SEVERE" or "/favicon.ico" in entry["message"]:
                continue
            (network if entry.get("source") == "network" else console).append(entry["message"])
        return console, network


# -- py_webauthn ------------------------------------------------------------------------------

def public_key_options(answer):
    """The PublicKeyCredential{Creation,Request}OptionsJSON in an options answer."""
    if not isinstance(answer, dict):
        return {}
    inner = answer.get("public_key") or answer.get("publicKey") or answer
    return inner if isinstance(inner, dict) else {}


def credential_of(body):
    """The RegistrationResponseJSON / AuthenticationResponseJSON in a posted body."""
    if isinstance(body, dict):
        return body.get("credential") if isinstance(body.get("credential"), dict) else body
    return body


def failure(error):
    return "%s: %s" % (type(error).__name__, error)


def verify_registration(body, options, args):
    """verify_registration_response on what the page posted; also returns the COSE public key
    (from py_webauthn's result, or parsed from the attestation object if it failed)."""
    result = {"verified": False, "error": None, "fmt": None, "sign_count": None, "credential_id": None,
              "user_verified": None, "credential_backed_up": None}
    public_key = None
    credential = credential_of(body)
    selection = options.get("authenticatorSelection") or {}
    if not isinstance(options.get("challenge"), str):
        result["error"] = "no challenge in the options answer"
        return result, public_key
    try:
        verified = webauthn.verify_registration_response(
            credential=credential, expected_challenge=unb64u(options["challenge"]), expected_origin=args.origin,
            expected_rp_id=args.rp_id, require_user_verification=selection.get("userVerification") == "required")
    except Exception as error:  # noqa: BLE001 - every refusal is reported, not raised
        result["error"] = failure(error)
        try:
            attested = parse_attestation_object(unb64u(credential["response"]["attestationObject"]))
            public_key = attested.auth_data.attested_credential_data.credential_public_key
        except Exception:  # noqa: BLE001 - nothing to keep
            pass
        return result, public_key
    result.update(verified=True, fmt=getattr(verified.fmt, "value", verified.fmt), sign_count=verified.sign_count,
                  credential_id=b64u(verified.credential_id), user_verified=verified.user_verified,
                  credential_backed_up=verified.credential_backed_up)
    return result, verified.credential_public_key


def verify_assertion(body, options, saved, args):
    """verify_authentication_response with the saved credential's public key and sign count."""
    credential = credential_of(body)
    response = credential.get("response", {}) if isinstance(credential, dict) else {}
    result = {"verified": False, "error": None, "sign_count": None, "credential_id": None, "user_verified": None,
              "credential_backed_up": None, "user_handle": unpadded(response.get("userHandle")),
              "credential_matches": bool(saved) and isinstance(credential, dict)
              and unpadded(credential.get("rawId")) == saved["credential_id"]}
    if not saved or not saved.get("public_key"):
        result["error"] = "no public key to verify with (sign-in needs --credential-file from register --save-credential)"
        return result
    if not isinstance(options.get("challenge"), str):
        result["error"] = "no challenge in the options answer"
        return result
    try:
        verified = webauthn.verify_authentication_response(
            credential=credential, expected_challenge=unb64u(options["challenge"]), expected_origin=args.origin,
            expected_rp_id=args.rp_id, credential_public_key=unb64u(saved["public_key"]),
            credential_current_sign_count=saved["sign_count"],
            require_user_verification=options.get("userVerification") == "required")
    except Exception as error:  # noqa: BLE001 - every refusal is reported, not raised
        result["error"] = failure(error)
        return result
    result.update(verified=True, sign_count=verified.new_sign_count, credential_id=b64u(verified.credential_id),
                  user_verified=verified.user_verified, credential_backed_up=verified.credential_backed_up)
    return result


# -- the ceremonies ---------------------------------------------------------------------------

def load_credential(path):
    try:
        with open(path) as f:
            saved = json.load(f)
        for key in ("credential_id", "rp_id", "private_key", "sign_count", "is_resident_credential"):
            saved[key]  # noqa: B018 - a KeyError names what is missing
        return saved
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise SetupProblem("cannot use the credential file %s: %s" % (path, failure(error))) from None


def keep_credential(args, raw_credentials, result_post, public_key, saved, kind):
    """Writes --save-credential: the authenticator's credential the page posted (else its first),
    with its COSE public key (from the registration, or carried over from the sign-in's file)."""
    posted = credential_of(result_post["body"]) if result_post else None
    posted_id = unpadded(posted.get("rawId")) if isinstance(posted, dict) else None
    raw = next((c for c in raw_credentials if unpadded(c["credentialId"]) == posted_id), raw_credentials[0])
    if public_key is not None:
        public_key = b64u(public_key)
    elif saved and unpadded(raw["credentialId"]) == saved["credential_id"]:
        public_key = saved.get("public_key")
    # A U2F credential's rp id is not listed (ctap1 keeps only its hash): the ceremony's then.
    kept = {"credential_id": unpadded(raw["credentialId"]), "rp_id": raw.get("rpId") or args.rp_id,
            "is_resident_credential": raw.get("isResidentCredential"), "user_handle": unpadded(raw.get("userHandle")),
            "private_key": unpadded(raw["privateKey"]), "sign_count": raw.get("signCount", 0),
            "public_key": public_key, "authenticator": kind, "origin": args.origin}
    try:
        with open(args.save_credential, "w") as f:
            json.dump(kept, f, indent=2)
    except OSError as error:
        raise SetupProblem("cannot write %s: %s" % (args.save_credential, error)) from None


def wait_for_outcome(browser, network, finished, timeout):
    """Polls the status and the network log until `finished(status)` or `timeout` seconds pass;
    returns the last status read (None if the document was being swapped)."""
    deadline = time.monotonic() + timeout
    while True:
        network.drain()
        status = browser.status()
        if finished(status) or time.monotonic() >= deadline:
            break
        time.sleep(POLL)
    network.settle()
    return status


def run(args):
    ceremony = CEREMONIES[args.command]
    started = time.monotonic()
    saved = load_credential(args.credential_file) if getattr(args, "credential_file", None) else None
    kind = args.authenticator or (saved or {}).get("authenticator") or "platform"
    if saved and kind == "none":
        raise SetupProblem("--credential-file needs an authenticator to hold it (not --authenticator none)")
    autofill = getattr(args, "autofill", False)
    browser = Browser()
    try:
        driver = browser.driver
        network = NetworkLog(driver, {"options": ceremony["options"], "posted": ceremony["posted"]})
        # The sign-in page asks at once with conditional mediation: an authenticator there
        # before it asks answers that request (autofill); one added once it waits, the button's.
        early = args.command == "register" or autofill
        if getattr(args, "cookie", None):
            # A session the test opened: the page's own origin first, then its cookies.
            browser.load(args.url)
            for pair in args.cookie:
                name, _, value = pair.partition("=")
                driver.add_cookie({"name": name, "value": value, "path": "/"})
        if early:
            browser.add_authenticator(kind, args.user_verified == "yes")
            if saved:
                browser.add_credential(saved)
        if autofill:
            browser.load(args.url)
        else:
            browser.open(args.url, ceremony["button"], args.timeout)
        # With autofill the browser may be at the client already: the page is the URL's server's.
        page_origin = origin_of(args.url if autofill else driver.current_url)
        if not early:
            browser.wait_for_autofill(ceremony["button"], args.timeout)
            browser.add_authenticator(kind, args.user_verified == "yes")
            if saved:
                browser.add_credential(saved)
        if autofill:
            overflow, png = None, None
            pressed = {"keyboard": None, "tab_presses": None, "focus_visible": None}
        else:
            # The page at phone width before the ceremony (the screenshot stays if the page goes away).
            overflow, png = browser.at_width(args.width, screenshot=bool(args.screenshot))
            pressed = browser.press(ceremony["button"])

        # The outcome: register ends with the status's final state (or the page gone); sign-in
        # when the browser leaves the page's origin or the status says it failed.
        def finished(status):
            if args.command == "register":
                return status is not None and (status["state"] in ("created", "failed") or not status["present"])
            if args.command == "account":
                return status is not None and (status["overview"] or status["state"] == "failed")
            if args.command == "step-up":
                back = "/account" not in urllib.parse.urlparse(driver.current_url).path
                return back or (status is not None and status["state"] == "failed")
            left = origin_of(driver.current_url) != page_origin
            return left or (status is not None and status["state"] == "failed")

        status = wait_for_outcome(browser, network, finished, args.timeout)
        signed_out = None
        raw_credentials = browser.credentials()
        # The signed-in page's cookies (HttpOnly ones too), for a test to go on without a browser.
        signed_in = args.command == "step-up" or (status is not None and status["overview"])
        cookies = {c["name"]: c["value"] for c in driver.get_cookies()} if signed_in else None
        email_change = None
        if getattr(args, "change_email", None) and status is not None and status["overview"]:
            email_change = change_email(browser, driver, args)
        if getattr(args, "sign_out", False) and status is not None and status["overview"]:
            # Without its passkey, so that the signed-out page's autofill request (which a virtual
            # authenticator would answer at once, unlike a person) waits.
            driver.remove_all_credentials()
            driver.find_element(By.ID, "sign-out").click()
            WebDriverWait(driver, args.timeout).until(
                lambda d: d.find_elements(By.ID, "sign-in-passkey"), "the page never showed the sign-in again")
            signed_out = True
        final_url = driver.current_url
        still_here = origin_of(final_url) == page_origin and status is not None and (status["present"] or status["overview"])
        if still_here:
            after, shot = browser.at_width(args.width, screenshot=bool(args.screenshot))
            overflow, png = overflow or after, shot or png
        if args.screenshot and png:
            try:
                with open(args.screenshot, "wb") as f:
                    f.write(png)
            except OSError as error:
                raise SetupProblem("cannot write %s: %s" % (args.screenshot, error)) from None

        options_post, result_post = network.latest("options"), network.latest("posted")
        options = public_key_options(options_post["answer"]) if options_post else {}
        verification, public_key = None, None  # nothing to verify when the page posted nothing
        if result_post and args.command == "register":
            verification, public_key = verify_registration(result_post["body"], options, args)
        elif result_post:
            verification = verify_assertion(result_post["body"], options, saved, args)

        saved_to = None
        if args.save_credential and raw_credentials:
            keep_credential(args, raw_credentials, result_post, public_key, saved, kind)
            saved_to = args.save_credential

        console_errors, network_errors = browser.logged()
        result = ceremony["result"]
        report = {
            "state": status["state"] if status else None, "status_text": status["text"] if status else None,
            **pressed,
            "options_request": options_post["body"] if options_post else None,
            "options": options_post["answer"] if options_post else None,
            "options_status": options_post["status"] if options_post else None,
            result: result_post["body"] if result_post else None,
            result + "_status": result_post["status"] if result_post else None,
            result + "_answer": result_post["answer"] if result_post else None,
            "py_webauthn": verification,
            "credentials": [{"id": unpadded(c["credentialId"]), "rp_id": c.get("rpId"),
                             "is_resident_credential": c.get("isResidentCredential"), "sign_count": c.get("signCount"),
                             "user_handle": unpadded(c.get("userHandle"))} for c in raw_credentials],
            "saved_credential": saved_to, "final_url": final_url, "page_text": status.get("page") if status else None,
            "signed_out": signed_out, "cookies": cookies, "email_change": email_change,
            "horizontal_overflow": overflow is not None, "overflow": overflow,
            "console_errors": console_errors, "network_errors": network_errors,
            "authenticator": kind, "autofill": autofill, "durable_network_log": network.durable,
            "seconds": round(time.monotonic() - started, 2),
        }
    except WebDriverException as error:
        raise SetupProblem("the browser failed: %s" % (getattr(error, "msg", None) or error)) from None
    finally:
        browser.quit()
    return report


def change_email(browser, driver, args):
    """On the signed-in account page: follows #change-email by the keyboard, types the address
    into the form and sends it with ENTER, at the phone width; done when the page says a link
    is waiting (#pending-email). The form's screenshot goes to --email-screenshot."""
    link = browser.press("change-email")
    WebDriverWait(driver, args.timeout).until(lambda d: d.find_elements(By.ID, "email"), "the email form never showed")
    browser.resize(args.width, PHONE_HEIGHT)
    overflow = driver.execute_script(OVERFLOW_JS)
    field = driver.find_element(By.ID, "email")
    field.clear()
    field.send_keys(args.change_email)
    if args.email_screenshot:
        _, png = browser.at_width(args.width, screenshot=True)
        with open(args.email_screenshot, "wb") as f:
            f.write(png)
        browser.resize(args.width, PHONE_HEIGHT)
    driver.find_element(By.ID, "email").send_keys(Keys.ENTER)
    WebDriverWait(driver, args.timeout).until(
        lambda d: d.find_elements(By.ID, "pending-email"), "the page never said a link was waiting")
    after = driver.execute_script(OVERFLOW_JS)
    browser.resize(*DESKTOP)
    return {**link, "pending_text": driver.find_element(By.ID, "pending-email").text,
            "horizontal_overflow": overflow is not None or after is not None}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in CEREMONIES:
        command = commands.add_parser(name)
        command.add_argument("--url", required=True, help="the enrollment link (register) or the sign-in page")
        command.add_argument("--rp-id", required=True, help="the relying party id py_webauthn expects")
        command.add_argument("--origin", required=True, help="the origin py_webauthn expects (http://localhost:PORT)")
        command.add_argument("--authenticator", choices=["platform", "security-key", "u2f", "none"],
                             default="platform" if name == "register" else None)
        command.add_argument("--user-verified", choices=["yes", "no"], default="yes")
        command.add_argument("--screenshot", help="a PNG of the hosted page at --width")
        command.add_argument("--width", type=int, default=390, help="the phone width the page is checked at")
        command.add_argument("--save-credential", help="a file to keep the virtual authenticator's credential in")
        command.add_argument("--timeout", type=float, default=30, help="seconds to wait for the page, then for the outcome")
        command.add_argument("--cookie", action="append", help="NAME=VALUE, a cookie of the page's origin set before it loads")
        if name in ("sign-in", "account", "step-up"):
            command.add_argument("--credential-file", help="a credential kept by register --save-credential")
            command.add_argument("--autofill", action="store_true",
                                 help="sign in through the page's autofill request, pressing nothing")
        if name == "account":
            command.add_argument("--sign-out", action="store_true", help="then sign out, and wait for the sign-in again")
            command.add_argument("--change-email", help="then ask to change the email address to this one, by the keyboard")
            command.add_argument("--email-screenshot", help="a PNG of the email form, filled in, at --width")
    args = parser.parse_args()
    try:
        report = run(args)
    except SetupProblem as problem:
        setup_problem(str(problem))
    print(json.dumps(report))


if __name__ == "__main__":
    main()
