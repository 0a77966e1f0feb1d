"""Running games to their end without people: the seat rule, simulations and tournaments.

- :mod:`~boardkit.runner.seats`: the one game loop and seat rule every front end uses: who
  chooses for each seat, and the random stream each seat draws from;
- :mod:`~boardkit.runner.simulate`: many random (or bot) games with a summary;
- :mod:`~boardkit.runner.tournament`: bots against each other over many seeded games, with
  win rates and confidence intervals;
- :mod:`~boardkit.runner.ratings`: Bradley–Terry ratings of a tournament's bots on the Elo scale,
  with confidence intervals.
"""
