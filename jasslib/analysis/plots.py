"""Plots of simulated rounds, one panel or box per contract (matplotlib, the ``notebooks`` extra)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .. import _check
from ..errors import ArgumentError, excerpt
from ..simulation import CONTRACT_NAMES

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["hist_grid", "box_by_contract"]


def _as_frames(frames: pd.DataFrame | Mapping[str, pd.DataFrame], column: str) -> dict[str, pd.DataFrame]:
    import pandas as pd

    data = {"": frames} if isinstance(frames, pd.DataFrame) else dict(frames) if isinstance(frames, Mapping) else None
    if not data or len(data) > 20:
        raise ArgumentError(f"frames: a frame of simulate, or a dict of up to 20 labelled frames, "
                            f"got {excerpt(frames)}")
    for label, df in data.items():
        _check.frame(df, f"frame {excerpt(label)}", ("contract", column))
    return data


def hist_grid(
    frames: pd.DataFrame | Mapping[str, pd.DataFrame],
    column: str = "trick_points_0",
    bins: int | Sequence[float] = 40,
    title: str | None = None,
) -> Figure:
    """Small multiples: one histogram panel per contract of ``column``, one outline per labelled frame
    (densities, so frames of different sizes compare).  Returns the matplotlib figure.
    """
    data = _as_frames(frames, column)  # checked before matplotlib is loaded (that takes a while)
    if not (_check.is_whole(bins) and 1 <= bins <= 1_000
            or not isinstance(bins, (str, bytes)) and hasattr(bins, "__len__") and 2 <= len(bins) <= 1_001):
        raise ArgumentError(f"bins: a number of bins from 1 to 1,000, or the bin edges, got {excerpt(bins)}")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 3, figsize=(12, 6), sharex=True, sharey=True, constrained_layout=True)
    for ax, contract in zip(axes.flat, CONTRACT_NAMES):
        for label, df in data.items():
            values = df.loc[df["contract"] == contract, column]
            if len(values):
                ax.hist(values, bins=bins, density=True, histtype="step", linewidth=1.5, label=label or None)
        ax.set_title(contract)
    for ax in axes[-1]:
        ax.set_xlabel(column)
    if any(data):
        axes.flat[0].legend(fontsize="small")
    fig.suptitle(title or f"{column} per contract")
    return fig


def box_by_contract(frames: pd.DataFrame | Mapping[str, pd.DataFrame], column: str = "trick_points_0",
                    title: str | None = None) -> Figure:
    """Box plots of ``column`` per contract, one box per labelled frame side by side (whiskers at the 5th
    and 95th percentiles, means marked).  Returns the matplotlib figure.
    """
    data = _as_frames(frames, column)  # checked before matplotlib is loaded (that takes a while)
    import matplotlib.pyplot as plt

    k = len(data)
    width = 0.8 / k
    fig, ax = plt.subplots(figsize=(12, 4.5), constrained_layout=True)
    for i, (label, df) in enumerate(data.items()):
        values = [df.loc[df["contract"] == c, column].to_numpy() for c in CONTRACT_NAMES]
        positions = [j + (i - (k - 1) / 2) * width for j in range(len(CONTRACT_NAMES))]
        parts = ax.boxplot(values, positions=positions, widths=width * 0.9, whis=(5, 95), showmeans=True,
                           showfliers=False, patch_artist=True)
        for box in parts["boxes"]:
            box.set_facecolor(f"C{i}")
            box.set_alpha(0.5)
        if label:
            parts["boxes"][0].set_label(label)
    ax.set_xticks(range(len(CONTRACT_NAMES)), CONTRACT_NAMES)
    ax.set_ylabel(column)
    if any(data):
        ax.legend(fontsize="small")
    ax.set_title(title or f"{column} per contract")
    return fig
