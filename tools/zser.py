#!/usr/bin/env python3
"""zenoh-ext serialization through Python eclipse-zenoh, driven by our Java tests over stdin/stdout.

One JSON request per stdin line, one JSON answer per stdout line:
  {"op": "ser", "type": "list<i32>", "value": [1, 2]}   -> {"hex": "0201000000..."}
  {"op": "de", "type": "list<i32>", "hex": "02..."}      -> {"value": [1, 2]}
Failures answer {"error": "..."}. Type descriptors are the ones of camel-zenoh's zenohSerialization
data format: i8..i128, u8..u128, f32, f64, bool, string, bytes, list<T>, map<K,V>, tuple<T1,...>.
JSON values: bytes as a hex string, tuples as arrays, maps as arrays of [key, value] pairs.
"""
import json
import sys

import zenoh
from zenoh import ext

SCALARS = {
    "i8": ext.Int8, "i16": ext.Int16, "i32": ext.Int32, "i64": ext.Int64, "i128": ext.Int128,
    "u8": ext.UInt8, "u16": ext.UInt16, "u32": ext.UInt32, "u64": ext.UInt64, "u128": ext.UInt128,
    "f32": ext.Float32, "f64": ext.Float64, "bool": bool, "string": str, "bytes": bytes,
}


def parse(s):
    """Parses a type descriptor into a tree: a scalar name or (kind, [children])."""
    pos = [0]

    def name():
        start = pos[0]
        while pos[0] < len(s) and (s[pos[0]].isalnum()):
            pos[0] += 1
        return s[start:pos[0]]

    def ws():
        while pos[0] < len(s) and s[pos[0]] == " ":
            pos[0] += 1

    def node():
        ws()
        n = name()
        ws()
        if n in ("list", "map", "tuple"):
            assert s[pos[0]] == "<", s
            pos[0] += 1
            kids = [node()]
            ws()
            while s[pos[0]] == ",":
                pos[0] += 1
                kids.append(node())
                ws()
            assert s[pos[0]] == ">", s
            pos[0] += 1
            return (n, kids)
        if n not in SCALARS:
            raise ValueError("unknown type " + n)
        return n

    t = node()
    ws()
    if pos[0] != len(s):
        raise ValueError("trailing text in " + s)
    return t


def py_type(t):
    if isinstance(t, str):
        return SCALARS[t]
    kind, kids = t
    if kind == "list":
        return list[py_type(kids[0])]
    if kind == "map":
        return dict[py_type(kids[0]), py_type(kids[1])]
    return tuple[tuple(py_type(k) for k in kids)]


def to_py(t, v):
    if isinstance(t, str):
        if t == "bytes":
            return bytes.fromhex(v)
        if t in ("bool", "string"):
            return v
        return SCALARS[t](v)
    kind, kids = t
    if kind == "list":
        return [to_py(kids[0], e) for e in v]
    if kind == "map":
        return {to_py(kids[0], k): to_py(kids[1], x) for k, x in v}
    return tuple(to_py(k, e) for k, e in zip(kids, v))


def to_json(t, v):
    if isinstance(t, str):
        if t == "bytes":
            return bytes(v).hex()
        if t in ("bool", "string"):
            return v
        return float(v) if t in ("f32", "f64") else int(v)
    kind, kids = t
    if kind == "list":
        return [to_json(kids[0], e) for e in v]
    if kind == "map":
        return [[to_json(kids[0], k), to_json(kids[1], x)] for k, x in v.items()]
    return [to_json(k, e) for k, e in zip(kids, v)]


def answer(req):
    t = parse(req["type"])
    if req["op"] == "ser":
        return {"hex": ext.z_serialize(to_py(t, req["value"])).to_bytes().hex()}
    value = ext.z_deserialize(py_type(t), zenoh.ZBytes(bytes.fromhex(req["hex"])))
    return {"value": to_json(t, value)}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            out = answer(json.loads(line))
        except Exception as e:  # the test reads the error as an answer
            out = {"error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
