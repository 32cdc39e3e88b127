"""Holds the admin API's OpenAPI document and the server's real answers to third-party validators.

Usage:
  openapi_check.py document DOCUMENT
      Validates DOCUMENT as OpenAPI 3.1 with openapi-spec-validator; prints "valid" or
      "invalid: <reason>".
  openapi_check.py responses DOCUMENT EXCHANGES
      EXCHANGES is a JSON list of {"method", "path", "status", "content_type", "body"} that a
      test recorded (`body` is the answer's text). Each path (query dropped) must match one of
      the document's path templates, and the operation must list the status; a documented JSON
      body is validated with openapi-schema-validator (JSON Schema 2020-12, date-time formats
      checked) against the operation's schema, a response without content must have no body.
      Strict: every object schema of components/schemas is closed with
      `unevaluatedProperties: false`, so a field the server sends but the document does not
      name fails (the document itself stays open, so clients tolerate fields added later).
      Prints one JSON object: {"failures": [...], "covered": ["GET /v1/admin/... 200", ...],
      "operations": ["GET /v1/admin/...", ...]}.
Exits 0 whatever it finds (the Swift test reads the answer); 2 on bad usage.
"""
import copy
import json
import re
import sys

from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def strict(components):
    """The components with every object schema of `schemas` closed."""
    closed = copy.deepcopy(components)
    for schema in closed.get("schemas", {}).values():
        if "properties" in schema:
            schema["unevaluatedProperties"] = False
    return closed


def template_matcher(template):
    """A regex for a path template: each `{param}` one non-empty segment."""
    parts = re.split(r"(\{[^}/]+\})", template)
    return re.compile("^" + "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts) + "$")


def find_template(templates, path):
    """The template `path` matches; of several, the one with the most literal characters."""
    matches = [t for t, regex in templates if regex.match(path)]
    return max(matches, key=lambda t: len(re.sub(r"\{[^}]+\}", "", t)), default=None)


def walk(document, pointer):
    """The node a local JSON pointer (`#/components/...`) names."""
    node = document
    for key in pointer[2:].split("/"):
        node = node[key.replace("~1", "/").replace("~0", "~")]
    return node


def check_responses(document, exchanges):
    """The failures, the (method, template, status) covered, and every operation of the document."""
    components = strict(document.get("components", {}))
    templates = [(t, template_matcher(t)) for t in document["paths"]]
    operations = sorted(f"{m.upper()} {t}" for t, item in document["paths"].items() for m in item if m != "parameters")
    failures, covered = [], set()
    for exchange in exchanges:
        method, path, status = exchange["method"].upper(), exchange["path"].split("?")[0], str(exchange["status"])
        name = f"{method} {exchange['path']} {status}"
        template = find_template(templates, path)
        if template is None:
            failures.append(f"{name}: no path of the document matches")
            continue
        operation = document["paths"][template].get(method.lower())
        if operation is None:
            failures.append(f"{name}: {template} has no {method}")
            continue
        response = operation.get("responses", {}).get(status)
        if response is None:
            failures.append(f"{name}: {method} {template} does not list {status}")
            continue
        covered.add(f"{method} {template} {status}")
        response = walk(document, response["$ref"]) if "$ref" in response else response
        body = exchange.get("body") or ""
        content = response.get("content")
        if not content:
            if body:
                failures.append(f"{name}: a body where the document has none: {body[:200]}")
            continue
        if "application/json" not in content:
            failures.append(f"{name}: the document's content is not application/json")
            continue
        if not (exchange.get("content_type") or "").startswith("application/json"):
            failures.append(f"{name}: Content-Type {exchange.get('content_type')!r}, not application/json")
        try:
            instance = json.loads(body)
        except ValueError:
            failures.append(f"{name}: the body is not JSON: {body[:200]}")
            continue
        schema = dict(content["application/json"]["schema"])
        schema["components"] = components
        validator = OAS31Validator(schema, format_checker=OAS31Validator.FORMAT_CHECKER)
        for error in sorted(validator.iter_errors(instance), key=lambda e: list(e.path)):
            where = "/".join(str(p) for p in error.path) or "(body)"
            failures.append(f"{name}: at {where}: {error.message}")
    return {"failures": failures, "covered": sorted(covered), "operations": operations}


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "document":
        try:
            validate(load(arguments[1]))
            print("valid")
        except Exception as error:  # the validator's errors have no common base but Exception
            print(f"invalid: {error}")
    elif len(arguments) == 3 and arguments[0] == "responses":
        print(json.dumps(check_responses(load(arguments[1]), load(arguments[2])), indent=1))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
