"""Race to Twenty: a tiny game published by a package outside farmstead, to prove that a game
plugs in through the ``farmstead.games`` entry-point group alone."""
