"""Train an Écarté player by policy gradient (REINFORCE) in our Gymnasium environment, and plot its progress against
our random and classical bots.

    .venv/bin/python examples/train_ecarte.py --plot ecarte-training.png

The agent holds seat 0 of ``academie.interop.gymnasium.SeatEnv("ecarte")``; the other seat is one of our bots,
random or classical in turn. Its policy is a linear softmax over the legal actions (the observation of
``academie.interop.encoding`` times a weight matrix, illegal actions masked out), trained by REINFORCE on the
margin of each deal (its points minus the bot's) with a running-mean baseline per opponent. Every ``--every``
episodes the greedy policy plays ``--eval-deals`` deals against each bot, and the plot shows its mean margin per
deal. A few minutes on one core; numpy only. It learns to beat the random bot (from -0.2 to +0.2 points a deal
in 6,000 deals); the classical bot's old-book play stays out of a linear policy's reach.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from academie.interop.gymnasium import SeatEnv

OPPONENTS = ("random", "classical")


class LinearPolicy:
    """Softmax over ``weights @ observation``, restricted to the legal actions."""

    def __init__(self, observations: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = rng.normal(0.0, 0.01, (actions, observations))
        self.rng = rng

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ observation
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()

    def sample(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(self.rng.choice(mask.size, p=self.probabilities(observation, mask)))

    def greedy(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(np.where(mask > 0, self.weights @ observation, -np.inf)))


def margin(env: SeatEnv) -> float:
    """The seat's points minus the bot's, for the deal just ended."""
    points = env.state.deal_results[0].points
    return float(points[env.seat] - points[1 - env.seat])


def episode(env: SeatEnv, policy: LinearPolicy, seed: int, *, greedy: bool) -> tuple[list, float]:
    """One deal: the (observation, mask, action) of each decision, and the deal's margin."""
    observation, _ = env.reset(seed=seed)
    steps, done = [], False
    while not done:
        obs, mask = observation["observation"], observation["action_mask"]
        action = policy.greedy(obs, mask) if greedy else policy.sample(obs, mask)
        steps.append((obs, mask, action))
        observation, _, done, _, _ = env.step(action)
    return steps, margin(env)


def evaluate(envs: dict[str, SeatEnv], policy: LinearPolicy, deals: int) -> dict[str, float]:
    return {name: float(np.mean([episode(env, policy, 10_000_000 + d, greedy=True)[1] for d in range(deals)]))
            for name, env in envs.items()}


def train(*, episodes: int, every: int, eval_deals: int, rate: float, seed: int) -> list[tuple[int, dict[str, float]]]:
    rng = np.random.default_rng(seed)
    envs = {name: SeatEnv("ecarte", seat=0, opponents=name) for name in OPPONENTS}
    size = envs["random"].encoding
    policy = LinearPolicy(size.size, size.actions.size, rng)
    baseline, curve = dict.fromkeys(OPPONENTS, 0.0), [(0, evaluate(envs, policy, eval_deals))]
    print(f"episode 0: margin per deal {curve[-1][1]}")
    for number in range(1, episodes + 1):
        opponent = OPPONENTS[number % 2]
        steps, result = episode(envs[opponent], policy, seed * 1_000_000 + number, greedy=False)
        advantage = result - baseline[opponent]
        baseline[opponent] += 0.01 * advantage
        for obs, mask, action in steps:
            probabilities = policy.probabilities(obs, mask)
            grad = -np.outer(probabilities, obs)
            grad[action] += obs
            policy.weights += rate * advantage * grad
        if number % every == 0:
            curve.append((number, evaluate(envs, policy, eval_deals)))
            print(f"episode {number}: margin per deal {curve[-1][1]}")
    return curve


def plot(curve: list[tuple[int, dict[str, float]]], path: Path) -> None:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 4))
    axes = figure.subplots()
    for name in OPPONENTS:
        axes.plot([n for n, _ in curve], [scores[name] for _, scores in curve], marker="o", label=f"against {name}")
    axes.axhline(0.0, color="grey", linewidth=0.8)
    axes.set_xlabel("training deals")
    axes.set_ylabel("margin per deal (points, greedy policy)")
    axes.set_title("Écarté: REINFORCE with a linear policy against our bots")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=6000)
    parser.add_argument("--every", type=int, default=1000)
    parser.add_argument("--eval-deals", type=int, default=400)
    parser.add_argument("--rate", type=float, default=0.003)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, default=Path("ecarte-training.png"))
    options = parser.parse_args()
    curve = train(episodes=options.episodes, every=options.every, eval_deals=options.eval_deals,
                  rate=options.rate, seed=options.seed)
    plot(curve, options.plot)
    print(f"plot: {options.plot}")


if __name__ == "__main__":
    main()
