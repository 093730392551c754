"""What travels on a node-to-node connection after the handshake.

Every frame starts with one channel byte: SESSION frames carry the protocol session's own
messages untouched (the session checks them); NODE frames carry the node's lobby and mesh
messages below, canonical CBOR maps checked here against a small schema. A frame that fails
these checks is the sender's fault and closes that connection (TransportError), nothing else.
"""
from __future__ import annotations

from typing import Any

from protocol.codec import MAX_FRAME, CodecError, decode, encode

from .framing import TransportError

SESSION = 0
NODE = 1
# A node message is decoded under codec.MAX_FRAME and the envelope of one entry: catch-up
# (node.catchup.entry_frames) sends an entry that cannot share a frame alone, and the largest
# the format allows is codec.MAX_FRAME bytes ({"t": "entries", "first": n, "items": [entry]}
# adds 38 bytes at most around it). Every other message stays within codec.MAX_FRAME.
MAX_NODE_MESSAGE = MAX_FRAME + 64

_BYTES = bytes
# message type -> {field: type}; every field is required, no other field is allowed but those
# OPTIONAL names.
SCHEMA: dict[str, dict[str, type]] = {
    "join": {"name": str, "port": int},                        # joiner -> host
    "code": {"msg": _BYTES},                      # joiner -> private host: SPAKE2 message
    "codeok": {"msg": _BYTES, "mac": _BYTES},     # host -> joiner: its message and proof
    "codemac": {"mac": _BYTES},                   # joiner -> host: its proof
    "welcome": {"game": str, "variants": list, "seats": int,   # host -> joiner
                "nonce": _BYTES, "chain": int, "delay": int},  # delay: node.watchers
    "commit": {"commit": _BYTES},                              # joiner -> host
    "roster": {"players": list, "seats": int},                 # host -> joiners
    "refused": {"reason": str},                                # host -> joiner
    "start": {"body": dict, "addrs": list},                    # host -> joiners
    "gsig": {"genesis": _BYTES, "sig": _BYTES},                # joiner -> host: start signed
    "go": {"sigs": list},                                      # host -> joiners: all signed
    "dropped": {"name": str, "code": str, "reason": str},      # host -> joiners
    "mesh": {"match": _BYTES, "seat": int},                    # dialer -> listener, first frame
    "sync": {"have": int},                                     # both ends of a new link
    "entries": {"first": int, "items": list},                  # catch-up: signed entries
    "ping": {"nonce": _BYTES, "sig": _BYTES},                  # either end, signed...
    "pong": {"nonce": _BYTES, "sig": _BYTES},                  # ...and answered signed
    # a watcher (node.watchers): it opens with "watch" and answers every "items" with "sync"
    "watch": {"match": _BYTES, "have": int},                   # watcher -> node, first frame
    "watching": {"addrs": list, "delay": int},                 # node -> watcher: every seat's
    "items": {"first": int, "items": list},                    # the log's items (genesis: 0)
}

# message type -> {field: type} a message may carry besides its SCHEMA fields (a node that
# has nothing to say there leaves the field out).
OPTIONAL: dict[str, dict[str, type]] = {
    "join": {"bot": str},   # a bot's node: its spec (engine.bots), told in the lobby
}

PING = b"lanboard/ping/1"
PONG = b"lanboard/pong/1"


class BadMessage(TransportError):
    """A node frame that is not one of ours; its sender is at fault."""


def pack_session(data: bytes) -> bytes:
    return bytes([SESSION]) + data


def pack(t: str, **fields: Any) -> bytes:
    msg = {"t": t, **fields}
    check(msg)
    return bytes([NODE]) + encode(msg)


def check(msg: Any) -> dict:
    if type(msg) is not dict or type(msg.get("t")) is not str:
        raise BadMessage("a node message must be a map with a text 't'")
    spec = SCHEMA.get(msg["t"])
    if spec is None:
        raise BadMessage(f"unknown node message {msg['t']!r}")
    fields = set(msg) - {"t"}
    optional = OPTIONAL.get(msg["t"], {})
    if not set(spec) <= fields <= set(spec) | set(optional):
        missing = sorted(set(spec) - fields)
        extra = sorted(fields - set(spec) - set(optional))
        raise BadMessage(f"{msg['t']} message: missing {missing}, unexpected {extra}")
    for name, typ in (*spec.items(), *optional.items()):
        if name in msg and type(msg[name]) is not typ:
            raise BadMessage(f"{msg['t']}.{name} must be {typ.__name__}")
    return msg


def unpack(frame: bytes) -> tuple[int, Any]:
    """(SESSION, bytes) or (NODE, checked message dict)."""
    if not frame:
        raise BadMessage("empty frame")
    channel, payload = frame[0], frame[1:]
    if channel == SESSION:
        return SESSION, payload
    if channel != NODE:
        raise BadMessage(f"unknown channel {channel}")
    try:
        return NODE, check(decode(payload, MAX_NODE_MESSAGE))
    except CodecError as e:
        raise BadMessage(f"undecodable node message: {e}") from None
