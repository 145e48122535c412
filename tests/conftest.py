import contextlib
import os
import pathlib
import shutil
import tempfile

import grpc
import pytest

# A server started by a test keeps its tables in memory, and a deal played by a test is
# saved in a throw-away folder: never in the user's data folder.
os.environ.setdefault("MONEYCARDS_DB", ":memory:")
_DATA_HOME = tempfile.mkdtemp(prefix="moneycards-tests-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME


def pytest_unconfigure(config):
    """The throw-away data folder goes when its test process ends (each xdist worker and
    the controller has its own)."""
    shutil.rmtree(_DATA_HOME, ignore_errors=True)


@pytest.fixture(scope="session")
def server_address():
    """A real server on an ephemeral loopback port, for the whole test session."""
    from moneycards.server.app import build_server

    server, port = build_server("127.0.0.1", 0, workers=4)
    yield f"127.0.0.1:{port}"
    server.stop(grace=None)


@pytest.fixture(scope="session")
def channel(server_address):
    ch = grpc.insecure_channel(server_address)
    grpc.channel_ready_future(ch).result(timeout=10)
    yield ch
    ch.close()


# -- table stores: SQLite always, PostgreSQL where one is given -----------------------------
# MONEYCARDS_TEST_POSTGRES is the URL of a PostgreSQL server the tests may create databases
# in (`.ci/postgres start DIR` starts a throw-away one and prints it); .ci/run sets it and
# MONEYCARDS_REQUIRE_POSTGRES, which turns the PostgreSQL tests' skip into a failure.
POSTGRES = os.environ.get("MONEYCARDS_TEST_POSTGRES", "")


def postgres_missing() -> str:
    """Why the PostgreSQL tests cannot run here ("" if they can)."""
    if not POSTGRES:
        return ("no PostgreSQL: set MONEYCARDS_TEST_POSTGRES=postgresql://... (`.ci/postgres "
                "start DIR` starts a throw-away cluster and prints its URL)")
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        return "psycopg is not installed: pip install -c constraints.txt -e '.[test]'"
    return ""


@contextlib.contextmanager
def fresh_postgres():
    """A fresh, empty PostgreSQL database's URL, dropped afterwards; skips the test (fails
    it under MONEYCARDS_REQUIRE_POSTGRES) where there is no PostgreSQL."""
    import uuid

    why = postgres_missing()
    if why:
        if os.environ.get("MONEYCARDS_REQUIRE_POSTGRES"):
            pytest.fail(f"MONEYCARDS_REQUIRE_POSTGRES is set but {why}")
        pytest.skip(why)
    import psycopg

    name = "moneycards_" + uuid.uuid4().hex[:12]
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    head, _, _ = POSTGRES.rpartition("/")
    # Stores a test opens and leaves open are closed before their database is dropped: a pool
    # left behind reconnects to a database gone, its warnings read in a later test's log.
    from moneycards.server.pgstore import PostgresStore

    opened: list[PostgresStore] = []
    init = PostgresStore.__init__

    def tracked(self, *args, **kwargs):
        init(self, *args, **kwargs)
        opened.append(self)

    PostgresStore.__init__ = tracked  # type: ignore[method-assign]
    try:
        yield f"{head}/{name}"
    finally:
        PostgresStore.__init__ = init  # type: ignore[method-assign]
        for store in opened:
            store.close_connection()
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgres"])
def store_db(request, tmp_path):
    """A table store for the test to open (`moneycards serve --db` takes it): an SQLite file,
    then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "tables.db")
    else:
        with fresh_postgres() as url:
            yield url


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def module_store_db(request, tmp_path_factory):
    """`store_db` shared by a module's tests."""
    if request.param == "sqlite":
        yield str(tmp_path_factory.mktemp("store") / "tables.db")
    else:
        with fresh_postgres() as url:
            yield url


# -- the TypeScript example, built apart ------------------------------------------------------
TS_EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "ts"


def ts_example_in(where: pathlib.Path, *, compile: bool = True) -> pathlib.Path:
    """examples/ts copied to `where` (its packages linked) with its code generated from the
    project's protos, and compiled to `where`/dist unless `compile` is false: each test
    builds its own, so no build rewrites files another test is running (as examples/ts's
    README says to build a copy)."""
    import subprocess
    import sys

    root = TS_EXAMPLE.parents[1]
    shutil.copytree(TS_EXAMPLE, where, ignore=shutil.ignore_patterns("node_modules", "dist",
                                                                      "gen"))
    (where / "node_modules").symlink_to(TS_EXAMPLE / "node_modules")
    venv = pathlib.Path(sys.executable).parent
    buf = shutil.which("buf", path=f"{venv}{os.pathsep}{os.environ.get('PATH', '')}") or "buf"
    steps = [[buf, "generate", str(root / "proto")]]
    if compile:
        steps.append(["node", str(TS_EXAMPLE / "node_modules" / "typescript" / "bin" / "tsc"),
                      "-p", "."])
    for step in steps:
        r = subprocess.run(step, cwd=where, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stdout + r.stderr
    return where
