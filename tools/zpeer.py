#!/usr/bin/env python3
"""A zenoh peer built on Python eclipse-zenoh, driven by our Java tests over stdin/stdout.

Every command opens its own session (multicast scouting off, loopback endpoints only), prints
`READY` once its declarations are in place, then one JSON object per line, and `END` when done.
Byte fields are base64. The process ends on its own (count reached, timeout) or when stdin closes.
"""
import argparse
import base64
import json
import re
import sys
import threading
import time

import zenoh


def b64(z):
    return None if z is None else base64.b64encode(z.to_bytes()).decode()


def emit(obj):
    sys.stdout.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
    sys.stdout.flush()


def open_session(args):
    conf = zenoh.Config()
    conf.insert_json5("mode", json.dumps(args.mode))
    conf.insert_json5("scouting/multicast/enabled", "false")
    if args.connect:
        conf.insert_json5("connect/endpoints", json.dumps(args.connect))
    # listen only where told: zenoh's peer/router default (tcp/[::]:0, :7447) is every interface
    conf.insert_json5("listen/endpoints", json.dumps(args.listen))
    if args.mode == "router":
        conf.insert_json5("timestamping/enabled", "true")
    return zenoh.open(conf)


def sample_json(s):
    return {
        "key": str(s.key_expr),
        "payload": b64(s.payload),
        "encoding": str(s.encoding),
        "kind": str(s.kind).split(".")[-1],
        "attachment": b64(s.attachment),
        "priority": str(s.priority).split(".")[-1],
        "congestion_control": str(s.congestion_control).split(".")[-1],
        "express": bool(s.express),
        "timestamp": None if s.timestamp is None else str(s.timestamp),
    }


def payload_bytes(args, i):
    """--payload-b64 (any bytes, the same each time) or --payload with {i} replaced, as UTF-8."""
    if args.payload_b64 is not None:
        return base64.b64decode(args.payload_b64)
    return args.payload.replace("{i}", str(i)).encode()


def wait_stdin_closed():
    """Returns when the test closes our stdin (how a test stops a long-lived peer)."""
    try:
        sys.stdin.read()
    except Exception:
        pass


def cmd_sub(session, args):
    done = threading.Event()
    seen = [0]

    def on_sample(s):
        emit(sample_json(s))
        seen[0] += 1
        if args.count and seen[0] >= args.count:
            done.set()

    sub = session.declare_subscriber(args.key, on_sample)
    emit("READY")
    done.wait(args.timeout)
    sub.undeclare()
    emit("END")


def cmd_pub(session, args):
    pub = session.declare_publisher(args.key, encoding=args.encoding,
                                    congestion_control=zenoh.CongestionControl.BLOCK)
    emit("READY")
    time.sleep(args.delay)
    # then until some subscriber is known (at most --match-wait s): a subscriber's declaration
    # reaches this session some time after it was made, and until then puts go nowhere
    deadline = time.monotonic() + args.match_wait
    while not pub.matching_status.matching and time.monotonic() < deadline:
        time.sleep(0.01)
    for i in range(args.count):
        pub.put(payload_bytes(args, i), encoding=args.encoding,
                attachment=None if args.attachment is None else args.attachment.encode())
        if args.interval:
            time.sleep(args.interval)
    if args.delete:
        pub.delete()
    time.sleep(0.2)  # let the last samples leave before the session closes
    emit("END")


def echo_parameter(parameters, name):
    """--echo: the value of parameter `name` (name=base64url without padding), decoded; None if
    absent. Parameters are separated by ';' or '&'."""
    for p in re.split(r"[;&]", parameters):
        if p.startswith(name + "="):
            v = p[len(name) + 1:]
            return base64.urlsafe_b64decode(v + "=" * (-len(v) % 4))
    return None


def cmd_queryable(session, args):
    done = threading.Event()
    seen = [0]

    held = []

    def on_query(q):
        emit({"key": str(q.key_expr), "parameters": str(q.parameters), "payload": b64(q.payload),
              "encoding": None if q.encoding is None else str(q.encoding), "attachment": b64(q.attachment)})
        reply_key = args.reply_key or str(q.key_expr)
        if args.hold and "probe" in str(q.parameters):
            q.reply(reply_key, b"probe")  # reachable
            q.drop()
            return
        if args.echo_selector:  # what reached zenoh: the query's key and parameters
            q.reply(reply_key, json.dumps({"key": str(q.key_expr), "parameters": str(q.parameters)}),
                    encoding="application/json")
        if args.echo:
            # one reply whose payload and encoding the query names: p=<bytes>, e=<encoding, UTF-8>
            payload = echo_parameter(str(q.parameters), "p")
            encoding = echo_parameter(str(q.parameters), "e")
            q.reply(reply_key, b"echo" if payload is None else payload,
                    encoding="text/plain" if encoding is None else encoding.decode())
        for i in range(0 if args.echo else args.replies):
            q.reply(reply_key, payload_bytes(args, i), encoding=args.encoding)
        if args.hold:
            held.append(q)  # never finished: the asker's get times out
            return
        if args.error:
            q.reply_err(args.error.encode())
        q.drop()
        seen[0] += 1
        if args.count and seen[0] >= args.count:
            done.set()

    qbl = session.declare_queryable(args.key, on_query, complete=args.complete)
    emit("READY")
    done.wait(args.timeout)
    time.sleep(0.2)
    qbl.undeclare()
    emit("END")


def cmd_get(session, args):
    emit("READY")
    time.sleep(args.delay)
    kwargs = {"timeout": args.timeout, "target": zenoh.QueryTarget.ALL}
    if args.payload is not None:
        kwargs["payload"] = args.payload.encode()
        kwargs["encoding"] = args.encoding
    for reply in session.get(args.key, **kwargs):
        if reply.ok is not None:
            r = sample_json(reply.ok)
            r["ok"] = True
        else:
            r = {"ok": False, "payload": b64(reply.err.payload), "encoding": str(reply.err.encoding)}
        emit(r)
    emit("END")


def cmd_livsub(session, args):
    """Liveliness subscriber: one line per token event (kind PUT: appeared, DELETE: gone) until
    stdin closes (with --mode router it also routes between the sessions connected to it)."""
    sub = session.liveliness().declare_subscriber(args.key, lambda s: emit(sample_json(s)))
    emit("READY")
    wait_stdin_closed()
    sub.undeclare()
    emit("END")


def cmd_router(session, args):
    emit({"zid": str(session.zid())})
    emit("READY")
    wait_stdin_closed()
    emit("END")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("command", choices=["sub", "pub", "queryable", "get", "router", "livsub"])
    p.add_argument("--mode", default="peer", choices=["peer", "client", "router"])
    p.add_argument("--connect", action="append", default=[])
    p.add_argument("--listen", action="append", default=[])
    p.add_argument("--key", "-k", default="demo/**")
    p.add_argument("--count", type=int, default=1)
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--payload", default=None)
    p.add_argument("--payload-b64", default=None, help="binary payload, base64 (instead of --payload)")
    p.add_argument("--encoding", default=None)
    p.add_argument("--attachment", default=None)
    p.add_argument("--delay", type=float, default=1.0, help="seconds to wait for routes before sending")
    p.add_argument("--match-wait", type=float, default=20.0,
                   help="pub: at most this many seconds after --delay to wait for a matching subscriber")
    p.add_argument("--interval", type=float, default=0.0)
    p.add_argument("--delete", action="store_true")
    p.add_argument("--replies", type=int, default=1)
    p.add_argument("--reply-key", default=None)
    p.add_argument("--error", default=None)
    p.add_argument("--complete", action="store_true")
    p.add_argument("--echo", action="store_true",
                   help="queryable: reply the payload and encoding named by the query's parameters "
                        "p and e (base64url), instead of --payload and --encoding")
    p.add_argument("--echo-selector", action="store_true",
                   help="queryable: first reply a JSON object of the query's key and parameters")
    p.add_argument("--hold", action="store_true",
                   help="queryable: after its replies, keep each query unfinished (the get times out),"
                        " except those with a 'probe' parameter (answered 'probe': it is reachable)")
    args = p.parse_args()
    if args.payload is None and args.command in ("pub", "queryable"):
        args.payload = "hello {i}"
    for e in args.connect + args.listen:
        host = e.split("/", 1)[1].rsplit(":", 1)[0].strip("[]")
        if host not in ("127.0.0.1", "::1", "localhost"):
            sys.exit(f"zpeer only talks to loopback, not {e}")
    session = open_session(args)
    try:
        globals()["cmd_" + args.command](session, args)
    finally:
        session.close()


if __name__ == "__main__":
    main()
