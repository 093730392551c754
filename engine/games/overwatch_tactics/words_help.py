"""The help the hex screen's `?` opens: how to play in the rulebook's own words, where lanboard
reads an ambiguous rule in a way that changes play (each also in RULES.md, with its test), and
one page per hero sheet with its figures from data.toml.

Invariants:
- A quotation in double quotes is the rulebook's text (shared/rules/overwatch-board-game.txt)
  as printed; what follows "lanboard:" is a house reading the rules code keeps (rules.py, and
  the RULES.md section named).
- A sheet's figures come from the loaded Data, never written here a second time.
- Words only: nothing here changes a state.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import Ability, HeroSheet

if TYPE_CHECKING:
    from .rules import OverwatchTactics

HOW_TO_PLAY = [
    "The goal. \"The goal of the game is for the attacking team to get the Payload to the end "
    "of the map, if they succeed with that they win. The defending players win if the Payload "
    "haven't reached the end of the map by their tenth round of the game.\"",
    "The payload. In step 5 of every turn (yours and the enemy's) \"the Payload will move as "
    "many steps towards its goal as there are attacking Heroes in the spaces adjacent to it. If "
    "there are any defending heroes in any of the spaces adjacent to the Payload it will instead "
    "move towards its starting point in the same manner, but never past any checkpoints\". Both "
    "sides next to it: contested, it does not move. Attack: stand next to it (<P> on the map); "
    "defence: stand next to it too, or keep the attackers away.",
    "A turn. 0 (attack only): the round marker moves on. 1: cool down (below). 2: your overwatch "
    "tokens, barriers and boosts from your last turn end. 3: activate your heroes, in any order, "
    "as often as you like, until you end the turn (e). 4: your defeated heroes come back in your "
    "spawn point at full HP. 5: the payload moves, then the win is checked. \"On the first turn "
    "of the game – skip numbers 0 and 1 from the turn order.\"",
    "Moving. Each hero moves up to its Speed in hexes a turn, one hex at a time, and may stop "
    "to attack or use an ability and go on. \"All Heroes can move up one level and down any "
    "number of levels\". A hex with a hero, a barrier or the payload cannot be entered.",
    "Height. A hex's level is the map's (. 1 2 on the map) plus any terrain piece on it. From "
    "higher, with full sight, an attack is at advantage: \"the weapon always deals maximum "
    "damage\". From lower, it is at disadvantage: \"an attack always deals its lowest possible "
    "damage\". Same level: the damage the weapon's grid gives for the distance (closer hits "
    "harder).",
    "Sight. \"Line of sight can never be drawn throughout her heroes or obstacles two levels "
    "taller than the hero's current position.\" Full sight: \"an uninterrupted straight line "
    "from the middle of the attacking Heroes hex to the middle of the attacked heroes hex\". "
    "Semi-blocked: \"an uninterrupted line can be drawn between any sides of the two heroes' "
    "respective hexagons\"; a semi-blocked attack is at disadvantage (the minimum), whatever "
    "the height. No line at all: no attack. Range counts hexes; \"it is not important whether "
    "or not there is a straight line of hexes\".",
    "Attacking. \"A Hero can only activate one of its main weapons once each turn.\" The hero's "
    "sheet lists every enemy in range and sight with the damage it would deal and why.",
    "Abilities and cubes. Using an ability puts cubes on it equal to its number, the cooldown; "
    "one cube comes off at the start of each of your turns (step 1), and it is ready again when "
    "none is left (the sheet shows \"ready\" or the cubes left). \"Do not do this to heroes who "
    "are (temporarily) off the board.\" An ultimate starts the game with its cubes on. "
    "Abilities that can deal damage are offensive. \"Range\" abilities are volleyed: they land "
    "on a hex within range without sight and hit everyone within their area.",
    "Overwatch. \"Any heroes that haven't attacked or used any offensive abilities during their "
    "current turn can always be set to overwatch.\" Until the start of your next turn, \"it will "
    "automatically shoot any number of enemies moving into its range and line of sight once. It "
    "will deal its disadvantage damage\". On the map an upper-case side letter (ATr, DRp) is a "
    "hero on overwatch, and the hexes where an enemy's overwatch would shoot the selected hero "
    "are marked apart from the rest of its reach.",
    "Defeat. \"If a Hero's HP reaches 0 it is immediately removed from the board and won't "
    "return to the game until the re-spawn fallen heroes phase of the controlling players "
    "turn.\" It comes back at full HP; \"everything else remains unchanged\" (its cubes too).",
]

# Each is written in RULES.md and kept by rules.py; the test named there plays it out.
HOUSE_READINGS = [
    "Sight grazing a corner (RULES.md \"Line of sight\"): a line that only touches one "
    "blocker's corner, or runs along one blocker's edge, is not interrupted; a line squeezing "
    "between two blockers is. So a straight line from the middle that grazes a corner is full "
    "sight, and a hero straight behind another (or behind a row of them) is never hidden: the "
    "lines from the corners graze the heroes between, so the sight is semi-blocked "
    "(disadvantage), not none.",
    "Overwatch fires only on entering (RULES.md \"Overwatch\"): a hero is shot when a step or an "
    "ability move takes it from outside a watcher's range and sight to inside. A hero already "
    "inside that moves within is not shot; one that leaves and comes back in is. Each watcher "
    "shoots each enemy once, with the first weapon that reaches, and only in the enemy's turn. "
    "Setting a hero to overwatch ends its actions for the turn.",
    "The payload stops in front of a hero (RULES.md \"The payload\"): it cannot share a hex, so "
    "a hero or a barrier on the route ahead of it (or behind it, when the defence pushes it "
    "back) stops it there, whoever's that hero is.",
    "Cooldown runs on the owner's turns only (RULES.md \"The turn\"): step 1 takes one cube off "
    "the abilities of the active player's heroes on the board, so an ability with cooldown 2 "
    "used this turn is ready again at the start of your second turn from now; the enemy's "
    "turns do not count.",
    "Heroes block sight whoever's they are: \"throughout her heroes\" is read as any hero but "
    "the shooter and the target. Barriers block sight and movement.",
    "Neither side may enter the enemy's spawn point (the rulebook is silent; it keeps a free "
    "hex for every respawn). The defence's unchosen spawn point is ordinary ground.",
    "Set-up: the defence places the first terrain piece and the players alternate, 4 pieces "
    "each; a piece raises the hexes it covers by its height and is climbable ground. The draft's "
    "picks are sealed: both players pick at once and neither sees the other's pick first.",
]

KEYS = [
    "arrows move the hex cursor; Enter (or a click) acts on the hex: steps there, walks a far "
    "hex along the path shown, shoots the enemy there, uses an ability there.",
    "Tab / Shift-Tab select the next hero; j/k and 1-9 choose from the list, which shows the "
    "selected hero's options and the turn's end; e ends the turn. [ and ] scroll a hero's "
    "sheet where it does not fit (at 80x24, ] shows it whole, two lines at a time).",
    "In the terrain phase the cursor places a piece: the list shows every piece that can cover "
    "the cursor's hex, the highlighted one drawn on the map; j/k turn through them, Enter "
    "places it.",
    "Map: aTr attack hero (side letter and initials), dRp defence, upper case on overwatch; <P> "
    "the payload, = its route, C a checkpoint, E the end, + and - the spawn points, # terrain, "
    ". 1 2 the levels, [B] a barrier.",
]


def ability_words(ab: Ability) -> str:
    """What an ability does, its cooldown and whether it is offensive, from its sheet."""
    e = ab.effect
    if e == "move":
        what = f"moves the hero to a free hex within {ab.reach}, at any level, spending no Speed"
    elif e == "heal":
        what = f"heals another ally within {ab.range} in sight by {ab.amount}"
    elif e == "area":
        where = "at the hero's own hex" if ab.range == 0 else f"at any hex within {ab.range}"
        area = "on that hex" if ab.radius == 0 else f"within {ab.radius} of that hex"
        parts = ([f"{ab.damage} damage to every enemy"] if ab.damage else []) + \
            ([f"heals every ally (the hero too) by {ab.heal}"] if ab.heal else [])
        what = (f"Range (volleyed, no sight needed), aimed {where}; {area}: "
                + " and ".join(parts))
    elif e == "strike":
        what = f"{ab.damage} damage to an enemy within {ab.range} in sight"
    elif e == "barrier":
        what = ("a barrier on a free hex next to the hero: it blocks sight and movement until "
                "the beginning of your next turn")
    elif e == "boost":
        who = "the hero itself" if ab.range == 0 else f"another ally within {ab.range} in sight"
        what = (f"{who} deals {ab.amount} more with its main weapons until the beginning of "
                "your next turn" + (f", and heals {ab.heal}" if ab.heal else ""))
    elif e == "resurrect":
        what = "a defeated ally comes back at once, at full HP, on a free hex next to the hero"
    else:
        what = e
    cubes = (f"ultimate: starts with {ab.cooldown} cubes, {ab.cooldown} again after use"
             if ab.ultimate else f"cooldown {ab.cooldown}")
    return f"{ab.name} ({cubes}): {what}" + ("; offensive" if ab.offensive else "") + "."


def sheet_help(sh: HeroSheet) -> list[str]:
    lines = [f"HP {sh.hp}, Speed {sh.speed}."]
    for w in sh.weapons:
        grid = ", ".join(f"{d} at {k + 1}" for k, d in enumerate(w.grid))
        lines.append(f"{w.name} (main weapon, range {w.range}): damage at the same level "
                     f"{grid} hex{'es' if w.range > 1 else ''} away; advantage {w.most}, "
                     f"disadvantage {w.least}.")
    lines += [ability_words(a) for a in sh.abilities]
    if sh.lifesteal:
        lines.append(f"Passive: heals {sh.lifesteal} whenever its main weapon hits.")
    if sh.regeneration:
        lines.append(f"Passive: heals {sh.regeneration} at the start of each of your turns.")
    return lines


def help_pages(g: "OverwatchTactics") -> list[dict]:
    """The rules' pages ({"title", "lines"}), before the heroes' (glossary "characters")."""
    return [{"title": "How to play", "lines": HOW_TO_PLAY},
            {"title": "Where lanboard decides what the rulebook leaves open",
             "lines": HOUSE_READINGS},
            {"title": "Keys and the map", "lines": KEYS}]


def characters(g: "OverwatchTactics") -> dict:
    return {hid: {"name": sh.name, "help": sheet_help(sh)} for hid, sh in g.data.heroes.items()}
