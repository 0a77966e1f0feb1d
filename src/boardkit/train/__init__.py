"""Training policy-value networks for the ``trained`` bot (the ``train`` extra: PyTorch).

- :mod:`boardkit.train.samples` — training samples in flat numpy arrays;
- :mod:`boardkit.train.selfplay` — games played by a teacher (the heuristic, then the search);
- :mod:`boardkit.train.learn` — the PyTorch twin of the network, its loss and its export;
- :mod:`boardkit.train.pipeline` — the run: generations of self-play and fitting, checkpointed.

``boardkit train`` runs a pipeline from the command line; docs/training.md is the recipe.
"""
