-- Who logged each record, when it says (`logged_by`): the device a page of `chronicle serve`
-- named ("Bo's phone"), or the `X-Chronicle-Device` header of a script. NULL for a record
-- written at the command line, and for every record written before this version.

ALTER TABLE entry ADD COLUMN logged_by TEXT;
