"""Protocol 4's vector file (tests/protocol/vectors/protocol4-proofs.json) checks and
recomputes: the generators, the shuffle's output and proof, the batched shares and their proof.
The file pins this build's bytes (re-recorded deliberately with make_p4_vectors.py when the
format changes); the checks below also verify it from the file's data alone."""
import json
from pathlib import Path

import pytest

from protocol.hidden import shuffle as w
from protocol.hidden.errors import HiddenError
from protocol.hidden.shares import check_batch
from protocol.hidden.transcript import Slot

from tests.protocol.make_p4_vectors import compute

V = json.loads((Path(__file__).resolve().parent / "vectors" / "protocol4-proofs.json").read_text())
X = lambda xs: [bytes.fromhex(x) for x in xs]  # noqa: E731


def test_the_vector_file_is_what_this_build_computes():
    assert compute() == V


def test_the_vector_shuffle_and_batch_verify_from_the_file_alone():
    match, joint = bytes.fromhex(V["match"]), bytes.fromhex(V["joint"])
    s = V["shuffle"]
    slot = Slot(match, s["slot"]["seq"], s["slot"]["deck"], s["slot"]["position"])
    w.check_shuffle(joint, slot, s["seat"], X(s["input"]), X(s["output"]), X(s["proof"]))
    b = V["batch"]
    items = [(d, p, bytes.fromhex(ct)) for d, p, ct in b["items"]]
    key = bytes.fromhex(V["keys"][b["seat"]])
    check_batch(key, match, b["seq"], b["seat"], items, X(b["shares"]), bytes.fromhex(b["proof"]))
    with pytest.raises(HiddenError):   # the other seat's key: the vector is not vacuous
        check_batch(bytes.fromhex(V["keys"][0]), match, b["seq"], b["seat"], items,
                    X(b["shares"]), bytes.fromhex(b["proof"]))
