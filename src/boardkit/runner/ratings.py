"""Ratings for the bots of a tournament: a Bradley–Terry fit on the Elo scale, with intervals.

The model: bot ``i`` has a strength ``r_i``, and bot ``i`` beats bot ``j`` with probability
``1 / (1 + 10 ** ((R_j - R_i) / 400))``, where ``R = 400 · log10(e) · r`` is the rating on the
Elo scale (400 points are odds of 10 to 1, 382 points 9 to 1, 0 points even).

From games to pairs: every game is cut into its pairs of seats held by different bots. In each
pair the better-placed seat wins: a winner beats a seat that did not win, and two winners (a
shared win) or two seats that did not win tie; in a draw every pair ties. A tie counts half a
win to each side. A game of ``k`` seats has ``k - 1`` pairs per seat, and each pair weighs
``1 / (k - 1)``, so that a game counts as one comparison's worth for each seat, as a game of two
seats does (the pairs of one game are not independent; counted in full they would make the
intervals ``k - 1`` times too confident). For two-seat games this is the exact Bradley–Terry
model of the games. Games cut off at their entry cap (``truncated``) have no placing and are
left out, as are pairs of seats held by the same bot.

The fit: the maximum of the log-likelihood with a weak prior, one virtual drawn game of every
bot against a reference player of strength 0. The prior keeps every rating finite (a bot that
won every game gets a high rating, not an infinite one) and the maximum unique (bots that never
met are still compared through the reference), at the cost of pulling ratings towards each
other by about one game's worth. Newton's method, with halved steps where a full one would not
climb, finds the maximum from all strengths 0.

The report: ratings are shifted so that their mean is 0. The 95 % intervals are
``rating ± 1.96 · standard error``, with the standard errors from the inverse of the Fisher
information (the negative Hessian of the penalised log-likelihood at its maximum), the error
of each rating's distance from the mean; :meth:`Ratings.difference` gives the difference of
two bots' ratings with its own interval, from the same covariance.

Reproducibility: sums of floats go through :func:`math.fsum`, which rounds exactly, and the bots
are handled in the order of their sorted names, so the same records give the same ratings in
any order and on every Python.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from attrs import frozen

from boardkit.errors import InvalidOptionsError
from boardkit.runner.tournament import Z_95, GameRecord, TournamentSummary

ELO_PER_NATURAL = 400 / math.log(10)
"""Elo points per unit of natural log-odds."""

PRIOR_GAMES = 1.0
"""Virtual drawn games of every bot against the reference player of strength 0."""

_MAX_STEPS = 200
_TOLERANCE = 1e-12


@frozen
class Rating:
    """One bot's rating on the Elo scale (mean of the tournament's ratings 0)."""

    name: str
    elo: float
    low: float
    """The lower end of the 95 % confidence interval."""
    high: float
    """The upper end of the 95 % confidence interval."""
    games: int
    """Games of the fit in which the bot met another bot."""


@frozen
class Difference:
    """How many Elo points one bot is rated above another, with a 95 % interval."""

    elo: float
    low: float
    high: float


@frozen
class Ratings:
    """The ratings of a tournament's bots, in the order of the tournament (or of ``bots``)."""

    bots: tuple[Rating, ...]
    games: int
    """Games that entered the fit."""
    left_out: int
    """Games left out because they were cut off at their entry cap."""
    covariance: tuple[tuple[float, ...], ...]
    """Covariance of the fitted strengths (Elo points squared), rows and columns in the order
    of :attr:`bots`, before the shift to mean 0."""

    def rating(self, name: str) -> Rating:
        """The rating of the bot labelled ``name``."""
        return self.bots[self._index(name)]

    def difference(self, name: str, other: str) -> Difference:
        """``name``'s rating minus ``other``'s, with a 95 % interval from the covariance."""
        i, j = self._index(name), self._index(other)
        c = self.covariance
        error = math.sqrt(max(0.0, math.fsum([c[i][i], c[j][j], -c[i][j], -c[j][i]])))
        elo = self.bots[i].elo - self.bots[j].elo
        return Difference(elo, elo - Z_95 * error, elo + Z_95 * error)

    def _index(self, name: str) -> int:
        for index, rating in enumerate(self.bots):
            if rating.name == name:
                return index
        raise KeyError(name)


def pairs(record: GameRecord) -> list[tuple[str, str, float, float]]:
    """The weighted pairwise outcomes of one game: ``(bot, other, weight, score)`` for every
    pair of seats held by different bots, ``score`` being 1 when ``bot`` won the pair, 0.5 for
    a tie and 0 for a loss (see the module's docstring); none for a truncated game."""
    seats = len(record.seats)
    if record.truncated or seats < 2:
        return []
    weight = 1.0 / (seats - 1)
    won = [not record.draw and seat in record.winners for seat in range(seats)]
    out = []
    for s in range(seats):
        for t in range(s + 1, seats):
            if record.seats[s] == record.seats[t]:
                continue
            score = 0.5 if won[s] == won[t] else (1.0 if won[s] else 0.0)
            out.append((record.seats[s], record.seats[t], weight, score))
    return out


def fit_ratings(
    results: TournamentSummary | Sequence[GameRecord], bots: Sequence[str] | None = None
) -> Ratings:
    """Fit Bradley–Terry ratings (Elo scale, mean 0, 95 % intervals) to a tournament's games.

    ``results`` is a :class:`~boardkit.runner.tournament.TournamentSummary` or its records.
    ``bots`` names the bots to rate, in the order of the report (default: the summary's bots,
    or the sorted labels of the records); a bot without games gets the prior's rating, the
    mean. A record naming a bot outside ``bots`` raises
    :class:`~boardkit.errors.InvalidOptionsError`. See the module's docstring for the model.
    """
    if isinstance(results, TournamentSummary):
        records: Sequence[GameRecord] = results.records
        order = [bot.name for bot in results.bots] if bots is None else list(bots)
    else:
        records = results
        seen = {label for record in records for label in record.seats}
        order = sorted(seen) if bots is None else list(bots)
    if not order:
        raise InvalidOptionsError("ratings need at least one bot")
    if len(set(order)) != len(order):
        raise InvalidOptionsError(f"the bots to rate must differ: {', '.join(order)}")
    names = sorted(order)  # the fit's own order, whatever the report's
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    weights: list[list[list[float]]] = [[[] for _ in range(n)] for _ in range(n)]
    scores: list[list[list[float]]] = [[[] for _ in range(n)] for _ in range(n)]
    played = [0] * n
    used = left_out = 0
    for record in records:
        for label in record.seats:
            if label not in index:
                raise InvalidOptionsError(
                    f"game {record.index} has the bot {label!r}, not among {', '.join(order)}"
                )
        if record.truncated:
            left_out += 1
            continue
        used += 1
        met: set[str] = set()
        for bot, other, weight, score in pairs(record):
            i, j = index[bot], index[other]
            weights[i][j].append(weight)
            weights[j][i].append(weight)
            scores[i][j].append(weight * score)
            scores[j][i].append(weight * (1.0 - score))
            met.update((bot, other))
        for label in met:
            played[index[label]] += 1
    games = [[math.fsum(weights[i][j]) for j in range(n)] for i in range(n)]
    won = [[math.fsum(scores[i][j]) for j in range(n)] for i in range(n)]
    strengths = _maximise(games, won)
    information = _information(strengths, games)
    covariance = _inverse(information)
    elo = [ELO_PER_NATURAL * s for s in strengths]
    mean = math.fsum(elo) / n
    scale = ELO_PER_NATURAL**2
    report = []
    for name in order:
        i = index[name]
        # the variance of the rating's distance from the mean of all ratings
        row = math.fsum(covariance[i])
        total = math.fsum(math.fsum(r) for r in covariance)
        variance = scale * (covariance[i][i] - 2 * row / n + total / n**2)
        error = Z_95 * math.sqrt(max(0.0, variance))
        centred = elo[i] - mean
        report.append(Rating(name, centred, centred - error, centred + error, played[i]))
    cov = tuple(tuple(scale * covariance[index[a]][index[b]] for b in order) for a in order)
    return Ratings(tuple(report), used, left_out, cov)


def _log_sigmoid(x: float) -> float:
    """``log(1 / (1 + exp(-x)))`` without overflow."""
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def _sigmoid(x: float) -> float:
    """``1 / (1 + exp(-x))`` without overflow."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _log_likelihood(
    strengths: list[float], games: list[list[float]], won: list[list[float]]
) -> float:
    """The penalised log-likelihood: the games' pairs and the prior's virtual draws."""
    n = len(strengths)
    terms = []
    for i in range(n):
        terms.append(PRIOR_GAMES * 0.5 * (_log_sigmoid(strengths[i]) + _log_sigmoid(-strengths[i])))
        for j in range(i + 1, n):
            if games[i][j]:
                d = strengths[i] - strengths[j]
                terms.append(won[i][j] * _log_sigmoid(d) + won[j][i] * _log_sigmoid(-d))
    return math.fsum(terms)


def _gradient(
    strengths: list[float], games: list[list[float]], won: list[list[float]]
) -> list[float]:
    """The penalised log-likelihood's gradient."""
    n = len(strengths)
    out = []
    for i in range(n):
        terms = [PRIOR_GAMES * (0.5 - _sigmoid(strengths[i]))]
        for j in range(n):
            if j != i and games[i][j]:
                terms.append(won[i][j] - games[i][j] * _sigmoid(strengths[i] - strengths[j]))
        out.append(math.fsum(terms))
    return out


def _information(strengths: list[float], games: list[list[float]]) -> list[list[float]]:
    """The negative Hessian of the penalised log-likelihood (positive definite)."""
    n = len(strengths)
    matrix = [[0.0] * n for _ in range(n)]
    for i in range(n):
        p = _sigmoid(strengths[i])
        diagonal = [PRIOR_GAMES * p * (1 - p)]
        for j in range(n):
            if j != i and games[i][j]:
                q = _sigmoid(strengths[i] - strengths[j])
                matrix[i][j] = -games[i][j] * q * (1 - q)
                diagonal.append(games[i][j] * q * (1 - q))
        matrix[i][i] = math.fsum(diagonal)
    return matrix


def _maximise(games: list[list[float]], won: list[list[float]]) -> list[float]:
    """The strengths at the maximum of the penalised log-likelihood (Newton's method)."""
    strengths = [0.0] * len(games)
    value = _log_likelihood(strengths, games, won)
    for _ in range(_MAX_STEPS):
        step = _solve(_information(strengths, games), _gradient(strengths, games, won))
        size = 1.0
        while True:
            trial = [s + size * d for s, d in zip(strengths, step, strict=True)]
            trial_value = _log_likelihood(trial, games, won)
            if trial_value >= value or size < 1e-9:
                break
            size /= 2
        if trial_value < value:  # no step climbs any more: the maximum, to rounding
            break
        strengths, value = trial, trial_value
        if max((abs(size * d) for d in step), default=0.0) < _TOLERANCE:
            break
    return strengths


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix · x = vector`` (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    x = [0.0] * n
    for i in reversed(range(n)):
        known = math.fsum(rows[i][j] * x[j] for j in range(i + 1, n))
        x[i] = (rows[i][n] - known) / rows[i][i]
    return x


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a positive definite matrix, column by column."""
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]
