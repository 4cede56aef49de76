-- A statement's own check (decision 0061): placement sends its write and COMMIT together, so what the
-- server checked of the write's result before committing is checked by the write itself, and a failed
-- check raises inside it, which rolls the transaction back. 40001 makes the caller start the batch over.
CREATE FUNCTION raise_unless(ok boolean, code text, msg text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = code, MESSAGE = msg;
  END IF;
  RETURN true;
END
$$;
