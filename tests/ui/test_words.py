"""The UI's own words are about the match, never a game's rules: faults name the players."""
from cli.ui.words import Names, fault_words


def test_a_fault_names_the_player_in_plain_words():
    text = fault_words("timed-out", [1], "no move within 120 s", Names(["Ann", "Bob"]))
    assert text == "The game stopped: Bob took too long (timed out). (no move within 120 s)"
    assert "Cy computed a different game state" in fault_words(
        "state-mismatch", [2], "hash differs", Names(["Ann", "Bob", "Cy"]))


def test_a_dispute_names_both_sides_and_says_neither_is_proven():
    text = fault_words("dispute", [0, 2], "seat 0 stopped the match accusing seat 2",
                       Names(["Ann", "Bob", "Cy"]))
    assert text.startswith("The game stopped: Ann and Cy disagree: one accuses the other of "
                           "cheating, and neither can be proven right.")


def test_a_name_or_a_reason_a_peer_wrote_is_shown_escaped():
    """Issue 24.4: the UI prints other players' words through protocol.peertext.shown, so a name
    from an older build's genesis or a halt notice's reason cannot act on the terminal."""
    names = Names(["Ann", "Mal\x1b[2J\u202e"])
    assert names.plain(1) == "Mal\\x1b[2J\\u202e"
    text = fault_words("dispute", [1], "x\n\x1b[8mhidden", names)
    assert "\x1b" not in text and "\n" not in text and "\u202e" not in text
    assert text.endswith("(x\\n\\x1b[8mhidden)")
