"""The classic Wingspan base game (4 rounds, mats, feeder dice, tray, bonus cards, goals)."""
