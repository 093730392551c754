"""A cheat caught live stays on the record (node.play, node.stopped): three bot nodes over memory
streams on the virtual clock, one of which sends the others an illegal move it signed (while
logging the honest one itself, as a cheater's node would). Every honest node's match file then
ends with the signed proof and `verify` names the cheater from it; the match is over for good: a
resume refuses it (plainly, for the cheater too) and leaves the file as it was, and `lanboard
games` no longer offers it."""
import json

import pytest
import trio

from node.runtime import MatchStopped, Node, unfinished_matches
from protocol.codec import decode, encode
from protocol.identity import Identity
from protocol.messages import make_entry, parse_proof, parse_wire
from protocol.events import Send
from protocol.session import Session
from protocol.verify import verify_file

from tests.protocol.helpers import reshare

from .memnet import MemoryNetwork

ILLEGAL = ["no such move"]


def _cheating_moves(monkeypatch, cheater: Identity) -> list[bytes]:
    """The cheater's first move goes out to the others as ILLEGAL, signed by it; its own
    session logs the move its bot chose. Returns the forged share once sent."""
    honest_move = Session.move
    sent: list[bytes] = []

    def move(session, choice):
        out = honest_move(session, choice)
        if session.identity is not cheater or sent:
            return out
        for i, send in enumerate(out.sends):
            msg = parse_wire(send.data)
            if msg["t"] == "share" and msg["kind"] == "move" and msg["author"] == session.seat:
                sent.append(reshare(msg, cheater, part=ILLEGAL))
                out.sends[i] = Send(send.to, sent[0], send.relay)
        return out

    monkeypatch.setattr(Session, "move", move)
    return sent


async def _play(net: MemoryNetwork, nodes: list[Node]) -> None:
    with trio.fail_after(3600):   # virtual seconds
        async with trio.open_nursery() as nursery:
            port = await nursery.start(lambda task_status: nodes[0].host(
                "overwatch-monopoly", (), len(nodes), task_status=task_status))
            for node in nodes[1:]:
                nursery.start_soon(node.join, "memory-host", port)


async def _resume(node: Node, path) -> None:
    with trio.fail_after(600):    # virtual seconds: a resumed match would wait for its peers
        await node.resume(path)


@pytest.fixture
def caught(tmp_path, monkeypatch, virtual_net):
    """A game stopped live at the cheater's illegal move: (nodes, cheater, forged share)."""
    net = MemoryNetwork()
    nodes = [Node(Identity.generate(), f"C{i}", tmp_path / f"c{i}", bot="greedy",
                  transport=net) for i in range(3)]
    for node in nodes:
        node.said = []
        node.on_event = lambda kind, data, said=node.said: said.append((kind, data))
    cheater = nodes[1]
    sent = _cheating_moves(monkeypatch, cheater.identity)
    trio.run(_play, net, nodes, clock=virtual_net)
    assert sent, "the cheater never moved"
    return nodes, cheater, sent[0]


def test_an_illegal_move_caught_live_is_named_by_the_honest_files(caught):
    nodes, cheater, forged = caught
    seq = parse_wire(forged)["seq"]
    for honest in (n for n in nodes if n is not cheater):
        f = honest.outcome.fault
        assert (f.kind, f.seats, f.seq) == ("illegal-move", (cheater.my_seat,), seq), f
        report = verify_file(honest.outcome.match_file)
        assert (report.status, report.fault, report.author, report.proven, report.index) == (
            1, "illegal-move", cheater.my_seat, True, seq), report
        proof = decode(honest.outcome.match_file.read_bytes()[-len(honest.session.record):])
        assert parse_proof(proof)["evidence"] == [forged]   # the very share it signed


def test_resuming_an_honest_node_keeps_the_cheat_and_does_not_play_on(caught, virtual_net):
    nodes, cheater, _ = caught
    honest = next(n for n in nodes if n is not cheater)
    path = honest.outcome.match_file
    before = path.read_bytes()
    again = Node(honest.identity, "again", honest.home, bot="greedy",
                 transport=MemoryNetwork())
    with pytest.raises(MatchStopped, match=f"stopped at entry .* proven cheat .*illegal-move by "
                                           f"player {cheater.my_seat + 1}"):
        trio.run(_resume, again, path, clock=virtual_net)
    assert path.read_bytes() == before
    assert verify_file(path).author == cheater.my_seat
    # and `lanboard games` (and a plain `lanboard resume`) do not offer it
    assert path not in unfinished_matches(honest.home)


def test_the_cheaters_own_resume_says_plainly_that_its_match_was_stopped(caught, virtual_net):
    nodes, cheater, _ = caught
    # live, its node stopped when the others' notices proved the move it sent
    assert any(kind == "fault" and data.get("proven") and data["seats"] == [cheater.my_seat]
               for kind, data in cheater.said), cheater.said
    path = cheater.outcome.match_file
    again = Node(cheater.identity, "again", cheater.home, bot="greedy",
                 transport=MemoryNetwork())
    with pytest.raises(MatchStopped, match=f"proven cheat .*player {cheater.my_seat + 1} "
                                           r"\(you\)"):
        trio.run(_resume, again, path, clock=virtual_net)
    assert path not in unfinished_matches(cheater.home)


def _logged_by_a_changed_node(nodes, cheater, forged):
    """The cheater's match file as a node changed to log its own illegal move keeps it: the
    entries before the cheat, then that move as an entry, and a note that knows of no stop.
    Returns its path and items."""
    honest = next(n for n in nodes if n is not cheater)
    items = honest.session.log + [encode(make_entry([parse_wire(forged)]))]
    path = cheater.outcome.match_file
    path.write_bytes(b"".join(items))
    note = json.loads(path.with_suffix(".json").read_text())
    note.pop("stopped")
    path.with_suffix(".json").write_text(json.dumps(dict(note, finished=False)))
    return path, items


def test_a_cheater_whose_own_log_holds_its_cheat_is_told_why_it_cannot_resume(caught,
                                                                              virtual_net):
    # A cheater's node changed to log its own illegal move: its file holds the entry the
    # others refused. Resuming it is refused in one line (it was a raw traceback).
    nodes, cheater, forged = caught
    path, items = _logged_by_a_changed_node(nodes, cheater, forged)
    again = Node(cheater.identity, "again", cheater.home, bot="greedy",
                 transport=MemoryNetwork())
    with pytest.raises(MatchStopped, match=f"entry {len(items) - 1} breaks a rule "
                                           fr"\(illegal-move by player {cheater.my_seat + 1} "
                                           r"\(you\)"):
        trio.run(_resume, again, path, clock=virtual_net)


def _lanboard(monkeypatch, node: Node, *argv) -> int:
    """`lanboard ARGV` run by `node`'s player (its home, its key file)."""
    from cli.main import main
    key = node.home / "identity.key"
    if not key.exists():
        key.write_bytes(node.identity.seed())
        key.chmod(0o600)
    monkeypatch.setenv("LANBOARD_HOME", str(node.home))
    return main(list(argv))


def test_the_command_line_names_the_cheater_and_refuses_to_resume_in_one_line(
        caught, monkeypatch, capsys):
    nodes, cheater, forged = caught
    honest = next(n for n in nodes if n is not cheater)
    path = str(honest.outcome.match_file)
    assert _lanboard(monkeypatch, honest, "verify", path) == 1
    said = capsys.readouterr().err
    assert (f"FAILED at entry {parse_wire(forged)['seq']} (move) by player "
            f"{cheater.my_seat + 1}: illegal-move") in said, said
    # what its node said when it stopped: plainly, that the match is over for good
    from cli.node_runner import Printer
    Printer(json_lines=False)(*next(e for e in honest.said if e[0] == "fault"))
    said = capsys.readouterr().out
    assert said.startswith("GAME STOPPED: illegal-move") and "over for good" in said, said
    for which in (path, honest.outcome.match_file.stem[:8]):   # the file, or its id's start
        assert _lanboard(monkeypatch, honest, "resume", which, "--headless") == 1
        said = capsys.readouterr().err
        assert said.count("\n") == 1 and "Traceback" not in said, said
        assert "proven cheat" in said and "is not resumed" in said, said
    assert _lanboard(monkeypatch, honest, "games", "--json") == 0
    assert honest.outcome.match_file.stem not in capsys.readouterr().out


def test_the_cheaters_command_line_resume_of_its_own_cheat_is_one_line(caught, monkeypatch,
                                                                      capsys):
    # the cheater's node logged its own illegal move (the note knows of no stop): the node
    # starts, finds the entry that breaks a rule, and says so, with no traceback
    nodes, cheater, forged = caught
    path, _ = _logged_by_a_changed_node(nodes, cheater, forged)
    assert _lanboard(monkeypatch, cheater, "resume", str(path), "--headless") == 1
    said = capsys.readouterr().err
    assert "Traceback" not in said and "cannot be resumed" in said, said
    assert f"illegal-move by player {cheater.my_seat + 1} (you)" in said, said


def test_a_file_with_an_item_that_is_no_entry_is_refused_in_one_line(caught, virtual_net):
    # (a raw SchemaError before)
    nodes, cheater, _ = caught
    honest = next(n for n in nodes if n is not cheater)
    path = honest.outcome.match_file
    path.write_bytes(b"".join(honest.session.log + [encode({"kind": "move"})]))
    again = Node(honest.identity, "again", honest.home, bot="greedy", transport=MemoryNetwork())
    with pytest.raises(MatchStopped, match="cannot be resumed: an item of it does not read as "
                                           "an entry"):
        trio.run(_resume, again, path, clock=virtual_net)
