"""Whatever a local client writes on the control socket, it gets a clear answer and the node
plays on (issue 14: a float, NaN or huge integer in a move, and deep nesting, killed the node).

The node runs a real two-player game in a thread of its own (tests.node.control_events), waiting for
this person's decision; hypothesis throws requests at it through a plain socket, every command
with arbitrary JSON values, depths and sizes, and after each one the node must still answer
`status` and still offer the same decision (or have played a legal move).
"""
import json
import socket
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from node.control import MAX_LINE
from tests.worded_toy import GAME_ID

from .control_events import NodeInAThread

COMMANDS = ["status", "state", "pending", "move", "choose", "start", "ping", "events"]
# every kind of JSON number, including those with no canonical encoding in a move
numbers = st.one_of(st.integers(), st.integers(min_value=2**63, max_value=10**80),
                    st.floats(allow_nan=True, allow_infinity=True))
scalars = st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=50))
json_values = st.recursive(
    scalars, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                     st.dictionaries(st.text(max_size=10), inner, max_size=6)),
    max_leaves=40)


NESTED_12 = json.loads("[" * 12 + "1" + "]" * 12)   # deeper than a peer decodes


def request(path: Path, line: bytes, timeout: float = 10.0) -> dict:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(str(path))
        s.sendall(line + b"\n")
        buf = b""
        while b"\n" not in buf:
            data = s.recv(65536)
            assert data, f"the node closed the connection without answering {line[:80]!r}"
            buf += data
        return json.loads(buf.split(b"\n", 1)[0])


@pytest.fixture(scope="module")
def node(tmp_path_factory):
    n = NodeInAThread(tmp_path_factory.mktemp("hostile-control"), GAME_ID).start()
    yield n
    n.stop()


def _check_answer_and_node_alive(node, line: bytes) -> None:
    answer = request(node.sock, line)
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
    if not answer["ok"]:
        assert isinstance(answer["error"], str) and answer["error"]
    assert node.error is None and node.thread.is_alive(), repr(node.error)
    status = request(node.sock, b'{"cmd": "status"}')
    assert status["ok"] and status["phase"] in ("playing", "over")


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(cmd=st.sampled_from(COMMANDS), key=st.sampled_from(["move", "choice", "cmd", "x"]),
       value=json_values)
def test_any_json_value_in_any_command_is_answered_and_the_node_plays_on(node, cmd, key, value):
    req = {"cmd": cmd, key: value}
    _check_answer_and_node_alive(node, json.dumps(req).encode()[:MAX_LINE])


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(cmd=st.sampled_from(COMMANDS), depth=st.integers(1, MAX_LINE // 2 - 40),
       opener=st.sampled_from(["[", '{"a":']))
def test_a_request_nested_to_any_depth_is_answered_and_the_node_plays_on(node, cmd, depth,
                                                                         opener):
    closer = "]" if opener == "[" else "}"
    depth = min(depth, (MAX_LINE - 40) // (len(opener) + 1))
    nested = opener * depth + "1" + closer * depth
    _check_answer_and_node_alive(node, f'{{"cmd": "{cmd}", "move": {nested}}}'.encode())
    _check_answer_and_node_alive(node, (opener * depth).encode())   # unclosed, as in the attack


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(line=st.binary(max_size=2000).filter(lambda b: b"\n" not in b))
def test_any_bytes_on_a_line_are_answered_and_the_node_plays_on(node, line):
    if line.strip():
        _check_answer_and_node_alive(node, line)


@pytest.mark.parametrize("move", [["roll", 1.5], ["roll", float("nan")], ["roll", 10**40],
                                  ["roll", 2**64], ["roll", NESTED_12]])
def test_a_move_with_no_canonical_encoding_is_refused_with_a_reason(node, move):
    answer = request(node.sock, json.dumps({"cmd": "move", "move": move}).encode())
    assert answer["ok"] is False and "a move is a list of words and whole numbers" in \
        answer["error"]
    assert request(node.sock, b'{"cmd": "pending"}')["decision"] is not None


def test_a_line_that_is_not_utf8_is_refused_naming_the_byte_not_another_encoding(node):
    answer = request(node.sock, b'{"cmd": "st\xffatus"}')
    assert answer == {"ok": False, "error": "bad request: a request is UTF-8 text; "
                                            "byte 11 is 0xff"}


def test_the_game_goes_on_after_the_hostile_requests(node):
    # runs last in this file: Pat's legal move is still taken and the game moves on
    pending = request(node.sock, b'{"cmd": "pending"}')["decision"]
    if pending is not None:
        answer = request(node.sock, json.dumps({"cmd": "move",
                                                "move": pending["options"][0]}).encode())
        assert answer == {"ok": True}
    status = request(node.sock, b'{"cmd": "status"}')
    assert status["ok"] and node.thread.is_alive()
