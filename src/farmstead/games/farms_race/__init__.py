"""Farms Race: mutated farm animals race to a target of Victory Points on a map of 25 hex
regions — herds, humans, combat, Barns and Armories, resources from dice (rules/farms_race.md)."""
