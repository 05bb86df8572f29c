-- An applicant saves the same application again and again, and most saves change no indexed column.
-- PostgreSQL then writes the new version beside the old one without touching the table's sixteen
-- indexes (a HOT update), if the page has room for it; the old version's space is reclaimed when the
-- page is next read. A row is about 1.7 KB, so full pages held four and had no room: every save added
-- an entry to every index. Pages filled to 70 % keep at least 2.4 KB free, room for one more version
-- of any row up to that size; at this size they hold three rows, as 80 % would (docs/PERFORMANCE.md,
-- thirty-fifth round). Rows written from now on leave the room.
ALTER TABLE "applications" SET (fillfactor = 70);
