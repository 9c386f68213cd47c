# Asks a server on 127.0.0.1:47123 for the answer. The test starts that
# server; outside a sandbox this gets AC, inside (no network) it prints
# "offline" (WA).
import socket, sys

sys.stdin.read()
try:
    with socket.create_connection(("127.0.0.1", 47123), timeout=2) as s:
        sys.stdout.write(s.recv(4096).decode())
except OSError:
    print("offline")
