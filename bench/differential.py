"""The full differential samples: every test under the `slow` marker (the default run keeps
one chunk of each CP-SAT-against-oracle comparison; this runs all of them).

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
