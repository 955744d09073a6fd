"""Counters, boxes, pots and points. Every movement is a transfer that cites its reason; the books balance.

Accounts are seats (``0..n-1``) or named accounts (a box, a pot, the marker that points come from). A transfer
moves ``amount`` from one account to another and names the rule or law that caused it, so the sum of all
balances is always zero and every point can be traced to its ID.

>>> ledger = Ledger(seats=2)
>>> _ = ledger.transfer(MARKER, 1, 2, "ECARTE-VI.7")
>>> ledger.balance(1), ledger.balance(MARKER), ledger.total()
(2, -2, 0)
>>> str(ledger.entries[0])
'marker -> seat 1: 2 (ECARTE-VI.7)'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from academie.engine import AcademieError

Account = int | str
"""A seat number or the name of a box, pot or marker."""

MARKER = "marker"
"""Where points come from in games that only score points (Écarté, Whist)."""


class LedgerError(AcademieError, ValueError):
    """A transfer that cannot be made (unknown account, non-positive amount, missing reason)."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """``amount`` moved from ``source`` to ``target`` because of rule or law ``reason``."""

    source: Account
    target: Account
    amount: int
    reason: str

    def __str__(self) -> str:
        return f"{_name(self.source)} -> {_name(self.target)}: {self.amount} ({self.reason})"


_transfer: Final = lru_cache(maxsize=4096, typed=True)(Transfer)
"""A :class:`Transfer`, shared by every ledger that makes the same one (it is immutable): a deal's points are one
of a few transfers (a point to a seat for a rule), and making a frozen dataclass costs more than finding it."""


def _name(account: Account) -> str:
    return f"seat {account}" if isinstance(account, int) else account


class Ledger:
    """A double-entry book of transfers between seats and named accounts."""

    __slots__ = ("_balances", "entries", "seats")

    def __init__(self, *, seats: int, accounts: tuple[str, ...] = (MARKER,)) -> None:
        self.seats = seats
        balances: dict[Account, int] = dict.fromkeys(range(seats), 0)  # a partie makes one: no comprehension
        for name in accounts:
            balances[name] = 0
        self._balances = balances
        self.entries: list[Transfer] = []

    def transfer(self, source: Account, target: Account, amount: int, reason: str) -> Transfer:
        """Move ``amount`` (> 0) from ``source`` to ``target``, citing ``reason`` (a rule or law ID)."""
        if source not in self._balances or target not in self._balances:
            known = ", ".join(_name(a) for a in self._balances)
            raise LedgerError(f"unknown account in {source!r} -> {target!r}; accounts: {known}")
        if amount <= 0 or not reason:
            raise LedgerError(f"a transfer needs a positive amount and a reason, got {amount} and {reason!r}")
        entry = _transfer(source, target, amount, reason)
        self._balances[source] -= amount
        self._balances[target] += amount
        self.entries.append(entry)
        return entry

    def balance(self, account: Account) -> int:
        return self._balances[account]

    def balances(self) -> dict[Account, int]:
        return dict(self._balances)

    def seat_balances(self) -> tuple[int, ...]:
        return tuple(self._balances[seat] for seat in range(self.seats))

    def total(self) -> int:
        """Always zero: what one account gains another has lost."""
        return sum(self._balances.values())

    def copy(self) -> Ledger:
        twin = Ledger.__new__(Ledger)
        twin.seats = self.seats
        twin._balances = dict(self._balances)
        twin.entries = list(self.entries)
        return twin
