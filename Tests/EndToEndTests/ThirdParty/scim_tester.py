"""The third-party SCIM compliance checker `scim2-tester` (PyPI, unmodified) against a realm's
SCIM service.

    scim_tester.py BASE_URL [TOKEN]

BASE_URL is the realm's `{issuer}/scim/v2`; TOKEN its provisioning token (`bip_…`), else the
environment's SCIM_TOKEN (so it stays out of the process list). The tester reads
/ServiceProviderConfig, /ResourceTypes and /Schemas itself and checks every resource type the
server publishes there (create, read, list with `attributes`, replace, delete, each PATCH
operation), skipping what the configuration says is not supported (PATCH when `patch` is not
supported, for instance). Prints one line per check: its status, the resource type, the
check's name and the tester's reason (with the server's answer for a failed one). Exits 1 if
any check ended in ERROR or CRITICAL (a MUST of RFC 7643/7644 broken); DEVIATION (a SHOULD)
is printed but does not fail; 2 on bad usage.
"""
import json
import os
import sys

from httpx2 import Client
from scim2_client.engines.httpx2 import SyncSCIMClient
from scim2_tester import Status, check_server

FAILED = {Status.ERROR, Status.CRITICAL}


def describe(data):
    """The server's answer a failed check carries, on one line."""
    if hasattr(data, "status_code") and hasattr(data, "text"):  # a raw HTTP response
        return f"{data.status_code} {data.text}"
    if hasattr(data, "model_dump"):
        data = data.model_dump(mode="json", exclude_none=True)
    try:
        return json.dumps(data, default=str)
    except (TypeError, ValueError):
        return repr(data)


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 2 and not os.environ.get("SCIM_TOKEN")):
        print(__doc__, file=sys.stderr)
        return 2
    base_url = sys.argv[1].rstrip("/")
    token = sys.argv[2] if len(sys.argv) == 3 else os.environ["SCIM_TOKEN"]
    http = Client(base_url=base_url, headers={"Authorization": f"Bearer {token}"}, timeout=60)
    results = check_server(SyncSCIMClient(http))

    failed = 0
    for result in results:
        line = f"{result.status.name:<10} {result.resource_type or '-':<8} {result.title}: {result.reason or ''}"
        if result.status in FAILED:
            failed += 1
            if result.data is not None:
                line += f"\n           answer: {describe(result.data)}"
        print(line)
    skipped = sum(result.status == Status.SKIPPED for result in results)
    print(f"scim2-tester: {len(results)} checks, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
