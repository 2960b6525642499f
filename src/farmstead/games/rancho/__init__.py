"""Super Farmer Rancho: dice, breeding, pastures and predators (rules spec: rules/rancho.md)."""
