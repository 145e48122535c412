"""The full samples: every test under the `slow` marker. The default run keeps a slice of
each CP-SAT-against-oracle comparison, a third of the random deals and 25 examples per fuzz
target; this runs all of them (100 examples per fuzz target, MONEYCARDS_FUZZ_EXAMPLES to
change it).

    python bench/differential.py            # pytest -m slow, with the time each test took
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

if __name__ == "__main__":
    sys.exit(subprocess.call([sys.executable, "-m", "pytest", "-m", "slow", "-q",
                              "--durations=0", *sys.argv[1:]], cwd=ROOT))
