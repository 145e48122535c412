"""Self-play deals run here or spread over a Ray cluster, with the same results.

Each deal is fixed by its game, seed and seat levels (`hints.play_deal`: the AI seats draw
from random generators seeded by the deal), so where it runs changes nothing but the time:
`local` plays the deals one after the other in this process; `ray` sends them, a chunk of
deals per task, to a Ray cluster (`address`, or a Ray instance started here for the run)
and gives the results back in the deals' order. Ray is an optional extra:
`pip install 'moneycards[ray]'`, on every machine of the cluster.

Every AI level decides by work (sampled worlds), not by time, so strong seats give the same
results on either backend too; only the wall-clock safety cap, which normal play does not
reach, could make a decision differ. A seat may also be a player of one's own, named by its
import path (`module:attr`, moneycards/players.py): it is imported where the deal runs (on
Ray, every machine needs it), and what it decides is its own affair.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from moneycards.solver.errors import InvalidInput

BACKENDS = ("local", "ray")
CHUNK = 8  # deals per Ray task: a task costs about a millisecond, a deal 10 ms to seconds


@dataclass
class Deal:
    seed: int
    levels: list[str]
    result: Any  # the engine's Outcome
    timings: dict[str, list[float]] = field(default_factory=dict)  # level -> decision ms


def play_chunk(game: str, jobs: list[tuple[int, list[str]]],
               budget_ms: float | None) -> list[Deal]:
    from moneycards.players import resolve
    from moneycards.solver.hints import play_deal

    out = []
    players: dict[tuple[str, ...], list[Any]] = {}  # one player object per seat for the run
    for seed, levels in jobs:
        timings: dict[str, list[float]] = {}
        seats = players.setdefault(tuple(levels), resolve(levels))
        state = play_deal(game, seed, seats, budget_ms, timings=timings)
        out.append(Deal(seed, levels, state.result, timings))
    return out


def ray_module(address: str | None) -> Any:
    """Ray, connected to the cluster at `address` (a local instance when None)."""
    try:
        import ray
    except ImportError:
        raise InvalidInput("the ray backend needs Ray: pip install 'moneycards[ray]'",
                           field="--backend") from None
    if not ray.is_initialized():
        # A local instance (no address) can miss its start-up deadline on a busy machine:
        # it is started once more before giving up.
        attempts = 2 if address is None else 1
        for attempt in range(1, attempts + 1):
            try:
                ray.init(address=address, include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
                break
            except Exception as err:  # Ray's start-up raises many kinds; all mean "no cluster"
                ray.shutdown()
                if attempt == attempts:
                    where = f"at {address}" if address else "on this machine"
                    raise InvalidInput(f"cannot start or reach a Ray cluster {where}: {err}",
                                       field="--address") from None
    return ray


def play_deals(game: str, jobs: Iterable[tuple[int, list[str]]], budget_ms: float | None,
               backend: str = "local", address: str | None = None,
               chunk: int = CHUNK) -> Iterator[Deal]:
    """The deals (seed, seat levels) played on `backend`, in the order given."""
    if backend not in BACKENDS:
        raise InvalidInput(f"backend is one of {', '.join(BACKENDS)}", field="--backend")
    if address is not None and backend != "ray":
        raise InvalidInput("--address names a Ray cluster: use it with --backend ray",
                           field="--address")
    if backend == "local":
        for job in jobs:
            yield from play_chunk(game, [job], budget_ms)
        return
    ray = ray_module(address)
    task = ray.remote(play_chunk)
    window = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    pending: deque[Any] = deque()
    batch: list[tuple[int, list[str]]] = []
    for job in jobs:
        batch.append(job)
        if len(batch) == chunk:
            pending.append(task.remote(game, batch, budget_ms))
            batch = []
            while len(pending) >= window:
                yield from ray.get(pending.popleft())
    if batch:
        pending.append(task.remote(game, batch, budget_ms))
    while pending:
        yield from ray.get(pending.popleft())
