-- bigint_sum: a sum of bigints that stays a bigint (issue 31 line 2). sum(bigint) accumulates in a 128-bit
-- state and returns numeric, which the settlement figures then cast back to bigint: for the booking's
-- 400,000 place rows into 160,920 figures, a numeric built and converted per sum and group. int8pl is
-- bigint addition; it raises an error on overflow (as the cast of a numeric sum to bigint would), and like
-- sum it is null over no rows or only nulls (a strict step function with no initial state starts from the
-- first value).
CREATE AGGREGATE bigint_sum(bigint) (SFUNC = int8pl, STYPE = bigint, COMBINEFUNC = int8pl, PARALLEL = SAFE);
