"""Public test helpers: the conformance checker every registered game must pass."""

from farmstead.testing.conformance import ConformanceError, ConformanceReport, check_game

__all__ = ["ConformanceError", "ConformanceReport", "check_game"]
