"""The balance lab: playing games between agents, tournaments and statistics."""

from farmstead.lab.play import play_game
from farmstead.lab.stats import wilson_interval

__all__ = ["play_game", "wilson_interval"]
