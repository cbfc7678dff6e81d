package main

// runAdviseKniffel is `advise kniffel` (issue 14).
func runAdviseKniffel(e *env, args []string) int { return adviseNotBuilt(e, "kniffel") }
