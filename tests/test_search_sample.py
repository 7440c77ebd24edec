"""The shipped sample of rounds of search players (jasslib/data/search_sample.parquet): its size, seed and budget,
and some of its rounds played again."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from jasslib import simulation as sim


def test_the_shipped_search_rounds_play_again():
    df = sim.search_sample()
    assert len(df) == sim.SEARCH_SAMPLE_ROUNDS >= 300 and (df.seed == sim.SEARCH_SAMPLE_SEED).all()
    assert (df.players == "search/search/search/search").all() and df.deal.tolist() == list(range(len(df)))
    for deal in (0, 157, 291):
        again = sim.chunk_frame(deal, 1, "search", seed=sim.SEARCH_SAMPLE_SEED, search_samples=sim.SEARCH_SAMPLES)
        pd.testing.assert_frame_equal(again, df.iloc[deal:deal + 1].reset_index(drop=True))


def test_the_shipped_sample_is_packaged():
    assert (Path(sim.__file__).parent / "data" / "search_sample.parquet").is_file()
    with pytest.raises(ValueError, match="deals 0..299"):
        sim.search_sample(301)
