"""Golden per-seat transcripts: for a few fixed deals, what each seat and the public see after every
action, written as text. Any change in visibility shows as a diff of ``tests/golden/*.txt``.

Regenerate after an intended change with ``ACADEMIE_UPDATE_GOLDEN=1 pytest tests/test_ecarte_golden.py`` and
review the diff. Checks E-§4.4 (what the king mark reveals), ECARTE-VI.4 (the opponent's discards seen as
counts) and ECARTE-VI.6 (an exposed hand seen by all)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from academie.cards import format_cards
from academie.engine import PUBLIC, Mode
from academie.games.ecarte import EcarteRules, EcarteState, EcarteView

GOLDEN = Path(__file__).parent / "golden"


def render(view: EcarteView) -> str:
    who = "public" if view.viewer == PUBLIC else f"seat {view.viewer}"
    tricks = " | ".join(format_cards(t.cards) + (f">{t.winner}" if t.winner is not None else "")
                        for t in view.tricks)
    parts = [
        f"{who}: phase={view.phase.name.lower()} actor={view.actor} dealer={view.dealer}",
        f"  hand=[{format_cards(view.hand)}] discards=[{format_cards(view.my_discards)}]"
        f" exposed=[{format_cards(view.exposed[0])}]/[{format_cards(view.exposed[1])}]",
        f"  trump={view.trump_card} talon={view.talon_size} sizes={view.hand_sizes} score={view.score}"
        f" tricks_won={view.tricks_won} king={view.king_marked_by}",
        f"  tricks: {tricks}",
        f"  history: {'; '.join(f'{a} {act}' for a, act in view.history)}",
        f"  legal: {', '.join(str(a) for a in view.legal_actions)}",
    ]
    return "\n".join(parts)


def transcript(state: EcarteState, script: list[str], steps: int) -> str:
    lines: list[str] = []
    for step in range(steps):
        if state.is_terminal:
            break
        action = script[step] if step < len(script) else str(state.legal_actions()[0])
        state.apply_text(action)
        lines.append(f"== {step}: {action}")
        lines += [render(state.view(viewer)) for viewer in (0, 1, PUBLIC)]
    return "\n".join(lines) + "\n"


CASES = {
    "ecarte_seed_5": (EcarteRules(), 5, [], 24),
    "ecarte_seed_8_exchanges": (EcarteRules(), 8, ["propose", "accept", "discard", "discard"], 24),
    "ecarte_table_look_discard": (EcarteRules(mode=Mode.TABLE), 13,
                                  ["propose", "accept", "discard", "discard", "! look-discard 1"], 16),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_per_seat_transcripts(name: str) -> None:
    """E-§4.4, ECARTE-VI.4, ECARTE-VI.6: every seat's view, step by step, matches the reviewed golden file."""
    rules, seed, script, steps = CASES[name]
    state = EcarteState.new(rules, seed=seed, first_dealer=0)
    text = transcript(state, _complete_discards(state, script), steps)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("ACADEMIE_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def _complete_discards(state: EcarteState, script: list[str]) -> list[str]:
    """Fill bare ``discard`` steps with the first card of the discarding hand (known only once dealt)."""
    probe = state.clone()
    filled = []
    for line in script:
        if line == "discard":
            seat = probe.actor
            assert isinstance(seat, int)
            line = f"discard {probe.hand(seat)[0]}"
        probe.apply_text(line)
        filled.append(line)
    return filled
