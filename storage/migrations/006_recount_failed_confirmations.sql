-- 5050: a bust counts as a failed confirmation whenever a 1500 still waits
-- for its confirmation, from its hot dice until a new pass holds 350 (the
-- engine counted only a bust on the very first throw after the 1500).
-- Telling a 1500 from the stored dice needs the rules engine: the recount
-- of turns.failed and turn_stats.failed is the Go step of this migration
-- (recountFailedConfirmations in storage/recount.go).
SELECT 1;
