"""Khan explained to a newcomer: the sections of :meth:`KhanGame.how_to_play
<boardkit_khan.game.KhanGame.how_to_play>`, each with the clause IDs of the rules digest it
covers (docs/khan.md carries the same IDs). Plain strings only: the titles are message ids of
Khan's catalogue (``N_``), and so is each paragraph of a text as it stands (the extraction
finds them, :mod:`boardkit.i18n_extract`), shown in the reader's language by every front end
(:func:`boardkit.present.rules.read_sections`)."""

from __future__ import annotations

from boardkit.howto import RulesSection
from boardkit.i18n import N_

SECTIONS: tuple[RulesSection, ...] = (
    RulesSection(
        "goal",
        N_("The goal"),
        ("K-V4",),
        """It is 1244 and the Great Khan's armies ride west. Each player leads a people of
        the steppe: you pitch yurts on the lands of eight rulers, then conquer those lands by
        laying tiles over them. Whoever holds the most points from conquered tiles at the end
        wins; a tie goes to the player with the larger largest area, and a tie after that is
        a shared win.""",
    ),
    RulesSection(
        "board",
        N_("The board"),
        ("K-C1", "K-C2", "K-C7"),
        """The board is a grid of square cells. The land is split into six regions
        (Mountains, Ice desert, Tundra, Stone desert, Sand desert, Tropical forest); a river
        of 22 cells winds through it. Around the board lies the Outland: most edge cells
        border it.

        Yurts stand on land cells only, never on the river. Your own yurts are unlimited.
        Neutral yurts come from the rulers' camps and from the general supply.""",
    ),
    RulesSection(
        "start-yurts",
        N_("Start yurts"),
        ("K-S1", "K-S2", "K-S3", "K-S4", "K-S5"),
        """Before the first turn every player gets his special cards and four ruler cards,
        which only he sees. Then, in turn order, each player places one yurt on any free land
        cell: three rounds with 2 players, two with 3, one with 4. At most one start yurt may
        stand in each region (with the Dutch variant: at most one of your own per region).""",
    ),
    RulesSection(
        "turn",
        N_("A turn"),
        ("K-T1", "K-T2", "K-T3", "K-T4", "K-T5"),
        """A turn has five steps. 1: the top card of the draw pile is turned up; it names a
        ruler and a direction, and that ruler moves (see rulers). 2: you take exactly two
        actions, any two of A, B and C (the same one twice is fine), or action D, which
        counts as both. You may not pass. 3: if one of your special cards carries your yurt
        from an earlier turn, you take the yurt back and the card leaves the game. 4: you may
        play one special card. 5: you draw back up to four cards.""",
    ),
    RulesSection(
        "rulers",
        N_("Rulers on the move"),
        ("K-C3", "K-R1", "K-R2", "K-R3", "K-R4", "K-R5"),
        """Eight rulers stand on the board, each with a camp of five neutral yurts. A ruler
        moves in the direction of a card to the first free cell at most three cells away (a
        free cell holds no yurt, ruler or tile; he crosses the river but never stops on it).
        If that direction is blocked, he tries the next one clockwise. On the cell he left, a
        neutral yurt is put.

        When the last yurt of his camp is used, or no direction is open, the ruler leaves the
        game. When the fifth ruler leaves, the end phase begins.""",
    ),
    RulesSection(
        "invade",
        N_("A: Invade a land"),
        ("K-A-A", "K-C4"),
        """Play a ruler card from your hand and put one of your yurts on a free land cell the
        card's symbol allows: a region's picture, any cell of that region; the Khan, any land
        cell; the river, a land cell next to the river; the Outland, a land cell on the edge
        that borders the Outland.""",
    ),
    RulesSection(
        "displace",
        N_("B: Displace a ruler"),
        ("K-A-B",),
        """Name any ruler on the board. The top card of the draw pile is turned up; only its
        direction counts. The ruler moves as in step 1, but the neutral yurt on the cell he
        left comes from the general supply. Once the end phase has been triggered, nobody may
        displace a ruler.""",
    ),
    RulesSection(
        "conquer",
        N_("C: Conquer"),
        ("K-A-C", "K-A-C1", "K-A-C3", "K-A-C4", "K-A-C5", "K-A-C6", "K-A-C7", "K-C6"),
        """Take a tile from the stock and lay it on the board, turned or flipped as you like.
        A conquest tile must cover only land cells that each hold a yurt (anyone's, neutral
        ones too), and never a ruler or another tile.

        You need the majority: you must cover at least one of your own yurts, and nobody may
        cover more of his yurts than you (neutral yurts do not count). The covered yurts leave
        the board and your yurt goes on the tile; if others cover as many yurts as you, each
        of them puts a yurt on the tile too and they share it. A tile is worth as many points
        as it has cells.""",
    ),
    RulesSection(
        "bridge",
        N_("Bridges"),
        ("K-A-C2",),
        """A bridge is a tile that crosses the river. It must cover at least one river cell
        and land on both banks where it crosses, and every land cell it covers must hold a
        yurt. The majority rule is the same as for any conquest.""",
    ),
    RulesSection(
        "invade-any-land",
        N_("D: Invade any land and discard"),
        ("K-A-D",),
        """Instead of two actions, put one of your yurts on any free land cell, no card
        needed, and then discard none to four of your hand cards.""",
    ),
    RulesSection(
        "special",
        N_("Special cards"),
        ("K-C5",),
        """Each player holds special cards, face up: High Morale, Protection of the Great
        Khan, Divine Support and Scout (fewer of them with more players). You may play one in
        step 4 of your turn; each is used once.""",
    ),
    RulesSection(
        "high-morale",
        N_("High Morale"),
        ("K-X1",),
        """Take one more action, A, B or C, at once. With it a turn can be, for example, A A C
        or D C.""",
    ),
    RulesSection(
        "protection",
        N_("Protection of the Great Khan"),
        ("K-X2", "K-X5"),
        """Put one of your yurts on the card. Until your next turn no other player may cover
        one of your yurts with a tile, unless you share the majority on that tile and agree:
        you are asked, and answer yes or no. Only one Protection may be active at a time; with
        two players nobody plays it twice in a row.""",
    ),
    RulesSection(
        "divine-support",
        N_("Divine Support"),
        ("K-X3",),
        """Like Protection, but it protects neutral yurts: with 2 or 3 players all of them,
        with 4 players those of one region you choose. The player who played it is asked for
        consent.""",
    ),
    RulesSection(
        "scout",
        N_("Scout"),
        ("K-X4",),
        """Reserve tiles: with 2 or 3 players a whole stack of one shape, with 4 players a
        single tile. The other players may not use what you reserved until your next
        turn.""",
    ),
    RulesSection(
        "end",
        N_("The end phase"),
        ("K-E1", "K-E2", "K-E3"),
        """When the fifth ruler leaves the board, every remaining ruler is replaced by a
        neutral yurt and leaves too. From then on a turn is two conquests, and no cards are
        played. A player who cannot conquer loses his turn. The game ends when nobody can
        conquer any more.""",
    ),
    RulesSection(
        "scoring",
        N_("Scoring"),
        ("K-V1", "K-V2", "K-V3"),
        """Each tile with your yurt gives you its points; a shared tile gives each sharer its
        points divided among them, rounded up.

        Then areas: tiles that touch side to side and all carry your yurt form an area, as
        big as the land cells they cover. The largest area earns 10 points, the second 6, the
        third 3; each player gets at most one bonus, and ties are broken by the next largest
        area.""",
    ),
    RulesSection(
        "hidden",
        N_("What is hidden"),
        ("K-H1",),
        """Only you see your hand cards, and nobody knows the order of the draw pile. The board,
        the discard pile, the tiles in stock and everyone's special cards are open.""",
    ),
)
"""Khan's how-to-play sections, in the order a newcomer reads them."""
