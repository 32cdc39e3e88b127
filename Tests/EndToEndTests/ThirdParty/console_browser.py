"""The operator console in a real browser: Debian's headless Chromium driven by Selenium 4.

phase1 STATE --base-url URL --token TOKEN --screenshots DIR --failures DIR
       [--registration-redirect-uri URI] [--redirect-uri URI] [--invoke-url URL]
    signs in typing the token (keys only); creates a tenant (keys only), a realm (after a
    refused URI shown beside its field with what was typed kept), a public application (Back
    and Forward after it) and an identity with an email through the forms; mails the identity
    an enrollment link; notes the dashboard's numbers; finds a display name and an admin token
    label holding a script shown as text, running nothing; prints a JSON report (ids, the
    client id) and keeps the session's cookie in STATE
phase2 STATE
    (another browser with that cookie, after a device registered from the mailed link and
    signed in) sees the credential and its session on the identity page and the dashboard
    count them; revokes the credential through the confirmation page and sees the dashboard
    count it no more; finds the revocation in the audit log, made via the console; signs out
    and finds the pages closed; prints a JSON report

scale STATE --base-url URL --token TOKEN --tenant ID --realm ID --empty-realm ID --screenshots DIR
      --failures DIR
    (a realm of 210 identities, user000 to user209, 3 suspended; another realm with none) signs
    in; pages through the identity list both ways, changes the page size, the order and the
    status filter; finds the empty realm's next step; sends a new application with several
    mistakes and follows the error summary's links to the fields; manages a webhook endpoint:
    a loopback target refused at creation, then one created (its secret shown once),
    disabled, enabled, sent a test event whose failed attempt is shown with its error; prints
    a JSON report

On every page it visits it checks that each input has a label (`<label for>` or a wrapping
label), that no id is used twice, that at 390x844 nothing scrolls sideways, that the page logs
no Content-Security-Policy violation and that `window.__xss` is undefined; what it finds is in
the report's `findings`. A step that fails saves console-failure-STEP.png and .html in the
failures directory and exits 1 naming the step. Screenshots of the main pages go to the
screenshots directory as console-PAGE.png. Waits are explicit (WebDriverWait), never sleeps.
"""
import argparse
import base64
import contextlib
import json
import os
import re
import sys

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

UUID = r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
DESKTOP = (1280, 900)
PHONE = (390, 844)
TIMEOUT = 30  # generous: CI runs the other suites alongside

# Labels, duplicate ids, sideways overflow: one script so every page is checked alike.
LABELS_JS = """
const unlabelled = [];
for (const el of document.querySelectorAll('input, select, textarea')) {
  if (['hidden', 'submit', 'button', 'reset', 'image'].includes(el.type)) continue;
  const named = [...el.labels].some(label => label.textContent.trim() !== '');
  if (!named) unlabelled.push(el.id ? '#' + el.id : (el.name ? '[name=' + el.name + ']' : el.outerHTML.slice(0, 80)));
}
return unlabelled;
"""
DUPLICATE_IDS_JS = """
const seen = {}, twice = [];
for (const el of document.querySelectorAll('[id]')) {
  if (seen[el.id] && !twice.includes(el.id)) twice.push(el.id);
  seen[el.id] = true;
}
return twice;
"""
MENU_JS = """
const button = document.querySelector('.menu-button');
if (!button) { return null; }
return {header: document.querySelector('header').getBoundingClientRect().height,
        shown: getComputedStyle(document.getElementById('menu')).display !== 'none'};
"""

OVERFLOW_JS = """
const width = window.innerWidth, scrolling = document.scrollingElement.scrollWidth;
if (scrolling <= width) return null;
const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
  (el.classList.length ? '.' + [...el.classList].join('.') : '');
// The innermost elements that reach past the right edge, to name the culprit.
const wide = [...document.body.querySelectorAll('*')].filter(el => el.getBoundingClientRect().right > width + 1 &&
  ![...el.children].some(child => child.getBoundingClientRect().right > width + 1));
return {scroll_width: scrolling, inner_width: width, elements: wide.slice(0, 5).map(name)};
"""


class StepFailed(Exception):
    pass


class Console:
    """A browser on the console, with the checks every page gets."""

    # The prefix of its screenshots' and failures' file names.
    NAME = "console"

    def __init__(self, state, javascript=True):
        self.state = state
        self.base = state["base_url"].rstrip("/") + "/console"
        self.pages = 0
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--window-size=%d,%d" % DESKTOP, "--lang=en-US"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        if not javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.wait = WebDriverWait(self.driver, TIMEOUT)

    # -- steps and failures ------------------------------------------------------------------

    @contextlib.contextmanager
    def step(self, name):
        """A named step: on any failure, a screenshot and the page's source, then exit 1."""
        try:
            yield
        except Exception as error:  # noqa: BLE001 - every failure is reported the same way
            self.fail(name, error)

    def fail(self, name, error):
        directory = self.state["failures"]
        os.makedirs(directory, exist_ok=True)
        shot = os.path.join(directory, "%s-failure-%s.png" % (self.NAME, name))
        source = os.path.join(directory, "%s-failure-%s.html" % (self.NAME, name))
        try:
            self.driver.save_screenshot(shot)
            with open(source, "w") as f:
                f.write(self.driver.page_source)
            url = self.driver.current_url
            alerts = [alert.text for alert in self.driver.find_elements(By.CSS_SELECTOR, "[role=alert]") if alert.text]
            logged = [entry["message"] for entry in self.driver.get_log("browser")
                      if entry["level"] == "SEVERE" and "/favicon.ico" not in entry["message"]]
        except WebDriverException:
            url, alerts, logged = "(no page)", [], []
        message = (getattr(error, "msg", None) or str(error) or type(error).__name__).strip()
        says = "".join("\n  the page says: %s" % text for text in alerts)
        says += "".join("\n  the browser logged: %s" % text for text in logged)
        print("%s browser test failed at step '%s' on %s: %s%s\n  screenshot %s\n  page source %s"
              % (self.NAME, name, url, message, says, shot, source), file=sys.stderr)
        self.driver.quit()
        sys.exit(1)

    # -- navigation -------------------------------------------------------------------------

    def url(self, path=""):
        return self.base + path

    def open(self, path):
        self.driver.get(self.url(path))
        self.wait.until(lambda d: d.execute_script("return document.readyState") == "complete")

    def wait_for_path(self, pattern):
        """Waits until the URL's path (after the console's root) matches `pattern`; returns the match."""
        regex = re.compile("^" + re.escape(self.base) + pattern + r"(\?.*)?$")
        readable = pattern.replace("\\", "")  # re.escape's backslashes, for the message
        self.wait.until(lambda d: regex.match(d.current_url), "the URL never became %s%s" % (self.base, readable))
        self.wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
        return regex.match(self.driver.current_url)

    @contextlib.contextmanager
    def navigation(self):
        """Waits, after its body, until the page it began on has been replaced by another (so a
        check that follows never reads the old page, even when the URL stays the same)."""
        self.pages += 1
        marker = "page-%d" % self.pages
        self.driver.execute_script("window.__consoleTestPage = arguments[0]", marker)

        def replaced(driver):
            try:
                return driver.execute_script(
                    "return document.readyState === 'complete' && window.__consoleTestPage !== arguments[0]", marker)
            except WebDriverException:  # the document is being swapped
                return False

        yield
        self.wait.until(replaced, "the page did not change")

    def history(self, step):
        """Back (`step` -1) or Forward (+1) as the browser's buttons do: to the neighbouring
        entry of this tab's history, whose URL it returns."""
        history = self.driver.execute_cdp_cmd("Page.getNavigationHistory", {})
        index = history["currentIndex"] + step
        if not 0 <= index < len(history["entries"]):
            raise StepFailed("no history entry to go %s to" % ("back" if step < 0 else "forward"))
        entry = history["entries"][index]
        with self.navigation():
            self.driver.execute_cdp_cmd("Page.navigateToHistoryEntry", {"entryId": entry["id"]})
        return entry["url"]

    def element(self, element_id):
        return self.wait.until(EC.visibility_of_element_located((By.ID, element_id)), "no visible #%s" % element_id)

    def fill(self, element_id, text):
        field = self.element(element_id)
        field.clear()
        field.send_keys(text)

    def click(self, element_id):
        """Clicks a button or link that loads another page, and waits for it."""
        button = self.wait.until(EC.element_to_be_clickable((By.ID, element_id)), "#%s is not clickable" % element_id)
        with self.navigation():
            button.click()

    def expand(self, summary_id):
        """Opens the <details> whose <summary> is #summary_id (a click; no page loads)."""
        summary = self.wait.until(EC.element_to_be_clickable((By.ID, summary_id)), "#%s is not clickable" % summary_id)
        if summary.find_element(By.XPATH, "..").get_attribute("open") is None:
            summary.click()

    def click_link(self, text):
        link = self.wait.until(EC.element_to_be_clickable((By.LINK_TEXT, text)), "no link %r" % text)
        with self.navigation():
            link.click()

    def dashboard(self, realm_id):
        """The dashboard's numbers (all and the realm's), reached by its link in the header."""
        self.click_link("Dashboard")
        self.wait_for_path("")
        number = lambda element_id: int(self.element(element_id).text)
        numbers = {
            "day_succeeded": number("day-succeeded"), "day_refused": number("day-refused"),
            "active_identities": number("active-identities"), "active_credentials": number("active-credentials"),
            "realm_identities": number("realm-%s-identities" % realm_id),
            "realm_credentials": number("realm-%s-credentials" % realm_id),
        }
        self.check("dashboard")
        return numbers

    def set_checked(self, element_id, checked):
        box = self.wait.until(EC.presence_of_element_located((By.ID, element_id)), "no #%s" % element_id)
        if box.is_selected() != checked:
            box.click()
        self.wait.until(lambda d: box.is_selected() == checked, "#%s did not change" % element_id)

    def expect_no_xss(self, page):
        """The canary a planted script would set is unset, and no element the payload holds was made."""
        if self.driver.execute_script("return typeof window.__xss") != "undefined":
            raise StepFailed("a script planted in a name ran on the %s page" % page)
        planted = self.driver.find_elements(By.CSS_SELECTOR, "main img, main script")
        if planted:
            raise StepFailed("the %s page made elements from a planted name: %s"
                             % (page, [element.get_attribute("outerHTML") for element in planted]))

    def heading(self):
        return self.element_by_css("h1").text

    def element_by_css(self, selector):
        return self.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, selector)), "no visible %s" % selector)

    # -- keyboard ---------------------------------------------------------------------------

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def tab_to(self, element_id, limit=60):
        """Presses TAB until `element_id` has the focus."""
        for _ in range(limit):
            if self.driver.switch_to.active_element.get_attribute("id") == element_id:
                return
            self.keys(Keys.TAB)
        raise StepFailed("TAB never reached #%s" % element_id)

    # -- what every page is checked for -----------------------------------------------------

    def check(self, page):
        """Labels, ids, phone width, CSP and the XSS canary on the current page, as `page`."""
        findings = self.state.setdefault("findings", {})
        driver = self.driver

        def note(kind, value):
            if value:
                findings.setdefault(kind, {})[page] = value

        self.expect_no_xss(page)
        note("unlabelled_inputs", driver.execute_script(LABELS_JS))
        note("duplicate_ids", driver.execute_script(DUPLICATE_IDS_JS))
        driver.set_window_size(*PHONE)
        self.wait.until(lambda d: d.execute_script("return window.innerWidth") == PHONE[0], "the window did not narrow")
        note("phone_overflow", driver.execute_script(OVERFLOW_JS))
        # Signed in, the navigation folds behind the Menu button, and the button opens it.
        menu = driver.execute_script(MENU_JS)
        if menu is not None:
            folded = dict(menu)
            driver.find_element(By.CSS_SELECTOR, ".menu-button").click()
            opened = driver.execute_script(MENU_JS)
            driver.find_element(By.CSS_SELECTOR, ".menu-button").click()
            if folded["shown"] or folded["header"] > 80 or not opened["shown"]:
                note("phone_menu", {"folded": folded, "opened": opened})
        driver.set_window_size(*DESKTOP)
        self.wait.until(lambda d: d.execute_script("return window.innerWidth") == DESKTOP[0], "the window did not widen")
        note("csp_violations", [entry["message"] for entry in driver.get_log("browser")
                                if "Content Security Policy" in entry["message"]])
        self.state.setdefault("pages_checked", [])
        if page not in self.state["pages_checked"]:
            self.state["pages_checked"].append(page)

    def screenshot(self, page):
        """The whole page (not only the window) as SHOTS/NAME-PAGE.png."""
        directory = self.state["screenshots"]
        os.makedirs(directory, exist_ok=True)
        metrics = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
        size = metrics["cssContentSize"]
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": DESKTOP[0], "height": min(size["height"], 4000), "scale": 1},
        })
        path = os.path.join(directory, "%s-%s.png" % (self.NAME, page))
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        self.state.setdefault("screenshots_saved", []).append(os.path.basename(path))

    # -- sessions across phases -------------------------------------------------------------

    def keep_session(self):
        self.state["cookies"] = [c for c in self.driver.get_cookies() if c["name"].endswith("bi_console")]

    def resume_session(self):
        """Opens the sign-in page (for the cookie's origin), then sets the first browser's session cookie."""
        self.open("/sign-in")
        for cookie in self.state["cookies"]:
            kept = {key: cookie[key] for key in ("name", "value", "path", "httpOnly", "secure", "sameSite", "expiry")
                    if key in cookie}
            self.driver.add_cookie(kept)

    def quit(self):
        self.driver.quit()


XSS_NAME = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>'


def phase1(state):
    console = Console(state)
    names = state["names"]

    with console.step("sign-in-page"):
        console.open("")
        console.wait_for_path("/sign-in")
        console.element("token")
        console.check("sign-in")
        console.screenshot("sign-in")

    with console.step("sign-in-by-keyboard"):
        # Keys only: TAB to the field (it may already have the focus), type, TAB to the button, ENTER.
        console.tab_to("token")
        console.keys(state["token"])
        console.tab_to("sign-in")
        with console.navigation():
            console.keys(Keys.ENTER)
        console.wait_for_path("")
        console.element("sign-out")
        console.check("dashboard")
        state["keyboard"] = ["sign-in"]

    with console.step("create-tenant-by-keyboard"):
        console.open("/tenants")
        console.check("tenants")
        console.tab_to("tenant-name")
        console.keys(names["tenant"])
        console.tab_to("create-tenant-button")
        with console.navigation():
            console.keys(Keys.ENTER)
        state["tenant_id"] = console.wait_for_path(r"/tenants/" + UUID).group(1)
        assert console.heading() == names["tenant"], console.heading()
        console.check("tenant")
        state["keyboard"].append("create-tenant")

    with console.step("refused-realm-input"):
        # Bad input: the error beside its field, in words, and what was typed kept.
        console.fill("realm-name", names["realm"])
        console.fill("realm-redirect", "not a URI")
        console.click("create-realm-button")
        error = console.element("realm-redirect-error").text
        assert error, "no error beside the registration redirect URI"
        assert console.element("realm-redirect").get_attribute("aria-invalid") == "true"
        assert console.element("realm-name").get_attribute("value") == names["realm"], "the typed name was lost"
        assert console.element("realm-redirect").get_attribute("value") == "not a URI", "the typed URI was lost"
        console.check("tenant (refused input)")
        state["refused_input_error"] = error

    with console.step("create-realm"):
        console.fill("realm-redirect", state["registration_redirect_uri"])
        console.click("create-realm-button")
        match = console.wait_for_path(r"/tenants/%s/realms/%s" % (re.escape(state["tenant_id"]), UUID))
        state["realm_id"] = match.group(1)
        state["realm_path"] = "/tenants/%s/realms/%s" % (state["tenant_id"], state["realm_id"])
        assert console.heading() == names["realm"], console.heading()
        state["issuer"] = console.element("issuer").text
        console.check("realm")

    with console.step("create-public-application"):
        console.click("new-application")
        console.wait_for_path(re.escape(state["realm_path"]) + "/applications/new")
        console.check("new-application")
        console.fill("app-display-name", names["application"])
        console.set_checked("app-type-public", True)
        console.set_checked("app-grant-code", True)
        console.set_checked("app-grant-refresh", True)
        console.fill("app-redirect-uris", state["redirect_uri"])
        console.fill("app-invoke-url", state["invoke_url"])
        console.fill("app-allowed-scopes", "openid profile email")
        console.click("save-application")
        match = console.wait_for_path(re.escape(state["realm_path"]) + r"/applications/" + UUID)
        state["application_path"] = state["realm_path"] + "/applications/" + match.group(1)
        state["client_id"] = console.element("client-id").text
        assert console.heading() == names["application"], console.heading()
        console.check("application")
        console.screenshot("application")

    with console.step("back-button"):
        # After a post and its redirect, Back shows the form again (no resubmission, no error).
        # The post left no entry of its own: the one before the new application is its form.
        previous = console.history(-1)
        assert previous == console.url(state["realm_path"] + "/applications/new"), previous
        console.wait_for_path(re.escape(state["realm_path"]) + "/applications/new")
        console.element("app-display-name")
        console.history(+1)
        console.wait_for_path(re.escape(state["application_path"]))
        assert console.element("client-id").text == state["client_id"]

    with console.step("create-identity"):
        console.open(state["realm_path"])
        console.click("identities-link")
        console.wait_for_path(re.escape(state["realm_path"]) + "/identities")
        console.check("identities")
        console.expand("create-identity")
        console.fill("identity-username", names["username"])
        console.fill("identity-email", names["email"])
        console.fill("identity-display-name", names["display_name"])
        console.click("create-identity-button")
        match = console.wait_for_path(re.escape(state["realm_path"]) + r"/identities/" + UUID)
        state["identity_id"] = match.group(1)
        state["identity_path"] = state["realm_path"] + "/identities/" + match.group(1)
        assert console.element("identity-name").text == names["display_name"], console.element("identity-name").text
        console.check("identity")

    with console.step("mail-enrollment-link"):
        console.set_checked("kind-registration", True)
        console.set_checked("delivery-email", True)
        console.click("send-link")
        console.wait_for_path(re.escape(state["identity_path"]))
        notice = console.element("notice").text
        assert "queued" in notice, notice
        jobs = console.element("binding-jobs").text.lower()
        # The mail goes out from the outbox: the job shows where it is.
        assert "email" in jobs and ("pending" in jobs or "delivered" in jobs), jobs

    with console.step("provisioning-token"):
        console.open(state["realm_path"])
        console.click("provisioning-tokens-link")
        console.wait_for_path(re.escape(state["realm_path"]) + "/provisioning-tokens")
        console.check("provisioning-tokens")
        console.screenshot("provisioning-tokens")
        console.fill("token-label", "Entra ID")
        console.fill("token-expiry", "365")
        console.click("create-token-button")
        secret = console.element("secret").text
        assert secret.startswith("bip_"), secret
        console.check("provisioning-token-shown-once")

    with console.step("stored-xss-display-name"):
        console.open(state["realm_path"] + "/identities")
        console.expand("create-identity")
        console.fill("identity-username", "mallory")
        console.fill("identity-display-name", XSS_NAME)
        console.click("create-identity-button")
        console.wait_for_path(re.escape(state["realm_path"]) + r"/identities/" + UUID)
        shown = console.element("identity-name").text
        assert shown == XSS_NAME, "the display name is not shown as its literal text: %r" % shown
        console.expect_no_xss("identity (script display name)")
        console.open(state["realm_path"] + "/identities")
        assert XSS_NAME in console.element("identities").text, console.element("identities").text
        console.expect_no_xss("identities (script display name)")
        console.check("identities")
        state["xss_shown_as_text"] = True

    with console.step("dashboard-before-the-device"):
        state["dashboard"] = [console.dashboard(state["realm_id"])]
        before = state["dashboard"][0]
        assert before["realm_identities"] == 2 and before["realm_credentials"] == 0, before

    with console.step("admin-tokens-page"):
        console.click_link("Admin tokens")
        console.wait_for_path("/admin-tokens")
        rows = console.element("admin-tokens").text
        assert "bootstrap" in rows, rows
        console.check("admin-tokens")

    with console.step("stored-xss-token-label"):
        console.fill("token-label", XSS_NAME)
        console.fill("token-expiry", "1")
        console.click("create-token-button")
        assert console.element("secret").text.startswith("bia_"), "no new token shown"
        console.expect_no_xss("new admin token")
        console.check("admin-token (shown once)")
        console.click("continue")
        console.wait_for_path("/admin-tokens")
        assert XSS_NAME in console.element("admin-tokens").text, console.element("admin-tokens").text
        console.expect_no_xss("admin tokens (script label)")

    with console.step("tenant-and-realm-pages"):
        console.open("/tenants/%s" % state["tenant_id"])
        rows = console.element("realms").text
        assert names["realm"] in rows, rows
        console.screenshot("tenant")
        console.open(state["realm_path"])
        rows = console.element("applications").text
        assert names["application"] in rows and state["client_id"] in rows, rows
        console.screenshot("realm")

    console.keep_session()
    console.quit()
    return {key: state[key] for key in (
        "tenant_id", "realm_id", "issuer", "client_id", "identity_id", "redirect_uri", "refused_input_error")}


def phase2(state):
    console = Console(state)
    names = state["names"]

    with console.step("resume-session"):
        console.resume_session()
        console.open(state["identity_path"])
        assert console.element("identity-name").text == names["display_name"], console.element("identity-name").text

    with console.step("credential-appears"):
        row = console.element_by_css("#credentials tr[data-credential]")
        state["credential_id"] = row.get_attribute("data-credential")
        assert "active" in row.text, row.text
        sessions = console.element("sessions").text
        assert names["application"] in sessions, "no session of %s: %s" % (names["application"], sessions)
        console.check("identity")
        console.screenshot("identity")

    with console.step("dashboard-with-the-device"):
        before, now = state["dashboard"][0], console.dashboard(state["realm_id"])
        state["dashboard"].append(now)
        assert now["realm_credentials"] == 1, now
        assert now["active_credentials"] == before["active_credentials"] + 1, (before, now)
        assert now["day_succeeded"] >= before["day_succeeded"] + 1, (before, now)
        console.screenshot("dashboard")

    with console.step("revoke-credential"):
        console.open(state["identity_path"])
        row = console.element_by_css('#credentials tr[data-credential="%s"]' % state["credential_id"])
        with console.navigation():
            row.find_element(By.CSS_SELECTOR, "a.revoke-credential").click()
        console.wait_for_path(re.escape(state["identity_path"]) + "/credentials/[^/?]+/revoke")
        consequence = console.element("consequence").text
        assert state["credential_id"] in consequence, consequence
        console.check("confirm-revoke")
        console.click("confirm")
        console.wait_for_path(re.escape(state["identity_path"]))
        assert "Revoked" in console.element("notice").text, console.element("notice").text
        row = console.element_by_css('#credentials tr[data-credential="%s"]' % state["credential_id"])
        assert "revoked" in row.text, row.text
        assert not row.find_elements(By.CSS_SELECTOR, "a.revoke-credential"), "a revoked credential still offers Revoke"
        state["credential_revoked"] = True

    with console.step("dashboard-after-revocation"):
        now = console.dashboard(state["realm_id"])
        state["dashboard"].append(now)
        assert now["realm_credentials"] == 0, now
        assert now["active_credentials"] == state["dashboard"][0]["active_credentials"], state["dashboard"]

    with console.step("audit-trail"):
        console.click_link("Audit events")
        console.wait_for_path("/audit")
        console.element("audit-events")
        console.check("audit")
        console.screenshot("audit")
        console.expand("filter-heading")
        console.fill("filter-subject", state["credential_id"])
        console.click("apply-filter")
        console.wait_for_path(r"/audit\?.*")
        rows = console.driver.find_elements(By.CSS_SELECTOR, "#audit-events tbody tr[id^=event-]")
        types = [row.find_elements(By.TAG_NAME, "td")[1].text for row in rows]
        state["audit_types"] = types
        assert types and types[0] == "credential.revoked" and "credential.bound" in types, types
        with console.navigation():
            rows[0].find_element(By.CSS_SELECTOR, "td a").click()
        console.wait_for_path(r"/audit/[^/?]+")
        assert console.element("event-type").text == "credential.revoked", console.element("event-type").text
        assert console.element("detail-via").text == "console", console.element("detail-via").text
        console.check("audit-event")

    with console.step("sign-out"):
        console.click("sign-out")
        console.wait_for_path("/sign-in")
        notice = console.element_by_css("p.notice").text
        assert "signed out" in notice.lower(), notice

    with console.step("pages-closed"):
        for path in ("", "/tenants", state["realm_path"], state["identity_path"]):
            console.open(path)
            console.wait_for_path("/sign-in")
        state["closed_after_sign_out"] = True

    console.quit()
    return {key: state[key] for key in (
        "credential_id", "credential_revoked", "closed_after_sign_out", "xss_shown_as_text", "dashboard", "audit_types")}


def scale(state):
    console = Console(state)
    realm_path = "/tenants/%s/realms/%s" % (state["tenant_id"], state["realm_id"])
    identities = realm_path + "/identities"

    def usernames():
        return [row.find_element(By.TAG_NAME, "a").text
                for row in console.driver.find_elements(By.CSS_SELECTOR, "#identities tbody tr")]

    def apply_filters(**choices):
        for element_id, value in choices.items():
            Select(console.element(element_id.replace("_", "-"))).select_by_value(value)
        console.click("search-button")

    with console.step("sign-in"):
        console.open("/sign-in")
        console.fill("token", state["token"])
        console.click("sign-in")
        console.wait_for_path("")

    with console.step("identity-list-at-scale"):
        console.open(identities)
        assert console.element("identity-total").text == "210", console.element("identity-total").text
        first = usernames()
        assert first == ["user%03d" % n for n in range(50)], first[:3]
        assert not console.driver.find_elements(By.ID, "previous-page"), "the first page offers a previous one"
        console.check("identities (210)")
        console.screenshot("identities")
        console.click("next-page")
        assert usernames() == ["user%03d" % n for n in range(50, 100)], usernames()[:3]
        console.click("previous-page")
        assert usernames() == first, usernames()[:3]
        state["identity_pages"] = ["first", "next", "previous"]

    with console.step("identity-list-choices"):
        apply_filters(page_size="100")
        assert len(usernames()) == 100, len(usernames())
        apply_filters(order="-username")
        assert usernames()[:2] == ["user209", "user208"], usernames()[:2]
        apply_filters(status_filter="suspended", page_size="25")
        assert console.element("identity-total").text == "3", console.element("identity-total").text
        assert usernames() == ["user200", "user100", "user000"], usernames()
        console.check("identities (suspended)")
        console.click("show-all")
        assert console.element("identity-total").text == "210"

    with console.step("empty-realm"):
        console.open("/tenants/%s/realms/%s/identities" % (state["tenant_id"], state["empty_realm_id"]))
        empty = console.element("empty").text
        assert "No identities in this realm yet" in empty, empty
        console.check("identities (empty realm)")

    with console.step("error-summary"):
        console.open(realm_path + "/applications/new")
        console.fill("app-display-name", "Shop")
        console.set_checked("app-method-same-device", True)
        console.fill("app-redirect-uris", "not a url")
        console.fill("app-invoke-url", "")
        console.fill("app-refresh-token-lifetime", "forever")
        console.click("save-application")
        summary = console.element("error-summary")
        links = summary.find_elements(By.CSS_SELECTOR, "a[href^='#']")
        targets = [link.get_attribute("href").split("#", 1)[1] for link in links]
        assert len(targets) >= 3, summary.text
        for target in targets:
            assert console.element(target).get_attribute("aria-invalid") == "true", target
        links[0].click()
        console.wait.until(lambda d: d.execute_script("return location.hash") == "#" + targets[0], "the link went nowhere")
        console.check("new-application (refused)")
        console.screenshot("error-summary")
        state["summary_targets"] = targets

    with console.step("webhook-refused-target"):
        console.open("/tenants/%s/webhooks" % state["tenant_id"])
        console.expand("new-webhook")
        console.fill("webhook-url", "http://127.0.0.1:9/hook")
        console.click("create-webhook")
        error = console.element("webhook-url-error").text
        assert error, "no error beside the URL"
        assert console.element("webhook-url").get_attribute("value") == "http://127.0.0.1:9/hook", "the typed URL was lost"
        state["webhook_refusal"] = error

    with console.step("webhook-created"):
        console.fill("webhook-url", "https://hooks.invalid/in")
        console.fill("webhook-description", "CRM")
        console.click("create-webhook")
        assert console.element("secret").text.startswith("whsec_"), "no signing secret shown"
        console.check("webhook secret (shown once)")
        console.click("continue")
        console.wait_for_path(r"/tenants/[^/]+/webhooks/[^/?]+")
        state["webhook_path"] = console.driver.current_url[len(console.base):].split("?")[0]
        console.check("webhook")

    with console.step("webhook-disable-enable"):
        console.click("disable-webhook")
        assert "disabled" in console.element("webhook-state").text.lower(), console.element("webhook-state").text
        console.click("enable-webhook")
        assert "enabled" in console.element("webhook-state").text.lower(), console.element("webhook-state").text

    with console.step("webhook-test-event"):
        console.click("send-test")

        def attempted(driver):
            driver.get(console.url(state["webhook_path"]))
            cells = driver.find_elements(By.CSS_SELECTOR, "#deliveries tbody td.answer")
            return cells[0].text if cells and cells[0].text.strip() not in ("", "—") else False
        state["webhook_answer"] = console.wait.until(attempted, "the test event's attempt never showed")
        assert "webhook.test" in console.element("deliveries").text
        console.check("webhook (attempted)")
        console.screenshot("webhook")

    console.quit()
    return {key: state[key] for key in ("identity_pages", "summary_targets", "webhook_refusal", "webhook_answer")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("phase", choices=["phase1", "phase2", "scale"])
    parser.add_argument("state")
    parser.add_argument("--base-url")
    parser.add_argument("--token")
    parser.add_argument("--screenshots")
    parser.add_argument("--failures")
    parser.add_argument("--registration-redirect-uri", default="https://app.example/register")
    parser.add_argument("--redirect-uri", default="https://app.example/callback")
    parser.add_argument("--invoke-url", default="https://app.example/invoke")
    parser.add_argument("--tenant")
    parser.add_argument("--realm")
    parser.add_argument("--empty-realm")
    arguments = parser.parse_args()
    if arguments.phase == "scale":
        state = {"base_url": arguments.base_url, "token": arguments.token, "tenant_id": arguments.tenant,
                 "realm_id": arguments.realm, "empty_realm_id": arguments.empty_realm,
                 "screenshots": arguments.screenshots, "failures": arguments.failures}
        report = scale(state)
    elif arguments.phase == "phase1":
        missing = [flag for flag in ("base_url", "token", "screenshots", "failures") if not getattr(arguments, flag)]
        if missing:
            parser.error("phase1 needs --" + ", --".join(name.replace("_", "-") for name in missing))
        state = {
            "base_url": arguments.base_url, "token": arguments.token, "screenshots": arguments.screenshots,
            "failures": arguments.failures, "registration_redirect_uri": arguments.registration_redirect_uri,
            "redirect_uri": arguments.redirect_uri, "invoke_url": arguments.invoke_url,
            "names": {"tenant": "Acme Corp", "realm": "Customers", "application": "Acme Shop (iOS)", "username": "ada",
                      "email": "ada@example.com", "display_name": "Ada Lovelace"},
        }
        report = phase1(state)
    else:
        with open(arguments.state) as f:
            state = json.load(f)
        report = phase2(state)
    with open(arguments.state, "w") as f:
        json.dump(state, f)
    report["findings"] = state.get("findings", {})
    report["pages_checked"] = state.get("pages_checked", [])
    report["keyboard"] = state.get("keyboard", [])
    report["screenshots"] = state.get("screenshots_saved", [])
    print(json.dumps(report))


if __name__ == "__main__":
    main()
