"""An independent DPoP client: proofs made with Python joserfc (not our code) against bi-server.

begin  STATE ISSUER CLIENT_ID REDIRECT_URI   prints the authorization URL (public client, PKCE)
finish STATE REDIRECT_URL                   exchanges the code with a proof, checks the binding,
                                            calls userinfo with DPoP, refreshes; prints a JSON report
Every check is an assert on what the server answered; any failure exits non-zero.
"""
import base64
import hashlib
import json
import secrets
import sys
import time
import uuid
from urllib.parse import parse_qs, urlencode, urlparse

import requests
from joserfc import jwt
from joserfc.jwk import ECKey, OctKey


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def proof(key, method, url, access_token=None, nonce=None, alg="ES256"):
    claims = {"jti": str(uuid.uuid4()), "htm": method, "htu": url, "iat": int(time.time())}
    if access_token:
        claims["ath"] = b64url(hashlib.sha256(access_token.encode()).digest())
    if nonce:
        claims["nonce"] = nonce
    return jwt.encode({"typ": "dpop+jwt", "alg": alg, "jwk": key.as_dict(private=False)}, claims, key)


def token_post(metadata, key, form):
    """POSTs to the token endpoint with a proof, answering one use_dpop_nonce (RFC 9449 §8)."""
    url = metadata["token_endpoint"]
    response = requests.post(url, data=form, headers={"DPoP": proof(key, "POST", url)}, timeout=60)
    if response.status_code == 400 and response.json().get("error") == "use_dpop_nonce":
        nonce = response.headers["DPoP-Nonce"]
        response = requests.post(url, data=form, headers={"DPoP": proof(key, "POST", url, nonce=nonce)}, timeout=60)
    return response


def token_request(metadata, key, form):
    response = token_post(metadata, key, form)
    assert response.status_code == 200, response.text
    return response.json()


def begin(path, issuer, client_id, redirect_uri):
    metadata = requests.get(issuer + "/.well-known/openid-configuration", timeout=60).json()
    assert metadata["dpop_signing_alg_values_supported"] == ["ES256"], metadata
    verifier = secrets.token_urlsafe(48)
    state = {"issuer": issuer, "client_id": client_id, "redirect_uri": redirect_uri, "metadata": metadata,
             "verifier": verifier, "state": secrets.token_urlsafe(16)}
    with open(path, "w") as f:
        json.dump(state, f)
    print(metadata["authorization_endpoint"] + "?" + urlencode({
        "response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri, "scope": "openid profile",
        "state": state["state"], "nonce": secrets.token_urlsafe(16), "code_challenge_method": "S256",
        "code_challenge": b64url(hashlib.sha256(verifier.encode()).digest())}))


def finish(path, redirect_url):
    with open(path) as f:
        state = json.load(f)
    metadata = state["metadata"]
    query = parse_qs(urlparse(redirect_url).query)
    assert query["state"] == [state["state"]], query
    key = ECKey.generate_key("P-256")

    url = metadata["token_endpoint"]
    # An HS256 proof is refused before anything else (RFC 9449 §4.3).
    for bad in [jwt.encode({"typ": "dpop+jwt", "alg": "HS256", "jwk": key.as_dict(private=False)},
                           {"jti": "x", "htm": "POST", "htu": url, "iat": int(time.time())},
                           OctKey.import_key(secrets.token_bytes(32)), algorithms=["HS256"])]:
        refused = requests.post(url, data={"grant_type": "refresh_token", "refresh_token": "x",
                                           "client_id": state["client_id"]}, headers={"DPoP": bad}, timeout=60)
        assert refused.status_code == 400 and refused.json()["error"] == "invalid_dpop_proof", refused.text

    tokens = token_request(metadata, key, {
        "grant_type": "authorization_code", "code": query["code"][0], "redirect_uri": state["redirect_uri"],
        "client_id": state["client_id"], "code_verifier": state["verifier"]})
    assert tokens["token_type"] == "DPoP", tokens
    access = tokens["access_token"]
    payload = json.loads(base64.urlsafe_b64decode(access.split(".")[1] + "=="))
    assert payload["cnf"] == {"jkt": key.thumbprint()}, payload

    userinfo_url = metadata["userinfo_endpoint"]
    ok = requests.get(userinfo_url, timeout=60, headers={
        "Authorization": "DPoP " + access, "DPoP": proof(key, "GET", userinfo_url, access_token=access)})
    assert ok.status_code == 200, ok.text
    bearer = requests.get(userinfo_url, timeout=60, headers={"Authorization": "Bearer " + access})
    assert bearer.status_code == 401 and bearer.headers["WWW-Authenticate"].startswith("DPoP "), bearer.headers

    # The refresh token with another key's proof: refused, and not spent.
    refresh = {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"], "client_id": state["client_id"]}
    stolen = token_post(metadata, ECKey.generate_key("P-256"), refresh)
    assert stolen.status_code == 400 and stolen.json()["error"] == "invalid_dpop_proof", stolen.text
    refreshed = token_request(metadata, key, refresh)
    assert refreshed["token_type"] == "DPoP", refreshed

    print(json.dumps({"sub": ok.json()["sub"], "jkt": key.thumbprint(), "refreshed": True}))


if __name__ == "__main__":
    {"begin": begin, "finish": finish}[sys.argv[1]](*sys.argv[2:])
