"""The test suite, with its shared helpers and the toy game `tests.toygame`."""
