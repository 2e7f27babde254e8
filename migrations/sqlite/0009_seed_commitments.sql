-- Each stage's seed is sealed when the stage starts (issue 35): the channel is told the SHA-256
-- of the seed and of a random salt, and both are told when the stage ends, so anyone can check
-- that the seed the stage was refereed with is the one sealed before the first choice. `salt`
-- is that salt, 32 hexadecimal digits. A stage stored before this release was never sealed:
-- NULL says so, and its seed is told at its end without a commitment to check it against.
ALTER TABLE stages ADD COLUMN salt TEXT;
