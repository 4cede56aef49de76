-- The request id of an API log entry (issue 30 line 6, decision 0050): the X-Request-Id its answer carried
-- and its server log lines' reqId, so an entry and the log lines of the same call are found together.
-- Entries written before it have none.
ALTER TABLE "api_logs" ADD COLUMN "request_id" text;
