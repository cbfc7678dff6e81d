package main

// runAdviseFamily is `advise` for 5050, 5000 and zehntausend (issue 13).
func runAdviseFamily(e *env, args []string) int { return adviseNotBuilt(e, "5050/5000/zehntausend") }
