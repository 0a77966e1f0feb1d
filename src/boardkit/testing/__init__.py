"""Test helpers shipped with boardkit: the conformance kit every game runs.

Call :func:`check_game` from a game's test suite; it runs under ``hypothesis``, which
``pip install boardkit`` installs (no extra needed).
One call checks the whole contract of :mod:`boardkit.game`, each optional hook when the game
offers it: the flow and the log (:mod:`.conformance`), menus, bot hints, pictures and the rules
of the flow's events (:mod:`.hooks`), action texts that read back (:mod:`.text_checks`),
narration (:mod:`.narration_checks`), click targets (:mod:`.target_checks`), research encodings
(:mod:`.encoding_checks`), positions (:mod:`.positions`), the networks a game ships for the
``trained`` bot (:mod:`.network_checks`) and, for a game with hidden information, the leak
check (:mod:`.secrets`).
Each module's checks can also be called alone; :func:`check_redacted_headers` checks that no
redacted log of a match holds its seed. Golden playthroughs, a seeded game kept as readable text
and compared with what play gives now, are :mod:`.playthroughs`.
"""

from boardkit.testing.conformance import Sampling, check_game, check_playout
from boardkit.testing.errors import ConformanceError
from boardkit.testing.secrets import check_redacted_headers, check_secrets_at

__all__ = [
    "ConformanceError",
    "Sampling",
    "check_game",
    "check_playout",
    "check_redacted_headers",
    "check_secrets_at",
]
