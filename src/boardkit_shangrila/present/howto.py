"""Die Brücken von Shangrila explained to a newcomer: the sections of
:meth:`ShangrilaGame.how_to_play <boardkit_shangrila.game.ShangrilaGame.how_to_play>`, each
with the clause IDs of the rules digest it covers (docs/shangrila.md carries the same IDs).
Plain strings only: the titles are message ids of Shangrila's catalogue (``N_``), and so is
each paragraph of a text as it stands (the extraction finds them, :mod:`boardkit.i18n_extract`),
shown in the reader's language by every front end
(:func:`boardkit.present.rules.read_sections`)."""

from __future__ import annotations

from boardkit.howto import RulesSection
from boardkit.i18n import N_

SECTIONS: tuple[RulesSection, ...] = (
    RulesSection(
        "goal",
        N_("The goal"),
        ("S-E2",),
        """Thirteen villages in the Himalaya are joined by rope bridges. Each player leads a
        family of masters of seven guilds and tries to hold as many master spaces as possible
        when the game ends. Only masters count, not students; on a tie, the player with
        masters in more villages wins.""",
    ),
    RulesSection(
        "board",
        N_("The board"),
        ("S-C1", "S-C2", "S-C3", "S-C4"),
        """Thirteen villages (numbered 0 to 12) are joined by 23 paths, each with one bridge.
        Every village has one space for each of the seven guilds: Healer, Dragon breeder, Fire
        keeper, Prayer-wheel turner, Rainmaker, Astrologer and Yeti whisperer.

        A tile on a space is a master; a tile on top of a master is his student. Tiles sent
        back return to their owner's supply and can be played again.""",
    ),
    RulesSection(
        "setup-master",
        N_("Setup masters"),
        ("S-S1", "S-S2", "S-S3", "S-S4"),
        """Before the first turn each player places seven masters, one of each guild, one at
        a time in turn order, on free spaces of their guild in any village. With four players
        a village takes at most three of them and at most two of one colour; with three, at
        most two and one of a colour. With three players the red village (2) is out of play
        from the start.""",
    ),
    RulesSection(
        "turn",
        N_("A turn, and passing"),
        ("S-P1",),
        """On your turn you take exactly one of three actions: place a master, recruit
        students, or send students on a journey. A player with no legal action passes; if
        everyone passes in a row, the game ends.""",
    ),
    RulesSection(
        "place-master",
        N_("Place a master"),
        ("S-A1",),
        """Put one tile from your supply on the free space of its guild in a village where you
        already have at least one master.""",
    ),
    RulesSection(
        "recruit-students",
        N_("Recruit students"),
        ("S-A2",),
        """Put up to two tiles from your supply, each on one of your own masters of the same
        guild that has no student yet, in one or two villages. A master never has more than
        one student.""",
    ),
    RulesSection(
        "journey",
        N_("Journey of the students"),
        ("S-A3", "S-A3a", "S-A3b", "S-A3c"),
        """Choose a village where you have a student and a neighbouring village reached by an
        intact bridge. All students in that village travel, of every colour; their masters
        stay.

        First compare strength: all tiles in each village, masters and students of every
        colour. On a tie, more masters is stronger; still tied, the destination is stronger.

        If the source is stronger, a traveller takes a free space of its guild as master,
        becomes the student of its own master there, or throws out another colour's master
        (and his student) and takes his place. If the source is not stronger, travellers
        only take free spaces; the others go back to supply.""",
    ),
    RulesSection(
        "bridges",
        N_("Broken bridges and stones"),
        ("S-A3d", "S-A3e"),
        """The bridge the students crossed breaks at once and is gone. A village whose
        bridges are all broken gets a Stone of the Wise, and nothing can happen there any
        more.""",
    ),
    RulesSection(
        "end",
        N_("The end"),
        ("S-E1",),
        """The game ends as soon as the last of the eleven stones is placed (with the English
        variant: when the last bridge breaks). Then each player counts the spaces his masters
        hold.""",
    ),
    RulesSection(
        "information",
        N_("Nothing is hidden"),
        ("S-H1",),
        """Everything on the table is open; the only chance is who starts.""",
    ),
)
"""Shangrila's how-to-play sections, in the order a newcomer reads them."""
