"""La Triomphe's bots: the shared random bot, and the classical bot (:mod:`triomphe.bots.classical`)."""
