"""`lanboard verify` of a file whose bytes do not decode says first, in plain words, that the
file was changed or damaged at that entry and byte; the decoder's details come after."""
from cli.main import main
from tests.protocol.helpers import items, join, toy_match


def test_a_damaged_file_is_said_to_be_changed_or_damaged_at_its_entry_and_byte_first(
        tmp_path, capsys):
    run, _ = toy_match()
    raws = items(join(run.sessions[0].log))
    at = len(join(raws[:10]))                       # where entry 10 starts
    path = tmp_path / "damaged.match"
    path.write_bytes(join(raws[:10]) + b"\xff" + raws[10][1:] + join(raws[11:]))
    assert main(["verify", str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    failed = [k for k, line in enumerate(lines) if "FAILED" in line]
    assert len(failed) == 1
    said = lines[failed[0]]
    assert said.startswith(f"FAILED: this file was changed or damaged at entry 10, byte {at}: ")
    assert "does not decode" in said and "CBOR" not in said
    details = lines[failed[0] + 1]
    assert details.startswith("details: ") and f"malformed CBOR at byte {at}" in details
