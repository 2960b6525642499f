"""Animal Farm: a 2-player raid for the feed piles on a zoned grid (rules/animal_farm.md)."""
