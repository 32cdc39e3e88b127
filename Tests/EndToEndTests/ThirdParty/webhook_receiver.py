"""A webhook receiver for the webhook tests: verifies every message's signatures with the
`standardwebhooks` library from PyPI (unmodified), records each request, and answers as told.
Writes its port to DIR/port once it listens, and each request it gets to DIR/N.json; runs
until killed.

    webhook_receiver.py DIR

Per path, DIR/secrets.json names the secrets to verify with ({"/path": ["whsec_…", …]}, read
at each request) and DIR/answers.json the statuses to answer in turn ({"/path": [500, 500]},
then 200; a status given as "302 URL" redirects there). Each record holds the path, the
`webhook-id`, `webhook-timestamp`, the parsed body, the status answered, when it came
(`received_at`, seconds since 1970), its `traceparent` (when traced), and `verified_by`:
the indexes of the path's secrets whose signature the library accepted (each checked alone).
"""
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

directory = sys.argv[1]
lock = threading.Lock()
counts = {}
received = [0]


def read(name):
    try:
        with open(os.path.join(directory, name)) as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("content-length", "0"))
        body = self.rfile.read(length)
        path = self.path
        headers = {name.lower(): value for name, value in self.headers.items()}
        verified = []
        for index, secret in enumerate(read("secrets.json").get(path, [])):
            try:
                Webhook(secret).verify(body, headers)
                verified.append(index)
            except WebhookVerificationError:
                pass
        with lock:
            turn = counts.get(path, 0)
            counts[path] = turn + 1
            answers = read("answers.json").get(path, [])
            answer = str(answers[turn]) if turn < len(answers) else "200"
            number = received[0]
            received[0] += 1
        status, _, location = answer.partition(" ")
        try:
            payload = json.loads(body)
        except ValueError:
            payload = None
        record = {
            "path": path, "id": headers.get("webhook-id"), "timestamp": headers.get("webhook-timestamp"),
            "signatures": len(headers.get("webhook-signature", "").split()), "body": payload, "status": int(status),
            "verified_by": verified, "received_at": time.time(), "traceparent": headers.get("traceparent"),
        }
        partial = os.path.join(directory, f"{number}.partial")
        with open(partial, "w") as f:
            json.dump(record, f)
        os.rename(partial, os.path.join(directory, f"{number}.json"))
        self.send_response(int(status))
        if location:
            self.send_header("Location", location)
        reply = b'{"ok": true}' if status.startswith("2") else f"answer {status}".encode()
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(os.path.join(directory, "port.partial"), "w") as f:
    f.write(str(server.server_address[1]))
os.rename(os.path.join(directory, "port.partial"), os.path.join(directory, "port"))
server.serve_forever()
