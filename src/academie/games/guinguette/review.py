"""What the review of a played partie (:mod:`academie.review`) needs of this game: its unit and thresholds.

A deal is valued by the **tokens** the seat wins or loses in it, every decision by play-outs of the deal (the
registry's defaults: every legal choice, no exact solver). Marks: a slip costs 0.5 tokens or more on average, a
mistake 1.5, a blunder 3.
"""

from __future__ import annotations

from typing import Final

from academie.registry import every_choice as choices
from academie.registry import fixed_thresholds
from academie.registry import no_exact_answer as exact
from academie.registry import no_play_model as play_model
from academie.registry import no_world_values as world_values
from academie.registry import seat_points as outcome

UNIT: Final = "tokens"
thresholds = fixed_thresholds(0.5, 1.5, 3.0)
__all__ = ["UNIT", "choices", "exact", "outcome", "play_model", "thresholds", "world_values"]
