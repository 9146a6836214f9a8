"""A webhook receiver in Python (standard library only) that verifies Folio's signature.

    FOLIO_WEBHOOK_SECRET=whsec_... [PORT=3000] python3 examples/webhook_receiver.py

The secret is the subscription's (POST /webhooks answers it once), or the organization's
webhook_secret (GET /verify) for a generation call's own webhook_url. The signature is the hex
HMAC-SHA256 of "<X-Service-Timestamp>.<raw body>", keyed with the whole secret string, sent as
"X-Service-Signature: sha256=<hex>". With Flask, call verify() on request.get_data() the same way.
"""
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ["FOLIO_WEBHOOK_SECRET"].encode()
seen = set()  # deliveries are at least once: use your database in production


def verify(raw: bytes, signature: str, timestamp: str, tolerance: int = 300) -> bool:
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > tolerance:
        return False
    expected = "sha256=" + hmac.new(SECRET, timestamp.encode() + b"." + raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))  # the exact bytes, before parsing
        if not verify(raw, self.headers.get("X-Service-Signature", ""), self.headers.get("X-Service-Timestamp", "")):
            print("rejected: bad signature or timestamp", flush=True)
            self.send_response(400)
            self.end_headers()
            return
        event = json.loads(raw)
        key = (event.get("run_id") or event.get("webhook_id"), event.get("task_id"), event["event"], event["occurred_at_ms"] if event["event"] == "ping" else None)
        if key not in seen:
            seen.add(key)
            print(f"verified {event['event']} {event.get('run_id') or event.get('webhook_id')}", flush=True)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):  # keep stdout for the events
        pass


if __name__ == "__main__":
    server = HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "3000"))), Receiver)
    print(f"listening on http://127.0.0.1:{server.server_port}", flush=True)
    server.serve_forever()
