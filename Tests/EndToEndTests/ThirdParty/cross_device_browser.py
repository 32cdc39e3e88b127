"""Cross-device sign-in in a real browser: an unmodified authlib relying party sends Debian's
headless Chromium (driven by Selenium 4) to bi-server's /authorize; the hosted page shows the
sign-in URL, a device approves it (or declines), and the browser lands back at the relying party.

cross_device_browser.py --screenshots DIR --failures DIR

Speaks JSON lines: prints {"event": "relying_party", "redirect_uri"}; reads {"issuer",
"client_id", "client_secret"}; then, for each flow,
  approve (JavaScript on): prints {"event": "waiting", "sign_in_url", "user_agent", "page"} from
      the hosted page (checked for labels, unique ids, phone width, CSP and the keyboard), reads
      a line once the device approved, has a second browser open the same page (it must not see
      the code), waits for the page to ask to continue as who approved, continues by keyboard,
      waits for the relying party's callback and prints {"event": "signed_in", "sub", "amr",
      "identity", "stranger"};
  decline (JavaScript off): prints {"event": "waiting", ...}, reads a line once the device
      declined, waits for the page's own refresh to say so, follows its link back and prints
      {"event": "declined", "error"} with the error the relying party received.
The relying party checks state, exchanges the code with PKCE and client_secret_basic, and
verifies the ID token (signature by the JWKS, iss, aud, nonce) with authlib's own checks.
Waits are explicit, never sleeps; a failed step saves a screenshot and the page, and exits 1.
"""
import argparse
import json
import os
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session
from authlib.jose import JsonWebKey, jwt
from authlib.oidc.core import CodeIDToken
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from console_browser import Console

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # the test server is plain HTTP on loopback


class RelyingParty:
    """A web application that signs its users in with authlib: /login starts, /callback finishes."""

    def __init__(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self.handler())
        self.redirect_uri = "http://127.0.0.1:%d/callback" % self.server.server_address[1]
        self.pending = {}
        self.results = []
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def configure(self, issuer, client_id, client_secret):
        self.issuer, self.client_id, self.client_secret = issuer, client_id, client_secret
        self.metadata = requests.get(issuer + "/.well-known/openid-configuration", timeout=60).json()
        assert self.metadata["issuer"] == issuer

    def session(self):
        return OAuth2Session(
            self.client_id, self.client_secret, scope="openid profile", redirect_uri=self.redirect_uri,
            code_challenge_method="S256", token_endpoint_auth_method="client_secret_basic")

    def login(self):
        verifier, nonce = generate_token(48), generate_token(20)
        url, state = self.session().create_authorization_url(
            self.metadata["authorization_endpoint"], code_verifier=verifier, nonce=nonce)
        self.pending[state] = (verifier, nonce)
        return url

    def callback(self, query):
        parameters = dict(urllib.parse.parse_qsl(query))
        if "error" in parameters:
            result = {"error": parameters["error"], "state_known": parameters.get("state") in self.pending}
        else:
            verifier, nonce = self.pending.pop(parameters["state"])
            assert parameters["iss"] == self.issuer
            tokens = self.session().fetch_token(
                self.metadata["token_endpoint"], code=parameters["code"], code_verifier=verifier)
            keys = JsonWebKey.import_key_set(requests.get(self.metadata["jwks_uri"], timeout=60).json())
            claims = jwt.decode(
                tokens["id_token"], keys, claims_cls=CodeIDToken,
                claims_options={"iss": {"essential": True, "value": self.issuer}},
                claims_params={"nonce": nonce, "client_id": self.client_id})
            claims.validate()
            result = {"sub": claims["sub"], "amr": claims.get("amr")}
        self.results.append(result)
        return result

    def handler(self):
        party = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                path, _, query = self.path.partition("?")
                if path == "/login":
                    self.send_response(302)
                    self.send_header("Location", party.login())
                    self.end_headers()
                    return
                if path == "/callback":
                    try:
                        result = party.callback(query)
                        text = ("Signed in as %s" % result["sub"]) if "sub" in result else ("Not signed in: %s" % result["error"])
                        status = 200
                    except Exception as error:  # noqa: BLE001 - shown to the test, which fails on it
                        text, status = "Relying party error: %r" % error, 500
                    body = ("<!doctype html><title>Shop</title><p id=\"result\">%s</p>" % text).encode()
                    self.send_response(status)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                self.send_error(404)

            def log_message(self, *arguments):
                pass

        return Handler


class SignInBrowser(Console):
    """A browser on the hosted sign-in page."""

    NAME = "sign-in"

    def expect_no_xss(self, page):
        """Nothing on these pages comes from a user but the link; the canary must stay unset."""
        if self.driver.execute_script("return typeof window.__xss") != "undefined":
            raise AssertionError("a script ran on the %s page" % page)

    def start(self, party):
        """Opens the relying party's login, which leads to the hosted page; returns the sign-in URL."""
        self.driver.get(party.redirect_uri.replace("/callback", "/login"))
        self.wait.until(EC.presence_of_element_located((By.ID, "code")), "the hosted page never showed a code")
        return self.driver.find_element(By.ID, "url").get_attribute("value")

    def result(self, party):
        """Waits for the relying party's callback page; returns what it says."""
        self.wait.until(lambda d: d.current_url.startswith(party.redirect_uri), "the browser never came back")
        return self.wait.until(EC.presence_of_element_located((By.ID, "result")), "no result").text


def emit(event, **fields):
    print(json.dumps(dict(fields, event=event)), flush=True)


def read_line():
    line = sys.stdin.readline()
    if not line:
        sys.exit("the test closed the conversation")
    return line.strip()


def approve(state, party):
    browser = SignInBrowser(state)
    with browser.step("hosted-page"):
        url = browser.start(party)
        page = browser.driver.current_url
        browser.check("waiting")
        browser.driver.find_element(By.TAG_NAME, "body").click()
        browser.tab_to("url")  # the link is reachable by keyboard, to copy it
        browser.screenshot("waiting")
        agent = browser.driver.execute_script("return navigator.userAgent")
    emit("waiting", sign_in_url=url, user_agent=agent, page=page)
    read_line()
    stranger = SignInBrowser(state)
    with stranger.step("stranger"):
        stranger.driver.get(page)
        heading = stranger.element_by_css("h1").text
        saw_code = bool(stranger.driver.find_elements(By.ID, "code")) or url in stranger.driver.page_source
        stranger.driver.quit()
    with browser.step("continue"):
        # The page's long poll sees the approval and asks to continue as who approved.
        button = browser.wait.until(EC.element_to_be_clickable((By.ID, "continue")), "no Continue button after approval")
        identity = browser.driver.find_element(By.ID, "identity").text
        browser.check("continue")
        browser.screenshot("continue")
        button.send_keys(Keys.ENTER)
    with browser.step("signed-in"):
        text = browser.result(party)
        browser.driver.quit()
    assert text.startswith("Signed in as "), text
    emit("signed_in", sub=party.results[-1]["sub"], amr=party.results[-1]["amr"], identity=identity,
         stranger={"heading": heading, "saw_code": saw_code})


def decline(state, party):
    browser = SignInBrowser(state, javascript=False)
    with browser.step("no-script-page"):
        url = browser.start(party)
    emit("waiting", sign_in_url=url, user_agent=None, page=browser.driver.current_url)
    read_line()
    with browser.step("declined"):
        # No script: the page's own refresh (every 5 s) shows the outcome.
        browser.wait.until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#ended[data-reason=declined]"), "the page never said it was declined")
        browser.screenshot("declined")
        back = browser.driver.find_element(By.ID, "back")
        back.send_keys(Keys.ENTER)
        text = browser.result(party)
        browser.driver.quit()
    emit("declined", error=party.results[-1].get("error"), state_known=party.results[-1].get("state_known"), text=text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--failures", required=True)
    arguments = parser.parse_args()
    party = RelyingParty()
    emit("relying_party", redirect_uri=party.redirect_uri)
    client = json.loads(read_line())
    party.configure(client["issuer"], client["client_id"], client["client_secret"])
    state = {"base_url": client["issuer"], "screenshots": arguments.screenshots, "failures": arguments.failures}
    approve(state, party)
    decline(state, party)
    findings = state.get("findings", {})
    emit("done", findings=findings)


if __name__ == "__main__":
    main()
