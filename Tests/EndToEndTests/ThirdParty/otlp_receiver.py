"""An OpenTelemetry collector's OTLP/HTTP trace receiver, for the traces tests.

python3 otlp_receiver.py DIRECTORY

Listens on a free loopback port (written to DIRECTORY/port once listening) and takes
POST /v1/traces in OTLP/HTTP's binary protobuf encoding, decoded with the opentelemetry-proto
package (the collector's own definitions); anything else is refused (415). Every span
received is appended, as one JSON object per line, to DIRECTORY/spans.jsonl: trace_id,
span_id, parent_span_id (hex), name, kind, attributes, links, events, status code and the
resource's attributes.
"""
import base64
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from google.protobuf.json_format import MessageToDict
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

DIRECTORY = sys.argv[1]
LOCK = threading.Lock()


def value(any_value):
    """An OTLP AnyValue (as a dict) as a plain value."""
    for key in ("stringValue", "boolValue", "doubleValue"):
        if key in any_value:
            return any_value[key]
    if "intValue" in any_value:
        return int(any_value["intValue"])
    if "arrayValue" in any_value:
        return [value(item) for item in any_value["arrayValue"].get("values", [])]
    return None


def attributes(items):
    return {item["key"]: value(item.get("value", {})) for item in items or []}


def hex_id(text):
    """An id as protobuf's JSON mapping writes bytes (base64), as W3C trace context's hex."""
    return base64.b64decode(text).hex() if text else ""


def spans(document):
    for resource_spans in document.get("resourceSpans", []):
        resource = attributes(resource_spans.get("resource", {}).get("attributes"))
        for scope_spans in resource_spans.get("scopeSpans", []):
            for span in scope_spans.get("spans", []):
                yield {
                    "trace_id": hex_id(span.get("traceId")),
                    "span_id": hex_id(span.get("spanId")),
                    "parent_span_id": hex_id(span.get("parentSpanId")),
                    "name": span.get("name"),
                    "kind": span.get("kind"),
                    "attributes": attributes(span.get("attributes")),
                    "links": [
                        {
                            "trace_id": hex_id(link.get("traceId")),
                            "span_id": hex_id(link.get("spanId")),
                            "attributes": attributes(link.get("attributes")),
                        }
                        for link in span.get("links", [])
                    ],
                    "events": [
                        {"name": event.get("name"), "attributes": attributes(event.get("attributes"))}
                        for event in span.get("events", [])
                    ],
                    "status": span.get("status", {}).get("code"),
                    "resource": resource,
                }


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path != "/v1/traces":
            self.send_response(404)
            self.end_headers()
            return
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/x-protobuf":
            self.send_response(415)
            self.end_headers()
            return
        request = ExportTraceServiceRequest()
        request.ParseFromString(body)
        received = list(spans(MessageToDict(request)))
        answer = ExportTraceServiceResponse().SerializeToString()
        with LOCK, open(os.path.join(DIRECTORY, "spans.jsonl"), "a") as file:
            for span in received:
                file.write(json.dumps(span) + "\n")
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *arguments):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(os.path.join(DIRECTORY, "port.tmp"), "w") as file:
    file.write(str(server.server_address[1]))
os.rename(os.path.join(DIRECTORY, "port.tmp"), os.path.join(DIRECTORY, "port"))
server.serve_forever()
