-- 1.1.0 gave notes a title: a note written before takes the first line of its body.
UPDATE notes SET title = substr(body, 1, instr(body || char(10), char(10)) - 1) WHERE title = '' AND body IS NOT NULL;
