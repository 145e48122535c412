"""`python -m moneycards` is the `moneycards` command."""

from moneycards.cli.main import main

if __name__ == "__main__":
    main()
