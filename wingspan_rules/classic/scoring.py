"""Classic scoring: end-of-round goals and the final tally (filled in with the goal cards)."""
