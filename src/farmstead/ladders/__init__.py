"""Published strength ladders: one ``GAME.json`` of figures per game (Elo with intervals,
head to head, the command and seeds), written by ``farmstead ladder GAME --publish`` beside the
HTML report in ``docs/ladder/``. The web lobby and ``farmstead agents`` name each difficulty
level by its Elo from here (``farmstead.lab.ladder.level_rating``)."""
