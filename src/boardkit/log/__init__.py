"""The event log: the save file, the replay file, the bug report and the test fixture.

A log is a header (log format version, game name and version, players, options, the seed and its
commitment) and a list of entries; its JSON text is deterministic. The package holds one concern a
module, and this module offers every public name of them:

- :mod:`boardkit.log.model`: the header, the entries, the log, who it is for
  (:data:`FULL`, a seat, a spectator), :class:`LogLimits`, and the JSON text each is written as;
- :mod:`boardkit.log.commitment`: commit and reveal of the seed (see docs/fair-play.md);
- :mod:`boardkit.log.redaction`: what each reader may see, and the check that a redacted log is
  the full one with its secrets hidden;
- :mod:`boardkit.log.reader`: reading untrusted JSON text, strictly and within limits, into a
  :class:`~boardkit.log.reader.Document`;
- :mod:`boardkit.log.parsing`: the header and the entries from a document, checked one at a
  time, each failure an :class:`~boardkit.errors.InvalidLogError` naming the entry;
- :mod:`boardkit.log.seating`: the header's record of seats that changed hands during a match
  (a bot taking over on a timeout, a player who left and came back, a forfeit).

Replaying and verifying a log against its game is :mod:`boardkit.replay`.
"""

from boardkit.log.commitment import (
    COMMITMENT_TAG as COMMITMENT_TAG,
)
from boardkit.log.commitment import (
    SALT_BYTES as SALT_BYTES,
)
from boardkit.log.commitment import (
    new_salt as new_salt,
)
from boardkit.log.commitment import (
    pinned_salt as pinned_salt,
)
from boardkit.log.commitment import (
    seed_commitment as seed_commitment,
)
from boardkit.log.model import (
    DEFAULT_LIMITS as DEFAULT_LIMITS,
)
from boardkit.log.model import (
    FULL as FULL,
)
from boardkit.log.model import (
    LOG_FORMAT_VERSION as LOG_FORMAT_VERSION,
)
from boardkit.log.model import (
    MAX_SEAT_CHARS as MAX_SEAT_CHARS,
)
from boardkit.log.model import (
    Entry as Entry,
)
from boardkit.log.model import (
    Log as Log,
)
from boardkit.log.model import (
    LogHeader as LogHeader,
)
from boardkit.log.model import (
    LogLimits as LogLimits,
)
from boardkit.log.model import (
    Unredacted as Unredacted,
)
from boardkit.log.model import (
    Viewer as Viewer,
)
from boardkit.log.model import (
    entry_to_json as entry_to_json,
)
from boardkit.log.model import (
    header_to_json as header_to_json,
)
from boardkit.log.model import (
    log_to_json as log_to_json,
)
from boardkit.log.model import (
    seats_problem as seats_problem,
)
from boardkit.log.model import (
    viewer_text as viewer_text,
)
from boardkit.log.parsing import (
    check_header_for as check_header_for,
)
from boardkit.log.parsing import (
    iter_entries as iter_entries,
)
from boardkit.log.parsing import (
    parse_entries as parse_entries,
)
from boardkit.log.parsing import (
    parse_header as parse_header,
)
from boardkit.log.reader import (
    Document as Document,
)
from boardkit.log.reader import (
    parse_document as parse_document,
)
from boardkit.log.redaction import (
    check_redaction as check_redaction,
)
from boardkit.log.redaction import (
    redact_entries as redact_entries,
)
from boardkit.log.redaction import (
    redact_log as redact_log,
)
from boardkit.log.redaction import (
    shown_action as shown_action,
)
from boardkit.log.redaction import (
    start_position_for as start_position_for,
)
from boardkit.log.seating import (
    SeatChange as SeatChange,
)
from boardkit.log.seating import (
    holder_at as holder_at,
)
