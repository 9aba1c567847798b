UPDATE notes SET user_id = NULL WHERE user_id NOT IN (SELECT id FROM users);
