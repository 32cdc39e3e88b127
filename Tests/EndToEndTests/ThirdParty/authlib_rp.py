"""An unmodified third-party relying party: Python authlib against bi-server.

begin  STATE ISSUER CLIENT_ID CLIENT_SECRET REDIRECT_URI   prints the authorization URL
finish STATE REDIRECT_URL                                  exchanges, verifies, refreshes,
                                                           introspects, revokes, logs out;
                                                           prints a JSON report
Every check is authlib's own (or an assert on what the server answered); any failure exits non-zero.
"""
import json
import os
import sys

import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session
from authlib.jose import JsonWebKey, jwt
from authlib.oidc.core import CodeIDToken

# The test server listens on loopback over plain HTTP.
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"


def session(state):
    return OAuth2Session(
        state["client_id"], state["client_secret"], scope="openid profile email offline_access",
        redirect_uri=state["redirect_uri"], code_challenge_method="S256",
        token_endpoint_auth_method="client_secret_basic")


def begin(path, issuer, client_id, client_secret, redirect_uri):
    metadata = requests.get(issuer + "/.well-known/openid-configuration", timeout=60).json()
    assert metadata["issuer"] == issuer
    state = {
        "issuer": issuer, "client_id": client_id, "client_secret": client_secret, "redirect_uri": redirect_uri,
        "metadata": metadata, "verifier": generate_token(48), "nonce": generate_token(20),
    }
    client = session(state)
    url, state["state"] = client.create_authorization_url(
        metadata["authorization_endpoint"], code_verifier=state["verifier"], nonce=state["nonce"])
    with open(path, "w") as f:
        json.dump(state, f)
    print(url)


def verify_id_token(state, id_token, nonce):
    keys = JsonWebKey.import_key_set(requests.get(state["metadata"]["jwks_uri"], timeout=60).json())
    claims = jwt.decode(
        id_token, keys, claims_cls=CodeIDToken,
        claims_options={"iss": {"essential": True, "value": state["issuer"]}},
        claims_params={"nonce": nonce, "client_id": state["client_id"]})
    claims.validate()
    return claims


def finish(path, redirect_url):
    with open(path) as f:
        state = json.load(f)
    metadata = state["metadata"]
    client = session(state)
    client.state = state["state"]
    token = client.fetch_token(
        metadata["token_endpoint"], authorization_response=redirect_url, code_verifier=state["verifier"])
    claims = verify_id_token(state, token["id_token"], state["nonce"])
    # How the user signed in (RFC 8176) and what that amounts to, from the advertised set.
    assert claims["acr"] in metadata["acr_values_supported"], (claims, metadata.get("acr_values_supported"))
    assert claims["amr"][0] in ("hwk", "swk"), claims
    userinfo = client.get(metadata["userinfo_endpoint"]).json()
    assert userinfo["sub"] == claims["sub"], userinfo

    first_access, first_refresh = token["access_token"], token["refresh_token"]
    refreshed = client.refresh_token(metadata["token_endpoint"], refresh_token=first_refresh)
    assert refreshed["refresh_token"] != first_refresh
    assert refreshed["access_token"] != first_access

    introspect = lambda t: client.introspect_token(metadata["introspection_endpoint"], token=t).json()
    active = introspect(refreshed["access_token"])
    assert active["active"] is True and active["sub"] == claims["sub"], active
    assert introspect(first_refresh) == {"active": False}

    # RFC 7009: revoking the refresh token ends the session and its access tokens.
    revoked = client.revoke_token(metadata["revocation_endpoint"], token=refreshed["refresh_token"],
                                  token_type_hint="refresh_token")
    assert revoked.status_code == 200, revoked.text
    assert introspect(refreshed["access_token"]) == {"active": False}

    # RP-initiated logout of a second sign-in is checked by the Swift side; here: an
    # unregistered post_logout_redirect_uri is refused, not followed.
    refused = requests.get(metadata["end_session_endpoint"], allow_redirects=False, timeout=60, params={
        "id_token_hint": token["id_token"], "post_logout_redirect_uri": "https://evil.example/"})
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_request", refused.text
    logout = requests.get(metadata["end_session_endpoint"], allow_redirects=False, timeout=60, params={
        "id_token_hint": token["id_token"], "post_logout_redirect_uri": state["redirect_uri"], "state": "bye"})
    assert logout.status_code == 302 and logout.headers["Location"] == state["redirect_uri"] + "?state=bye", logout.text

    print(json.dumps({"sub": claims["sub"], "sid": claims.get("sid"), "amr": claims["amr"], "acr": claims["acr"],
                      "refreshed": True, "revoked": True, "logged_out": True}))


if __name__ == "__main__":
    {"begin": begin, "finish": finish}[sys.argv[1]](*sys.argv[2:])
