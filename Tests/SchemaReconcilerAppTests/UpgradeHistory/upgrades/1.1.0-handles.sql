UPDATE users SET handle = 'user-' || id WHERE handle IS NULL;
