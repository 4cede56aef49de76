-- Who set an account's status directly (its acting account), while that status is not Active: an account
-- below that one cannot lift it (an agent does not undo its company's suspension of a player). Null for an
-- active account and for one flagged because an upline was (flagged_by_user_id says which).
ALTER TABLE "users" ADD COLUMN "status_set_by" integer;
