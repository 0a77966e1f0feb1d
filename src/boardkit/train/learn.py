"""Fitting the policy-value network to samples, with PyTorch (the ``train`` extra).

The model mirrors :class:`~boardkit.bots.network.PolicyValueNet` layer for layer (a ReLU
perceptron, a policy head over every action index and a value head over the relative seats), so
:func:`export` copies its weights into the numpy network the ``trained`` bot plays with.

The loss of a batch is the sum of two cross-entropies: the policy's, between the teacher's
probabilities and a softmax over the *legal* actions only (the others are masked out), and the
value's, between the final shares of the win and a softmax over the seats. Adam with weight
decay fits it, on the CPU by default or on a GPU when one is asked for and present.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardkit.bots.network import PolicyValueNet
from boardkit.extras import needs_extra
from boardkit.train.samples import Samples

with needs_extra("train", __name__):
    import numpy as np
    import torch
    from torch import nn


class Model(nn.Module):
    """The trainable twin of :class:`PolicyValueNet`."""

    def __init__(self, inputs: int, hidden: Sequence[int], actions: int, players: int) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        width = inputs
        for size in hidden:
            layers += [nn.Linear(width, size), nn.ReLU()]
            width = size
        self.trunk = nn.Sequential(*layers)
        self.policy = nn.Linear(width, actions)
        self.value = nn.Linear(width, players)
        self.shape = (inputs, tuple(hidden), actions, players)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.trunk(x)
        return self.policy(h), self.value(h)


def pick_device(name: str = "cpu") -> torch.device:
    """``"cpu"``, ``"cuda"`` or ``"auto"`` (a GPU when torch sees one) as a torch device;
    asking for ``"cuda"`` without one is an error that says so."""
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    if name == "cuda" and not torch.cuda.is_available():
        raise ValueError("device 'cuda' asked for, but torch sees no GPU")
    if name not in ("cpu", "cuda"):
        raise ValueError(f"device is cpu, cuda or auto, not {name!r}")
    return torch.device(name)


def fit(
    model: Model,
    optimizer: torch.optim.Optimizer,
    samples: Samples,
    epochs: int,
    batch_size: int,
    seed: int,
    device: torch.device,
) -> dict[str, float]:
    """Train ``model`` on ``samples`` for ``epochs`` passes in shuffled batches; the mean
    policy and value losses of the last pass."""
    model.to(device)
    model.train()
    order_rng = np.random.default_rng(seed)
    actions = model.shape[2]
    last = {"policy_loss": 0.0, "value_loss": 0.0}
    for _ in range(epochs):
        order = order_rng.permutation(len(samples))
        sums, count = [0.0, 0.0], 0
        for start in range(0, len(order), batch_size):
            rows = np.sort(order[start : start + batch_size])
            policy_loss, value_loss = _losses(model, samples, rows, actions, device)
            optimizer.zero_grad()
            (policy_loss + value_loss).backward()  # type: ignore[no-untyped-call]
            optimizer.step()
            sums[0] += policy_loss.item() * len(rows)
            sums[1] += value_loss.item() * len(rows)
            count += len(rows)
        last = {"policy_loss": sums[0] / max(count, 1), "value_loss": sums[1] / max(count, 1)}
    return last


def evaluate_losses(
    model: Model, samples: Samples, device: torch.device, batch_size: int = 1024
) -> dict[str, float]:
    """The mean policy and value losses of ``model`` on ``samples`` (held-out data), unchanged
    by the call."""
    model.to(device)
    model.eval()
    sums, count = [0.0, 0.0], 0
    with torch.no_grad():
        for start in range(0, len(samples), batch_size):
            rows = np.arange(start, min(start + batch_size, len(samples)))
            policy_loss, value_loss = _losses(model, samples, rows, model.shape[2], device)
            sums[0] += float(policy_loss) * len(rows)
            sums[1] += float(value_loss) * len(rows)
            count += len(rows)
    return {"policy_loss": sums[0] / max(count, 1), "value_loss": sums[1] / max(count, 1)}


def _losses(
    model: Model, samples: Samples, rows: Any, actions: int, device: torch.device
) -> tuple[torch.Tensor, torch.Tensor]:
    observations, coords, probs, values = samples.batch(rows)
    x = torch.from_numpy(observations).to(device)
    where = torch.from_numpy(coords).long().to(device)
    policy_logits, value_logits = model(x)
    mask = torch.full((len(rows), actions), float("-inf"), device=device)
    mask[where[0], where[1]] = 0.0
    target = torch.zeros((len(rows), actions), device=device)
    target[where[0], where[1]] = torch.from_numpy(probs).to(device)
    log_policy = torch.log_softmax(policy_logits + mask, dim=1)
    picked = torch.where(target > 0, target * log_policy, torch.zeros_like(target))
    policy_loss = -picked.sum(dim=1).mean()
    value_target = torch.from_numpy(values).to(device)
    value_loss = -(value_target * torch.log_softmax(value_logits, dim=1)).sum(dim=1).mean()
    return policy_loss, value_loss


def load_weights(model: Model, net: PolicyValueNet) -> None:
    """Give ``model`` the weights of ``net`` (the inverse of :func:`export`): a run that
    starts from a trained network goes on learning from it. The shapes must agree."""

    def put(layer: nn.Linear, pair: tuple[Any, Any]) -> None:
        weights, bias = pair
        if tuple(layer.weight.shape) != tuple(weights.T.shape):
            raise ValueError(
                f"a layer of {tuple(weights.shape)} weights does not fit the model's "
                f"{tuple(layer.weight.T.shape)}"
            )
        with torch.no_grad():
            layer.weight.copy_(torch.from_numpy(np.asarray(weights, dtype=np.float32).T.copy()))
            layer.bias.copy_(torch.from_numpy(np.asarray(bias, dtype=np.float32).copy()))

    linear = [layer for layer in model.trunk if isinstance(layer, nn.Linear)]
    if len(linear) != len(net.trunk):
        raise ValueError(f"the network has {len(net.trunk)} hidden layers, the model {len(linear)}")
    for layer, pair in zip(linear, net.trunk, strict=True):
        put(layer, pair)
    put(model.policy, (net.policy_weights, net.policy_bias))
    put(model.value, (net.value_weights, net.value_bias))


def export(model: Model, meta: dict[str, Any]) -> PolicyValueNet:
    """The numpy network with ``model``'s weights and the header ``meta``."""
    model = model.to("cpu")

    def pair(layer: nn.Linear) -> tuple[Any, Any]:
        return layer.weight.detach().numpy().T.copy(), layer.bias.detach().numpy().copy()

    trunk = [pair(layer) for layer in model.trunk if isinstance(layer, nn.Linear)]
    return PolicyValueNet(trunk, pair(model.policy), pair(model.value), meta)
