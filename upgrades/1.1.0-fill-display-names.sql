-- 1.1.0 adds users.display_name (NOT NULL). Existing users get the part of their email
-- before '@'; the column is added nullable before this script and tightened after it.
UPDATE users
   SET display_name = CASE WHEN instr(email, '@') > 1
                           THEN substr(email, 1, instr(email, '@') - 1)
                           ELSE email END
 WHERE display_name IS NULL;
