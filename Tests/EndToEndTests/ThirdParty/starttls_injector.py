"""A relay that plays a man in the middle against STARTTLS (RFC 3207 §4.2, the command
injection class of CVE-2011-0411): it offers STARTTLS, answers it with `220 2.0.0 Ready`, and
then, in a TCP segment of its own sent GAP milliseconds later (in the 220's own segment if
GAP is negative), injects `250 injected` in clear before it begins TLS. A client that reads those bytes as if they had come over TLS is fooled.

    starttls_injector.py DIR CERT KEY GAP_MS...

Writes its port to DIR/port once it listens, then serves one connection per GAP_MS, in order,
writing what happened on the Nth to DIR/N.json: `tls` (the handshake completed), `commands`
(the verbs it read over TLS) and `delivered` (a message was accepted).
"""
import json
import os
import socket
import ssl
import sys
import time


def announce(directory, port):
    with open(os.path.join(directory, "port.partial"), "w") as f:
        f.write(str(port))
    os.rename(os.path.join(directory, "port.partial"), os.path.join(directory, "port"))


def record(directory, number, result):
    path = os.path.join(directory, f"{number}.json")
    with open(path + ".partial", "w") as f:
        json.dump(result, f)
    os.rename(path + ".partial", path)


class Lines:
    """Reads CRLF lines from a socket, keeping what follows a line for the next."""

    def __init__(self, sock):
        self.sock, self.buffer = sock, b""

    def line(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.rstrip(b"\r")


def session(conn, context, gap, result):
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    conn.settimeout(30)
    conn.sendall(b"220 localhost ESMTP\r\n")
    lines = Lines(conn)
    while True:
        line = lines.line()
        if line is None:
            return
        verb = line.split(b" ")[0].upper()
        if verb == b"EHLO":
            conn.sendall(b"250-localhost\r\n250 STARTTLS\r\n")
        elif verb == b"STARTTLS":
            break
        else:
            conn.sendall(b"503 5.5.1 STARTTLS first\r\n")
    assert lines.buffer == b"", "the client sent more after STARTTLS"
    if gap < 0:
        conn.sendall(b"220 2.0.0 Ready\r\n250 injected\r\n")
    else:
        conn.sendall(b"220 2.0.0 Ready\r\n")
        # TCP_NODELAY: the 220 leaves now, and what follows goes in a segment of its own.
        time.sleep(gap / 1000)
        conn.sendall(b"250 injected\r\n")
    try:
        tls = context.wrap_socket(conn, server_side=True)
    except (ssl.SSLError, OSError) as error:
        result["error"] = str(error)
        return
    result["tls"] = True
    lines = Lines(tls)
    while True:
        line = lines.line()
        if line is None:
            return
        verb = line.split(b" ")[0].split(b":")[0].upper().decode(errors="replace")
        result["commands"].append(verb)
        if verb == "EHLO":
            tls.sendall(b"250-localhost\r\n250 8BITMIME\r\n")
        elif verb == "DATA":
            tls.sendall(b"354 go ahead\r\n")
            while lines.line() not in (b".", None):
                pass
            result["delivered"] = True
            tls.sendall(b"250 Message accepted\r\n")
        elif verb == "QUIT":
            tls.sendall(b"221 bye\r\n")
            return
        else:
            tls.sendall(b"250 OK\r\n")


def main():
    directory, certificate, key, gaps = sys.argv[1], sys.argv[2], sys.argv[3], [float(g) for g in sys.argv[4:]]
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificate, key)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    announce(directory, listener.getsockname()[1])
    for number, gap in enumerate(gaps, start=1):
        conn, _ = listener.accept()
        result = {"gap": gap, "tls": False, "commands": [], "delivered": False}
        try:
            session(conn, context, gap, result)
        except (ssl.SSLError, OSError) as error:
            result["error"] = str(error)
        finally:
            conn.close()
            record(directory, number, result)


if __name__ == "__main__":
    main()
