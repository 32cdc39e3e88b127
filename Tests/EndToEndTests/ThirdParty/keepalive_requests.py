"""Sends COUNT requests for PATH over one kept-alive connection to 127.0.0.1:PORT, as fast as it
can, and prints (as JSON) the voluntary context switches each thread of the server process PID
made meanwhile: {"seconds": ..., "threads": [{"tid": ..., "name": ..., "switches": ...}]}.
Reading /proc right around the requests keeps the server's own timers out of the count."""
import http.client
import json
import os
import sys
import time

port, pid, path, count = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])


def threads():
    found = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as status:
                fields = dict(line.rstrip("\n").split(":\t", 1) for line in status if ":\t" in line)
        except FileNotFoundError:
            continue  # a thread that ended
        found[tid] = (fields.get("Name", ""), int(fields.get("voluntary_ctxt_switches", "0")))
    return found


connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)


def request():
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"{path} answered {response.status}")


for _ in range(20):
    request()
before, start = threads(), time.monotonic()
for _ in range(count):
    request()
seconds, after = time.monotonic() - start, threads()
print(json.dumps({"seconds": seconds, "threads": [
    {"tid": tid, "name": name, "switches": switches - before.get(tid, (name, 0))[1]}
    for tid, (name, switches) in after.items()
]}))
