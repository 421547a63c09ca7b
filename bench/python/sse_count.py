# Copyright 2026 the camel-zenoh authors.
# SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
"""SSE fan-out counter of bench/bridge.sh: N clients stream one URL, events are counted.

    sse_count.py --port P --path /bench/sse --clients 10 --warmup-s 2 --seconds 8

Opens the streams, waits for the first event on every one, counts `event:` lines over the warm-up
then the measured window, and prints `SSE <deliveries/s summed over the clients>`,
`SSE_MIN <slowest client's events/s>` and `TOTAL <events received since the streams opened>`. Standard library only; a single thread with a selector.
"""
import argparse
import selectors
import socket
import sys
import time

MARK = b"\nevent:"


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--port", type=int, required=True)
    a.add_argument("--path", required=True)
    a.add_argument("--clients", type=int, default=10)
    a.add_argument("--warmup-s", type=float, default=2)
    a.add_argument("--seconds", type=float, default=8)
    a.add_argument("--timeout-s", type=float, default=20)
    o = a.parse_args()
    sel = selectors.DefaultSelector()
    state = []
    for i in range(o.clients):
        s = socket.create_connection(("127.0.0.1", o.port))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        s.sendall(
            (
                f"GET {o.path} HTTP/1.1\r\nHost: 127.0.0.1:{o.port}\r\n"
                "Accept: text/event-stream\r\nConnection: keep-alive\r\n\r\n"
            ).encode()
        )
        s.setblocking(False)
        st = {"sock": s, "count": 0, "tail": b"\n"}
        state.append(st)
        sel.register(s, selectors.EVENT_READ, st)

    def pump(until):
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return
            for key, _ in sel.select(min(left, 0.5)):
                st = key.data
                try:
                    data = st["sock"].recv(1 << 20)
                except BlockingIOError:
                    continue
                if not data:
                    sys.exit("ERROR a stream closed")
                buf = st["tail"] + data
                st["count"] += buf.count(MARK) - st["tail"].count(MARK)
                st["tail"] = buf[-(len(MARK) - 1):]

    deadline = time.monotonic() + o.timeout_s
    while any(st["count"] == 0 for st in state):
        if time.monotonic() > deadline:
            sys.exit("ERROR no event on some stream within %.0f s" % o.timeout_s)
        pump(time.monotonic() + 0.1)
    pump(time.monotonic() + o.warmup_s)
    start = [st["count"] for st in state]
    t0 = time.monotonic()
    pump(t0 + o.seconds)
    dt = time.monotonic() - t0
    per = [(st["count"] - c) / dt for st, c in zip(state, start)]
    print("SSE %.0f" % sum(per))
    print("TOTAL %d" % sum(st["count"] for st in state))
    print("SSE_MIN %.0f" % min(per))
    for st in state:
        st["sock"].close()


if __name__ == "__main__":
    main()
