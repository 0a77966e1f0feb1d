"""Research adapters: every boardkit game as a PettingZoo, Gymnasium or OpenSpiel environment,
and tournaments on Ray.

Each adapter is an optional extra (``pip install boardkit[pettingzoo]``, ``[gymnasium]``,
``[openspiel]``, ``[ray]``) and is imported on its own: ``boardkit.adapters.pettingzoo``,
``boardkit.adapters.gymnasium``, ``boardkit.adapters.openspiel``, ``boardkit.adapters.ray``.
They read a game only through the protocol (:class:`boardkit.game.Game`): the action index
(``num_actions``, ``action_to_index``, ``index_to_action``), the observation
(``observation_shape``, ``observation``, ``observation_text``) and, for OpenSpiel's chance
nodes, :mod:`boardkit.chance`. :class:`~boardkit.adapters.table.AdapterMatch` is the one driver they
share; it needs nothing beyond the core.
"""
