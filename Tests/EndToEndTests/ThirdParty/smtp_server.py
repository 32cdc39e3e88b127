"""An SMTP server for the mail delivery tests: aiosmtpd (a real, unmodified SMTP
implementation), or a raw socket that misbehaves. Writes its port to DIR/port once it
listens, and each message it accepts to DIR/N.json; runs until killed.

    smtp_server.py DIR [--auth USER:PASS] [--tls CERT KEY] [--reject-rcpt CODE]
                       [--temp-fail N] [--no-starttls] [--raw silent|drop] [--port PORT]
"""
import argparse
import asyncio
import json
import os
import socket
import ssl
import sys
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def announce(directory, port):
    with open(os.path.join(directory, "port.partial"), "w") as f:
        f.write(str(port))
    os.rename(os.path.join(directory, "port.partial"), os.path.join(directory, "port"))


async def raw(directory, mode):
    async def session(reader, writer):
        if mode == "silent":
            await reader.read()  # never says a word
            return
        writer.write(b"220 localhost ESMTP\r\n")
        while True:
            line = await reader.readline()
            if not line:
                return
            verb = line.split(b" ")[0].strip().upper()
            if verb == b"EHLO":
                writer.write(b"250-localhost\r\n250 8BITMIME\r\n")
            elif verb == b"DATA":
                writer.write(b"354 go ahead\r\n")
                await writer.drain()
                await reader.readline()  # the first line of the message, then hang up
                writer.close()
                return
            else:
                writer.write(b"250 OK\r\n")
            await writer.drain()

    server = await asyncio.start_server(session, "127.0.0.1", 0)
    announce(directory, server.sockets[0].getsockname()[1])
    await server.serve_forever()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--auth")
    parser.add_argument("--tls", nargs=2)
    parser.add_argument("--reject-rcpt", type=int)
    parser.add_argument("--temp-fail", type=int, default=0)
    parser.add_argument("--no-starttls", action="store_true")
    parser.add_argument("--raw", choices=["silent", "drop"])
    parser.add_argument("--port", type=int, help="listen on this port (a relay coming back) instead of a free one")
    args = parser.parse_args()
    if args.raw:
        asyncio.run(raw(args.dir, args.raw))
        return

    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    class Handler:
        def __init__(self):
            self.failures = 0
            self.count = 0

        async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
            if args.reject_rcpt:
                return f"{args.reject_rcpt} 5.1.1 <{address}>: no such user"
            envelope.rcpt_tos.append(address)
            return "250 OK"

        async def handle_DATA(self, server, session, envelope):
            if self.failures < args.temp_fail:
                self.failures += 1
                return "451 4.3.0 try again later"
            self.count += 1
            record = {
                "mail_from": envelope.mail_from,
                "rcpt_tos": envelope.rcpt_tos,
                "content": envelope.content.decode("utf-8"),
                "user": session.auth_data.login.decode() if session.auth_data else None,
                "tls": session.ssl is not None,
            }
            path = os.path.join(args.dir, f"{self.count}.json")
            with open(path + ".partial", "w") as f:
                json.dump(record, f)
            os.rename(path + ".partial", path)
            return "250 Message accepted"

    def authenticator(server, session, envelope, mechanism, auth_data):
        user, password = args.auth.split(":", 1)
        ok = auth_data.login.decode() == user and auth_data.password.decode() == password
        return AuthResult(success=True, auth_data=auth_data) if ok else AuthResult(success=False, handled=False)

    options = {}
    if args.tls and not args.no_starttls:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(*args.tls)
        options.update(tls_context=context, require_starttls=True)
    if args.auth:
        options.update(authenticator=authenticator, auth_require_tls=bool(args.tls), auth_exclude_mechanism=["LOGIN"])
    port = args.port or free_port()
    controller = Controller(Handler(), hostname="127.0.0.1", port=port, **options)
    controller.start()
    announce(args.dir, port)
    try:
        while True:
            time.sleep(3600)
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
