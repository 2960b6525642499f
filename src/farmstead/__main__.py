"""``python -m farmstead`` runs the CLI."""

from farmstead.cli.main import main

main()
