"""Livestock Uprising: farm-animal factions with generals, troops, harvests, battles, command
cards and super armies on a square farm board (rules/livestock_uprising.md)."""
