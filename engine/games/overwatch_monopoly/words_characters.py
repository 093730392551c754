"""The character guide of the Monopoly Gamer: Overwatch rulebook, verbatim.

Copied from shared/rules/monopoly-gamer-overwatch.txt because that folder is not installed with
lanboard; the node sends them in the game's glossary (words.glossary) and the UI's help key shows
them, so a player reads the rulebook's own text. Words only: not part of the rules digest.
"""
from __future__ import annotations

import unicodedata

TEXT = """\
D.Va

• Name: Hana Song
• Role: Tank
• Tank Ability: Defense Matrix. Until the start of your next turn, the next time another player's ability would affect you, you are immune. Turn D.Va's character card sideways to remind yourself the ability is active. Turn it back after you use the ability or at the start of your next turn.
• Ultimate Ability: Self-Destruct. Choose any one player to pay 5 HP to the Bank. All other players must pay 2 HP to the Bank.

Lúcio

• Name: Lúcio Correia Dos Santos
• Role: Support
• Support Ability: Crossfade. You may add 3 to your numbered die roll or collect 3 HP from the Bank.
• Ultimate Ability: Sound Barrier. Collect 4 HP from the Bank. Until the start of your next turn, the next time another player's ability would affect you, you are immune. Turn Lúcio's character card sideways to remind yourself the ability is active. Turn it back after you use the ability or at the start of your next turn.

Mercy

• Name: Angela Ziegler
• Role: Support
• Support Ability: Utility. Collect 4 HP from the Bank.
• Ultimate Ability: Valkyrie. Advance to the next uncaptured objective or health pack space. Follow the rules of that space. If you pass GO, do not collect 2 HP or level up.

Unkown

• Name: Gabriel Reyes
• Role: Damage
• Damage Ability: Hellfire Shotguns. Choose two players. They each pay 2 HP to the Bank.
• Ultimate Ability: Death Blossom. All other players pay 4 HP to the Bank.

Tracer

• Name: Lena Oxton
• Role: Damage
• Damage Ability: Blink. Move according to your numbered die roll. You may then follow the rules of that space OR roll the numbered die again, move, and carry out the action of the second space you land on.
• Ultimate Ability: Pulse Bomb. Choose any one player to pay 8 HP to the Bank.

Winston

• Name: Winston
• Role: Tank
• Tank Ability: Jump Pack. You may add up to 3 to your numbered die roll. If you end your move on the same space as another player, that player must pay 2 HP to the Bank.
• Ultimate Ability: Primal Rage. Collect 5 HP from the Bank. All other players must pay 2 HP to the Bank.

Other Heroes

Damage Heroes

Bastion

• Role: Damage
• Damage Ability: Sentry. All other players pay 2 HP to the Bank.

Doomfist

• Name: Akande Ogundimu
• Role: Damage
• Damage Ability: Rising Uppercut. Add 3 to your numbered die roll. If you would pass another player, end your move on that space. Do not follow the rules of that space. All other players on that space must pay 3 HP to the Bank. If you wouldn't pass another player but there is one on the space where you end your move, they must pay 3 HP to the Bank.

Genji

• Name: Genji Shimada
• Role: Damage
• Damage Ability: Swift Strike. Add 3 to your numbered die roll. All players you pass or on the space where you land must pay 3 HP to the Bank.

Hanzo

• Name: Hanzo Shimada
• Role: Damage
• Damage Ability: Storm Arrows. Choose any other players to pay 3 HP to the Bank between them. For example, if there are three other players, each may pay 1 HP, or you may choose one player to pay 2 and another to pay 1, or you may choose one player to pay 3.

Junkrat

• Name: Jamison Fawkes
• Role: Damage
• Damage Ability: Steel Trap. Take a 5 HP chip from the Bank, and place it on your current space. The next time a player lands on or passes that space, they must stop there and pay 2 HP to the Bank. They do not follow the rules of that space. They then return the chip to the Bank. Only one steel trap can be on a space at a time.

McCree

• Name: Jesse McCree
• Role: Damage
• Damage Ability: Flashbang. Choose any one player to pay 2 HP to the Bank. They must skip their next ability die roll.

Mei

• Name: Mei-Ling Zhou
• Role: Damage
• Damage Ability: Endothermic Blaster. Choose any one player to pay 1 HP to the Bank. On their next turn, that player must subtract 3 from their numbered die roll. They may not move backward.

Pharah

• Name: Fareema Amari
• Role: Damage
• Damage Ability: Jump Jet. Add 3 to your numbered die roll. Choose any one player to pay 3 HP to the Bank.

Soldier: 76

• Name: Unknown
• Role: Damage
• Damage Ability: Helix Rockets. Choose any one player to pay 4 HP to the Bank.

Sombra

• Name: Unknown
• Role: Damage
• Damage Ability: Hack. Choose any objective space. Any one player on that space must pay you rent for that objective, no matter who owns it.

Symmetra

• Name: Satya Vaswani
• Role: Damage
• Damage Ability: Teleporter. Roll the numbered die again. You may move according to this roll or your first roll.

Torbjörn

• Name: Torbjörn Lindholm
• Role: Damage
• Damage Ability: Turret. Take 1 HP chip from the Bank, and place it on your current space. The next time a player lands on or passes that space, they must pay 3 HP to the Bank. They then remove the chip and give it to you. Only one turret can be on a space at a time.

Widowmaker

• Name: Amélie Lacroix
• Role: Damage
• Damage Ability: Widow's Kiss. Choose any one player to pay HP to the Bank equal to your numbered die roll.

Tank Heroes

Orisa

• Name: Orisa
• Role: Tank
• Tank Ability: Halt. All other players must move backward 1 space. They do not follow the rules of the space where they land. If a player would land on or pass GO, they may not move. They then each pay 1 HP to the Bank.

Reinhardt

• Name: Reinhardt Wilhelm
• Role: Tank
• Tank Ability: Barrier Field. Take 4 HP from the Bank, and place them on Reinhardt's character card. Until the start of your next turn, when you need to pay HP to the Bank, pay with these. At the start of your next turn, place any HP still on the card back in the Bank.

Roadhog

• Name: Mako Rutledge
• Role: Tank
• Tank Ability: Chain Hook. Choose any one player to move backward 3 spaces. They do not follow the rules of the space where they land. If a player would land on or pass GO, they may not move.

Zarya

• Name: Aleksandra Zaryanova
• Role: Tank
• Tank Ability: Particle Barrier. Until the start of your next turn, the next time you need to pay rent or pay HP to the Bank, choose any other player to make the payment for you. Turn Zarya's character card sideways to remind yourself the ability is active. Turn it back after you use the ability or at the start of your next turn.

Support Heroes

Ana

• Name: Ana Amari
• Role: Support
• Support Ability: Biotic Rifle. You may choose any one player to pay 3 HP to the Bank, or you may collect 3 HP from the Bank.

Brigitte

• Name: Brigitte Lindholm
• Role: Support
• Support Ability: Repair Pack. Collect 2 HP from the Bank. Then take another 2 HP from the Bank, and place them on Brigitte's character card. Until the start of your next turn, when you need to pay HP to the Bank, pay with these. At the start of your next turn, place any HP still on the card back in the Bank.

Moira

• Name: Moira O'Deorain
• Role: Support
• Support Ability: Biotic Grasp. All other players must pay you 1 HP.

Zenyatta

• Name: Tekhartha Zenyatta
• Role: Support
• Support Ability: Orb of Harmony and Discord. Choose any one player to pay 2 HP to the Bank. Then collect 2 HP from the Bank.
"""

# The rulebook prints Reaper's card as "Unkown"; the engine calls him reaper.
_ALIASES = {"unkown": "reaper", "soldier: 76": "soldier76"}


def _key(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return _ALIASES.get(plain, plain.replace(".", "").replace(" ", ""))


def _parse() -> dict[str, list[str]]:
    guide: dict[str, list[str]] = {}
    lines = TEXT.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("\u2022 ") or not line.strip():
            continue
        nxt = lines[i + 2] if i + 2 < len(lines) else ""
        if nxt.startswith("\u2022 "):
            bullets = []
            for follow in lines[i + 2:]:
                if not follow.startswith("\u2022 "):
                    break
                bullets.append(follow[2:])
            guide[_key(line.strip())] = bullets
    return guide


GUIDE = _parse()


def ability_help(character_id: str) -> list[str]:
    """The rulebook's lines (name, role, abilities) for a character id such as 'ana'."""
    return GUIDE.get(character_id, [f"(no character guide entry for {character_id})"])
