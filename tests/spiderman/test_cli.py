"""`lanboard sim --game spiderman-monopoly --log FILE` then `lanboard verify FILE`, called in
this process (the commands as a separate process are tests/cli/test_sim_command.py's)."""
import json

from cli.main import main


def test_sim_with_a_log_then_verify_the_log(tmp_path, capsys):
    log = tmp_path / "x.cbor"
    assert main(["sim", "--game", "spiderman-monopoly", "--players", "4", "--seed", "2",
                 "--log", str(log)]) == 0
    out = capsys.readouterr()
    assert "spiderman-monopoly seed 2: winner P" in out.out and log.exists(), out
    assert main(["verify", str(log), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "spiderman-monopoly"
    assert len(report["winners"]) == 1 and len(report["scores"]) == 4
