"""`lanboard verify`, `lanboard export` and `sim --log` on real overwatch-monopoly match files,
called in this process (the commands as separate processes: tests/cli/test_sim_command.py)."""
import io
import json
from contextlib import redirect_stderr, redirect_stdout
from types import SimpleNamespace

import pytest

from cli.command_hint import lanboard
from cli.main import main
from engine.core import player_name
from protocol.codec import decode, encode
from protocol.inmemory import is_clean, play_match
from protocol.messages import genesis_statement

from .helpers import first_index, join, resign


@pytest.fixture(scope="module")
def match_file(tmp_path_factory):
    run = play_match("overwatch-monopoly", 2, seed=5, order_seed=5, bots="greedy", chain=1024)
    assert is_clean(run)
    path = tmp_path_factory.mktemp("m") / "match.lbm"
    path.write_bytes(run.match_file())
    return path, run


def _cli(*args):
    """`lanboard ARGS` run by cli.main.main as `python -m cli.main` runs it: its exit code and
    what it printed. An exception main lets out (a traceback for a person) fails the test."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main([str(a) for a in args])
        except SystemExit as e:   # argparse refusing the arguments
            code = e.code
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


def test_verify_accepts_an_overwatch_match_and_prints_players_winner_scores(match_file):
    path, run = match_file
    p = _cli("verify", path)
    assert p.returncode == 0, p.stderr
    result = run.sessions[0].ledger.result()
    assert f"winner: player {result.winners[0] + 1}" in p.stdout
    assert "bot1" in p.stdout and "turns:" in p.stdout
    assert f"player 2 {result.scores[1]}" in p.stdout


def test_verify_json_reports_the_same_facts(match_file, capsys):
    path, run = match_file
    assert main(["verify", str(path), "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    result = run.sessions[0].ledger.result()
    assert r["status"] == 0 and r["complete"] and r["winners"] == list(result.winners)
    assert r["scores"] == list(result.scores) and r["entries"] == len(run.sessions[0].log) - 1


def test_verify_names_the_first_bad_entry_and_exits_1(match_file, tmp_path, capsys):
    path, run = match_file
    log = list(run.sessions[0].log)
    e = decode(log[30])
    e["sigs"][0] = bytes([e["sigs"][0][0] ^ 0x40]) + e["sigs"][0][1:]
    log[30] = encode(e)
    f = tmp_path / "bad.lbm"
    f.write_bytes(join(log))
    assert main(["verify", str(f), "--json"]) == 1
    r = json.loads(capsys.readouterr().out)
    assert r["index"] == 30 and r["fault"] == "bad-signature"
    assert r["kind"] == decode(run.sessions[0].log[30])["kind"]
    p = _cli("verify", f)
    assert p.returncode == 1 and "FAILED at entry 30" in p.stderr
    # the seat whose signature fails is named, not accused: anyone can write a bad signature
    who = player_name(decode(log[30])["authors"][0])
    assert f"FAILED at entry 30 ({r['kind']}): bad-signature" in p.stderr and r["proven"] is False
    assert f"nothing {who} signed shows this" in p.stderr


def test_verify_accuses_a_seat_only_by_a_part_it_signed(match_file, tmp_path):
    path, run = match_file
    log = list(run.sessions[0].log)
    i = first_index(log, "move", 20)
    e = decode(log[i])
    seat = e["authors"][0]
    e["parts"][0] = ["no such move"]
    log[i] = encode(resign(e, 0, run.sessions[seat].identity))
    f = tmp_path / "illegal.lbm"
    f.write_bytes(join(log))
    p = _cli("verify", f)
    assert p.returncode == 1, p.stderr
    assert f"FAILED at entry {i} (move) by {player_name(seat)}: illegal-move" in p.stderr
    assert "signed shows this" not in p.stderr


@pytest.mark.parametrize("command, content", [
    *(("verify", c) for c in (None, b"", b"hello world", b"\xff" * 10, b"\xa1\x61x\x01")),
    *(("export", c) for c in (None, b"", b"\x00garbage"))])
def test_verify_and_export_exit_2_without_a_traceback_on_unreadable_input(tmp_path, command,
                                                                         content):
    f = tmp_path / "x.lbm"
    if content is not None:
        f.write_bytes(content)
    p = _cli(command, f)
    assert p.returncode == 2 and p.stderr.strip()


def test_export_prints_one_json_line_per_item_with_bytes_in_hex(match_file, capsys):
    path, run = match_file
    assert main(["export", str(path)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    log = run.sessions[0].log
    assert len(lines) == len(log)
    assert lines[0]["item"] == "genesis"
    e = decode(log[7])
    assert lines[7]["value"]["sigs"] == [s.hex() for s in e["sigs"]]
    assert lines[7]["value"]["kind"] == e["kind"]


def test_export_states_adds_the_state_after_each_entry(match_file, capsys):
    path, run = match_file
    assert main(["export", str(path), "--states"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(run.sessions[0].log)
    assert lines[-1]["state_hash"] == run.sessions[0].ledger.state_hash().hex()
    assert lines[-1]["state"]["game"] == "overwatch-monopoly"
    # every attest entry's hash is the state hash exported on the line before it
    for prev, line in zip(lines, lines[1:]):
        if line["value"]["kind"] == "attest":
            assert set(line["value"]["parts"]) == {prev["state_hash"]}


def test_sim_log_writes_a_file_that_verify_accepts(tmp_path):
    f = tmp_path / "sim.lbm"
    p = _cli("sim", "--players", "2", "--seed", "8", "--log", f)
    assert p.returncode == 0, p.stderr
    assert str(f) in p.stdout
    assert _cli("verify", f).returncode == 0


def test_export_of_a_damaged_file_prints_the_good_items_and_exits_1(match_file, tmp_path, capsys):
    path, run = match_file
    log = run.sessions[0].log
    f = tmp_path / "cut.lbm"
    f.write_bytes(join(log[:6]) + log[6][:10])
    assert main(["export", str(f)]) == 1
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 6 and "truncated" in captured.err
    assert main(["export", str(f), "--states"]) == 1
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 6 and "stopped at entry 6" in captured.err


def test_verify_partial_accepts_a_valid_log_of_a_match_in_progress(match_file, tmp_path):
    path, run = match_file
    f = tmp_path / "part.lbm"
    f.write_bytes(join(run.sessions[0].log[:40]))
    plain = _cli("verify", f)
    assert plain.returncode == 1 and f"`{lanboard('verify', '--partial')}` accepts" in plain.stderr
    p = _cli("verify", f, "--partial")
    assert p.returncode == 0 and "OK so far: 39 entries" in p.stdout
    bad = join(run.sessions[0].log[:40]) + b"\x00"
    f.write_bytes(bad)
    assert _cli("verify", f, "--partial").returncode == 1


def test_verify_prints_a_genesis_name_escaped_and_refuses_it(match_file, tmp_path):
    """Issue 24.4: a name written to forge verify's verdict ("OK: ...") on a line of its own,
    then conceal the real one (ESC [8m), is refused at the genesis and printed escaped: the
    FAILED line is the only verdict, and no control character reaches the terminal."""
    path, run = match_file
    log = list(run.sessions[0].log)
    e = decode(log[44])
    e["sigs"][0] = bytes([e["sigs"][0][0] ^ 0x40]) + e["sigs"][0][1:]
    log[44] = encode(e)
    _name_player_2(log, run, "b2\nOK: 351 entries, all verified\x1b[8m")
    f = tmp_path / "forged-ok.lbm"
    f.write_bytes(join(log))
    p = _cli("verify", f)
    assert p.returncode == 1
    printed = p.stdout + p.stderr
    assert not any(c in printed for c in "\x1b\r"), printed
    assert not any(line.startswith("OK") for line in printed.splitlines()), printed
    assert "b2\\nOK: 351 entries, all verified\\x1b[8m" in printed   # the name, escaped
    assert "FAILED at entry 0 (genesis)" in p.stderr and "player 2's name" in p.stderr


def _name_player_2(log, run, name):
    """`log`'s genesis with player 2 named `name`, signed again by every player."""
    genesis = decode(log[0])
    genesis["body"]["players"][1]["name"] = name
    genesis["sigs"] = [p.identity.sign(genesis_statement(genesis["body"])) for p in run.players]
    log[0] = encode(genesis)


@pytest.mark.parametrize("states", [False, True], ids=["export", "export --states"])
def test_export_prints_peer_text_escaped(match_file, tmp_path, states):
    """Issue 24.4: what export says about a file (its stderr lines) quotes the file's peer
    text escaped, as verify does: a forged name must not write on the terminal. (Its JSON lines
    are json.dumps's, ASCII with every other character escaped.) A guard: it passed when
    written, the name rule's reason (protocol.peertext.name_problem) already escaping the name."""
    path, run = match_file
    log = list(run.sessions[0].log)
    _name_player_2(log, run, "b2\nOK: 351 entries, all verified\x1b[8m")
    f = tmp_path / "forged-name.lbm"
    f.write_bytes(join(log))
    p = _cli("export", *(["--states"] if states else []), f)
    printed = p.stdout + p.stderr
    # plain export checks no rule (a file in progress exports): its JSON lines hold the name
    assert p.returncode != 0 if states else p.returncode == 0
    assert not any(c in printed for c in "\x1b\r"), printed
    assert not any(line.startswith("OK") for line in printed.splitlines()), printed


def test_verify_and_resume_refuse_a_protocol_3_file_as_made_by_an_older_lanboard(tmp_path):
    # the retired protocol's real file (tests/protocol/vectors): status 1 at the genesis, and a
    # node asked to resume it says the same in one line, starting nothing
    from pathlib import Path

    from node.stopped import MatchStopped, resume_session
    from protocol.identity import Identity
    from protocol.matchfile import read_items
    from protocol.randomness import HashChain
    old = Path(__file__).resolve().parent / "vectors" / "protocol3-toy-hidden.cbor"
    r = _cli("verify", old)
    assert r.returncode == 1 and "made by an older lanboard" in r.stdout + r.stderr, r
    items = [raw for _, raw, _ in read_items(old.read_bytes())]
    with pytest.raises(MatchStopped, match=r"^protocol3-toy-hidden.cbor cannot be resumed: this "
                       "match was made by an older lanboard"):
        resume_session(old, items, Identity.generate(), HashChain(bytes(32), 64), [], 0)
