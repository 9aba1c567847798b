INSERT INTO addresses (user_id, street, city) SELECT id, street, city FROM users WHERE street IS NOT NULL OR city IS NOT NULL;
