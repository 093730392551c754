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
